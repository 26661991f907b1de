import Foundation
import Halo
#if canImport(FoundationXML)
import FoundationXML
#endif

extension JUnitReport {
    /// Reads a report that `halo test --junit` wrote.
    /// - Throws: ``UsageError`` naming the file: unreadable, not well-formed XML (with the
    ///   parser's line), no `<testsuite>`, or a `<testcase>` holding anything but one
    ///   `<failure>` or `<error>` and `<system-out>`.
    init(contentsOf path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw UsageError("\(path): expected a JUnit report, found \(unreadableFileReason(path))")
        }
        let reader = JUnitReader()
        let parser = XMLParser(data: data)
        parser.delegate = reader
        if !parser.parse() {
            let why = reader.refusal ?? parser.parserError.map { "XML that does not parse (\($0.localizedDescription))" } ?? "XML that does not parse"
            throw UsageError("\(path):\(parser.lineNumber): expected a JUnit report of halo test, found \(why)")
        }
        if reader.suites.isEmpty { throw UsageError("\(path): expected a JUnit report of halo test, found no <testsuite>") }
        self.init(suites: reader.suites)
    }
}

/// Builds ``JUnitReport`` values from an XMLParser pass; `refusal` says why it aborted.
private final class JUnitReader: NSObject, XMLParserDelegate {
    var suites: [JUnitReport.Suite] = []
    var refusal: String?
    private var testcase: JUnitReport.Case?
    /// The text of the element being read (failure, error, system-out) and its message attribute.
    private var text: String?
    private var message = ""
    private var systemOut: String?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        switch name {
        case "testsuites", "properties":
            break
        case "testsuite":
            suites.append(.init(name: attributes["name"] ?? "", properties: [], seconds: Double(attributes["time"] ?? "") ?? 0, cases: []))
        case "property" where !suites.isEmpty:
            suites[suites.count - 1].properties.append((attributes["name"] ?? "", attributes["value"] ?? ""))
        case "testcase" where !suites.isEmpty:
            testcase = .init(classname: attributes["classname"] ?? "", name: attributes["name"] ?? "", file: attributes["file"] ?? "",
                             seconds: Double(attributes["time"] ?? "") ?? 0, outcome: .passed)
        case "failure", "error", "system-out":
            guard testcase != nil else { return refuse(parser, "<\(name)> outside a <testcase>") }
            text = ""
            message = attributes["message"] ?? ""
        default:
            refuse(parser, "an element <\(name)> where halo test writes none")
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard var c = testcase else { return }
        switch name {
        case "failure", "error":
            guard c.outcome == .passed else { return refuse(parser, "a <testcase> \(c.name) with two outcomes") }
            c.outcome = name == "error" ? .error(message) : .failure(reason: message, message: text ?? "", attachments: [])
        case "system-out":
            systemOut = text ?? ""
        case "testcase":
            if let out = systemOut {
                switch c.outcome {
                case .passed: c.outcome = .recorded(out)
                case .failure(let reason, let message, _):
                    // Attachments, one a line: [[ATTACHMENT|path]].
                    let paths = out.split(separator: "\n").compactMap { line -> String? in
                        guard line.hasPrefix("[[ATTACHMENT|"), line.hasSuffix("]]") else { return nil }
                        return String(line.dropFirst(13).dropLast(2))
                    }
                    c.outcome = .failure(reason: reason, message: message, attachments: paths)
                default: break
                }
            }
            suites[suites.count - 1].cases.append(c)
            testcase = nil
            systemOut = nil
            return
        default:
            return
        }
        text = nil
        testcase = c
    }

    private func refuse(_ parser: XMLParser, _ why: String) {
        if refusal == nil { refusal = why }
        parser.abortParsing()
    }
}
