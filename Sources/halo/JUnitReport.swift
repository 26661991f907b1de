import Foundation

/// A JUnit XML report as `halo test --junit` writes it and `halo test --merge` reads it:
/// suites of test cases, one case an image.
///
/// The format is the one CI systems read (Jenkins, GitLab, GitHub Actions' test reporters):
/// `<testsuites>` holding `<testsuite>` elements with `<properties>`, each holding
/// `<testcase>` elements; a mismatch is a `<failure>`, a scene or reference that cannot be
/// read an `<error>`, a reference written by the run a `<system-out>` note. Times in seconds.
struct JUnitReport {
    var suites: [Suite]

    /// One `<testsuite>`: a folder of scenes checked by one run (or by its shards, merged).
    struct Suite {
        /// The folder of scenes as the run was given it.
        var name: String
        /// `<property>` names and values, in order (backend, record; shard for one shard).
        var properties: [(name: String, value: String)]
        /// The run's wall time, seconds (summed over merged shards).
        var seconds: Double
        var cases: [Case]

        /// The value of the property `name`, if the suite has it.
        func property(_ name: String) -> String? { properties.first { $0.name == name }?.value }
    }

    /// One `<testcase>`: a scene at one time, checked against one reference.
    struct Case: Equatable {
        /// "halo" plus the scene's folder under the suite's, dotted: `halo.group`.
        var classname: String
        /// The scene's path under the suite's folder without `.json`, plus `.tT` for a listed time.
        var name: String
        /// The scene file.
        var file: String
        /// Render time, seconds.
        var seconds: Double
        var outcome: Outcome
    }

    /// How a case ended.
    enum Outcome: Equatable {
        case passed
        /// A mismatch: the reason in a line, the whole message, and the artifacts' paths
        /// (actual, expected, diff), attached as Jenkins' JUnit attachments plugin and GitLab read them.
        case failure(reason: String, message: String, attachments: [String])
        /// The case could not run: an unreadable scene or reference, a GPU that failed.
        case error(String)
        /// The run wrote the reference (record modes missing, all, failed).
        case recorded(String)

        /// The word `halo test`'s table uses for it ("new" and "recorded" both read back as "recorded").
        var status: String {
            switch self {
            case .passed: return "pass"
            case .failure: return "FAIL"
            case .error: return "ERROR"
            case .recorded: return "recorded"
            }
        }
    }

    /// The whole report as XML 1.0 text; `timestamp` stamps each suite.
    func xml(timestamp: Date = Date()) -> String {
        let all = suites.flatMap(\.cases)
        let stamp = ISO8601DateFormatter().string(from: timestamp)
        var s = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites name="halo test" tests="\(all.count)" failures="\(Self.failures(all))" errors="\(Self.errors(all))" time="\(Self.fmt(suites.map(\.seconds).reduce(0, +)))">

        """
        for suite in suites {
            s += "  <testsuite name=\"\(Self.escape(suite.name))\" tests=\"\(suite.cases.count)\" failures=\"\(Self.failures(suite.cases))\" "
                + "errors=\"\(Self.errors(suite.cases))\" skipped=\"0\" time=\"\(Self.fmt(suite.seconds))\" timestamp=\"\(stamp)\">\n"
            s += "    <properties>\n"
            for p in suite.properties { s += "      <property name=\"\(Self.escape(p.name))\" value=\"\(Self.escape(p.value))\"/>\n" }
            s += "    </properties>\n\n"
            for c in suite.cases { s += Self.testcase(c) }
            s += "  </testsuite>\n"
        }
        return s + "</testsuites>\n"
    }

    private static func testcase(_ c: Case) -> String {
        let open = "    <testcase classname=\"\(escape(c.classname))\" name=\"\(escape(c.name))\" file=\"\(escape(c.file))\" time=\"\(fmt(c.seconds))\""
        switch c.outcome {
        case .passed:
            return open + "/>\n"
        case .error(let e):
            return open + ">\n      <error message=\"\(escape(e))\" type=\"unreadable\">\(escape(e))</error>\n    </testcase>\n"
        case .failure(let reason, let message, let attachments):
            var s = open + ">\n      <failure message=\"\(escape(reason))\" type=\"mismatch\">\(escape(message))</failure>\n"
            if !attachments.isEmpty {
                s += "      <system-out>\(attachments.map { "[[ATTACHMENT|\(escape($0))]]" }.joined(separator: "\n"))</system-out>\n"
            }
            return s + "    </testcase>\n"
        case .recorded(let message):
            return open + ">\n      <system-out>\(escape(message))</system-out>\n    </testcase>\n"
        }
    }

    private static func failures(_ cases: [Case]) -> Int {
        cases.filter { if case .failure = $0.outcome { return true } else { return false } }.count
    }

    private static func errors(_ cases: [Case]) -> Int {
        cases.filter { if case .error = $0.outcome { return true } else { return false } }.count
    }

    private static func fmt(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

    /// The five XML 1.0 predefined entities (XML 1.0, section 4.6).
    private static let entities: [Unicode.Scalar: String] = ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&apos;"]

    /// Text escaped for XML and HTML attribute values and content. XML 1.0 cannot carry
    /// control characters other than tab and line feed, even escaped: they become "?".
    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s.unicodeScalars {
            if let entity = entities[ch] { out += entity }
            else if ch.value < 0x20 && ch != "\n" && ch != "\t" || ch.value == 0xFFFE || ch.value == 0xFFFF { out += "?" }
            else { out.unicodeScalars.append(ch) }
        }
        return out
    }
}
