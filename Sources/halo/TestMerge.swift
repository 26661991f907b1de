import Foundation
import Halo
import HaloTesting

/// `halo test --merge REPORT.xml...`: the JUnit reports of several runs (a sharded suite's
/// shards, typically) as one: the whole suite's table on stdout, one JUnit report, and an
/// HTML summary.
enum TestMerge {
    /// The only options that go with --merge (besides --help).
    static let options: [CommandOption] = [.merge, .junit, .html]

    /// Merges the reports named by the operands; the exit status as a run's: 0 every image
    /// passed or was recorded, 1 one failed, 2 one could not run, or bad input.
    static func run(_ args: Arguments) throws -> Int32 {
        for o in CommandOption.taken(by: .test) where args.given(o) && !options.contains(where: { $0.key == o.key }) {
            throw UsageError("--merge reads reports and runs nothing: expected only --junit and --html with it, found \(o.names.last!)")
        }
        let paths = args.operands
        let reports = try CommandFailure.exiting(2) { try paths.map { try JUnitReport(contentsOf: $0) } }
        let merged = try CommandFailure.exiting(2) { try merge(reports, from: paths) }
        let cases = merged.suites.flatMap(\.cases)
        print(table(cases))
        let count = { (status: String) in cases.filter { $0.outcome.status == status }.count }
        var parts = ["\(count("pass")) passed", "\(count("FAIL")) failed"]
        if count("recorded") > 0 { parts.append("\(count("recorded")) recorded") }
        if count("ERROR") > 0 { parts.append("\(count("ERROR")) errors") }
        print("\(cases.count) images: " + parts.joined(separator: ", ") + " (merged from \(paths.count) report\(paths.count == 1 ? "" : "s"))")
        var status: Int32 = count("ERROR") > 0 ? 2 : count("FAIL") > 0 ? 1 : 0
        let outputs: [(String?, () -> String)] = [(args.value(.junit), { merged.xml() }), (args.value(.html), { html(merged, reports: paths.count) })]
        for case (let path?, let text) in outputs {
            if !TestReports.write(text(), to: path) { status = 2 }
        }
        return status
    }

    /// One report of `reports` (read from `paths`): suites of one name become one, their
    /// cases in scene-file order (a whole run's order when the shards ran on one checkout),
    /// times summed, the shard property dropped.
    /// - Throws: ``UsageError`` when a case is in two reports, or when the reports of a
    ///   suite run in N shards are not shards 1...N once each (a shard's report missing).
    static func merge(_ reports: [JUnitReport], from paths: [String]) throws -> JUnitReport {
        var order: [String] = []
        var parts: [String: [(suite: JUnitReport.Suite, path: String)]] = [:]
        for (report, path) in zip(reports, paths) {
            for suite in report.suites {
                if parts[suite.name] == nil { order.append(suite.name) }
                parts[suite.name, default: []].append((suite, path))
            }
        }
        var suites: [JUnitReport.Suite] = []
        for name in order {
            let group = parts[name]!
            try checkShards(group, suite: name)
            var seen: [String: String] = [:]
            for (suite, path) in group {
                for c in suite.cases {
                    if let other = seen[c.name] {
                        throw UsageError("--merge: \(c.name) of \(name) is in two reports, \(other) and \(path) (each scene belongs to one shard)")
                    }
                    seen[c.name] = path
                }
            }
            var properties: [(name: String, value: String)] = []
            for p in group[0].suite.properties where p.name != "shard" {
                var values: [String] = []
                for (suite, _) in group { if let v = suite.property(p.name), !values.contains(v) { values.append(v) } }
                properties.append((p.name, values.joined(separator: ", ")))
            }
            let cases = group.flatMap { $0.suite.cases }.enumerated().sorted { ($0.element.file, $0.offset) < ($1.element.file, $1.offset) }.map(\.element)
            suites.append(.init(name: name, properties: properties, seconds: group.map { $0.suite.seconds }.reduce(0, +), cases: cases))
        }
        return JUnitReport(suites: suites)
    }

