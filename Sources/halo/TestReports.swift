import Foundation
import Halo
import HaloTesting

/// The JUnit XML and HTML reports of a `halo test` run.
enum TestReports {
    /// JUnit XML as CI systems read it (Jenkins, GitLab, GitHub actions' test reporters):
    /// one `<testsuite>` for DIR, one `<testcase>` per image; a mismatch is a `<failure>`,
    /// a scene or reference that cannot be read an `<error>`. Times in seconds.
    static func junit(_ run: TestRun, seconds: Double) -> String {
        let failures = run.cases.filter { $0.error == nil && $0.failed }.count
        let errors = run.cases.filter { $0.error != nil }.count
        let suite = xml(run.directory)
        var s = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="halo test" tests="\(run.cases.count)" failures="\(failures)" errors="\(errors)" time="\(fmt(seconds))">
          <testsuite name="\(suite)" tests="\(run.cases.count)" failures="\(failures)" errors="\(errors)" skipped="0" time="\(fmt(seconds))" timestamp="\(ISO8601DateFormatter().string(from: Date()))">
            <properties>
              <property name="backend" value="\(run.options.backend.rawValue)"/>
              <property name="record" value="\(run.options.record.rawValue)"/>
            </properties>

        """
        for c in run.cases {
            let time = c.result?.renderSeconds ?? 0
            let dot = c.name.lastIndex(of: "/").map { "halo." + c.name[..<$0].replacingOccurrences(of: "/", with: ".") } ?? "halo"
            s += "    <testcase classname=\"\(xml(dot))\" name=\"\(xml(c.name))\" file=\"\(xml(c.sceneFile))\" time=\"\(fmt(time))\""
            if let e = c.error {
                s += ">\n      <error message=\"\(xml(e))\" type=\"unreadable\">\(xml(e))</error>\n    </testcase>\n"
            } else if let r = c.result, !r.passed {
                s += ">\n      <failure message=\"\(xml(r.failureReason ?? "failed"))\" type=\"mismatch\">\(xml(r.message))</failure>\n"
                let files = [r.artifacts?.actual, r.artifacts?.expected, r.artifacts?.diff].compactMap { $0 }
                if !files.isEmpty {
                    // The attachment convention of Jenkins' JUnit attachments plugin and GitLab.
                    s += "      <system-out>\(files.map { "[[ATTACHMENT|\(xml($0))]]" }.joined(separator: "\n"))</system-out>\n"
                }
                s += "    </testcase>\n"
            } else if let r = c.result, r.outcome == .recorded {
                s += ">\n      <system-out>\(xml(r.message))</system-out>\n    </testcase>\n"
            } else {
                s += "/>\n"
            }
        }
        s += "  </testsuite>\n</testsuites>\n"
        return s
    }

    /// One self-contained page: a summary, then for every image (failures and errors
    /// first) its verdict, measurements and expected / actual / diff side by side,
    /// each a PNG inlined as a data: URL and drawn with square pixels.
    static func html(_ run: TestRun) -> String {
        var s = """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>halo test: \(xml(run.directory))</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; background: #f6f6f8; color: #1d1d1f; }
        h1 { font-size: 20px; margin: 0 0 4px; } .summary { margin: 0 0 20px; color: #555; }
        section { background: #fff; border-radius: 10px; padding: 12px 16px; margin: 0 0 14px; box-shadow: 0 1px 3px #0002; border-left: 6px solid #34c759; }
        section.fail { border-left-color: #ff3b30; } section.error { border-left-color: #af52de; } section.new { border-left-color: #007aff; }
        h2 { font-size: 15px; margin: 0 0 2px; font-family: ui-monospace, monospace; } .status { font-weight: 600; margin-right: 8px; }
        .fail .status { color: #d70015; } .meta { color: #555; margin: 0 0 8px; } .reason { color: #d70015; margin: 0 0 8px; white-space: pre-wrap; }
        .images { display: flex; gap: 16px; flex-wrap: wrap; } figure { margin: 0; } figcaption { font-size: 12px; color: #555; }
        img { image-rendering: pixelated; border: 1px solid #ccc; background: repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        </style></head><body>
        <h1>halo test: \(xml(run.directory))</h1>

        """
        let failed = run.cases.filter(\.failed).count
        s += "<p class=\"summary\">\(run.cases.count) images: \(run.count("pass")) passed, \(failed) failed or errors, \(run.count("new") + run.count("recorded")) recorded · backend \(run.options.backend.rawValue) · record \(run.options.record.rawValue)</p>\n"
        for c in run.reportOrder {
            let cls = c.error != nil ? "error" : c.failed ? "fail" : (c.status == "new" || c.status == "recorded") ? "new" : "pass"
            s += "<section class=\"\(cls)\"><h2><span class=\"status\">\(c.status)</span>\(xml(c.name))</h2>\n"
            var meta = ["scene \(c.sceneFile)", "reference \(c.reference)", "tolerance \(c.tolerance)"]
            if let t = c.time { meta.append("time \(ReferenceTest.timeSuffix(t)) s") }
            if let cmp = c.result?.comparison {
                meta.append("max difference \(DiffCommand.levels(cmp.maxDifference))")
                meta.append("\(cmp.pixelsOver[0] ?? 0) pixels differ, \(c.pixelsOverTolerance ?? 0) over \(c.tolerance.maxDifference.upperBound)")
            }
            if let r = c.result { meta.append(String(format: "%.1f ms", r.renderSeconds * 1000)) }
            s += "<p class=\"meta\">\(xml(meta.joined(separator: " · ")))</p>\n"
            if let e = c.error {
                s += "<p class=\"reason\">\(xml(e))</p></section>\n"
                continue
            }
            guard let r = c.result else { s += "</section>\n"; continue }
            if let reason = r.failureReason { s += "<p class=\"reason\">\(xml(reason))</p>\n" }
            let diff = r.expected.flatMap { e in r.comparison.map { $0.heatMap(over: e) } }
            let scale = max(1, min(4, 240 / max(1, r.actual.width)))
            s += "<div class=\"images\">"
            s += figure("expected", r.expected, scale)
            s += figure("actual", r.actual, scale)
            s += figure("diff", diff, scale)
            s += "</div></section>\n"
        }
        s += "</body></html>\n"
        return s
    }

    private static func figure(_ caption: String, _ image: RGBA8Image?, _ scale: Int) -> String {
        guard let image, let data = pngData(image) else {
            return "<figure><figcaption>\(caption): none</figcaption></figure>"
        }
        return "<figure><img alt=\"\(caption)\" width=\"\(image.width * scale)\" height=\"\(image.height * scale)\" "
            + "src=\"data:image/png;base64,\(data.base64EncodedString())\"><figcaption>\(caption) (\(image.width)x\(image.height))</figcaption></figure>"
    }

    /// The PNG bytes of an image (written through libpng to a temporary file).
    private static func pngData(_ image: RGBA8Image) -> Data? {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("halo-report-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).png").path
        defer { unlink(path) }
        guard (try? PNG.write(image, to: path)) != nil else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// The five XML 1.0 predefined entities (XML 1.0, section 4.6).
    private static let entities: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;"]

    /// Text escaped for XML and HTML attribute values and content. XML 1.0 cannot carry
    /// control characters other than tab and line feed, even escaped: they become "?".
    static func xml(_ s: String) -> String {
        var out = ""
        for ch in s.unicodeScalars {
            if let entity = entities[ch] { out += entity }
            else if ch.value < 0x20 && ch != "\n" && ch != "\t" || ch.value == 0xFFFE || ch.value == 0xFFFF { out += "?" }
            else { out.unicodeScalars.append(ch) }
        }
        return out
    }

    private static func fmt(_ seconds: Double) -> String { String(format: "%.3f", seconds) }
}