    /// Refuses a sharded suite whose reports are not shards 1...N of one N, once each.
    private static func checkShards(_ group: [(suite: JUnitReport.Suite, path: String)], suite name: String) throws {
        let shards = group.map { $0.suite.property("shard").flatMap(SuiteShard.init(parsing:)) }
        let given = shards.compactMap { $0 }
        guard !given.isEmpty else { return }
        let n = given[0].count
        let expected = "the reports of shards 1/\(n) ... \(n)/\(n) of \(name), one each"
        if given.count != shards.count || given.contains(where: { $0.count != n }) || Set(given.map(\.index)).count != given.count || given.count != n {
            let found = shards.map { $0?.description ?? "unsharded" }.joined(separator: ", ")
            let missing = (1...n).filter { k in !given.contains { $0.index == k && $0.count == n } }.map { "\($0)/\(n)" }
            throw UsageError("--merge: expected \(expected), found \(found)" + (missing.isEmpty ? "" : " (missing \(missing.joined(separator: ", ")))"))
        }
    }

    /// The merged table: scene, result, render time; then each failure's and error's message.
    static func table(_ cases: [JUnitReport.Case]) -> String {
        let width = max(5, cases.map(\.name.count).max() ?? 0)
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        var lines = [pad("SCENE", width) + "  RESULT        TIME"]
        for c in cases {
            let time = String(format: "%.1f ms", c.seconds * 1000)
            lines.append(pad(c.name, width) + "  " + pad(c.outcome.status, 8) + String(repeating: " ", count: max(0, 10 - time.count)) + time)
        }
        for c in cases {
            switch c.outcome {
            case .failure(_, let message, _): lines += ["", message]
            case .error(let e): lines += ["", "\(c.name): \(e)"]
            default: break
            }
        }
        return lines.joined(separator: "\n")
    }

    /// One page: the summary, then every image (failures and errors first) with its result,
    /// scene, time and message, and the paths of its artifacts on the machine that ran it.
    /// The images themselves are in each shard's own --html page.
    static func html(_ report: JUnitReport, reports: Int) -> String {
        let x = JUnitReport.escape
        let cases = report.suites.flatMap(\.cases)
        let failing = cases.filter { $0.outcome.status == "FAIL" || $0.outcome.status == "ERROR" }
        let title = "halo test: " + report.suites.map(\.name).joined(separator: ", ")
        var s = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>\(x(title))</title>
        <style>
        \(TestReports.style)
        </style></head><body>
        <h1>\(x(title))</h1>

        """
        let recorded = cases.filter { $0.outcome.status == "recorded" }.count
        s += "<p class=\"summary\">\(cases.count) images: \(cases.count - failing.count - recorded) passed, \(failing.count) failed or errors, "
            + "\(recorded) recorded · merged from \(reports) report\(reports == 1 ? "" : "s") · "
            + x(report.suites.flatMap(\.properties).map { "\($0.name) \($0.value)" }.joined(separator: " · ")) + "</p>\n"
        for c in failing + cases.filter({ !failing.contains($0) }) {
            let cls = ["FAIL": "fail", "ERROR": "error", "recorded": "new"][c.outcome.status] ?? "pass"
            s += "<section class=\"\(cls)\"><h2><span class=\"status\">\(c.outcome.status)</span>\(x(c.name))</h2>\n"
            s += "<p class=\"meta\">\(x("scene \(c.file) · " + String(format: "%.1f ms", c.seconds * 1000)))</p>\n"
            switch c.outcome {
            case .failure(_, let message, let attachments):
                s += "<p class=\"reason\">\(x(message))</p>\n"
                if !attachments.isEmpty { s += "<p class=\"meta\">artifacts: \(x(attachments.joined(separator: " · ")))</p>\n" }
            case .error(let e): s += "<p class=\"reason\">\(x(e))</p>\n"
            case .recorded(let message): s += "<p class=\"meta\">\(x(message))</p>\n"
            case .passed: break
            }
            s += "</section>\n"
        }
        return s + "</body></html>\n"
    }
}
