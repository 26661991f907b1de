import Foundation
import XCTest

/// Every relative link in the repository's Markdown files (README.md, docs/, Shaders/,
/// Tests/Fixtures/...) names a file or folder that exists, and a link's `#anchor`, where
/// it has one, names a heading of the Markdown file it points to (GitHub's heading ids).
final class MarkdownLinkTests: XCTestCase {
    /// Every `.md` file of the repository, outside build folders and `.git`.
    func markdownFiles() -> [URL] {
        let skip: Set<String> = [".build", ".git", ".swiftpm", "out"]
        var out: [URL] = []
        let walk = FileManager.default.enumerator(at: repositoryRoot, includingPropertiesForKeys: [.isDirectoryKey])
        while let url = walk?.nextObject() as? URL {
            if skip.contains(url.lastPathComponent) { walk?.skipDescendants(); continue }
            if url.pathExtension == "md" { out.append(url) }
        }
        return out.sorted { $0.path < $1.path }
    }

    /// The lines of `text` outside fenced code blocks, with inline code spans removed.
    func prose(_ text: String) -> [String] {
        var inFence = false
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            if inFence { continue }
            lines.append(line.replacingOccurrences(of: "`[^`]*`", with: "", options: .regularExpression))
        }
        return lines
    }

    /// The targets of `[text](target)` and `![alt](target)` links in `text`.
    func linkTargets(_ text: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)(\s+"[^"]*")?\)"#)
        return prose(text).flatMap { line -> [String] in
            let ns = line as NSString
            return pattern.matches(in: line, range: NSRange(location: 0, length: ns.length)).map { ns.substring(with: $0.range(at: 1)) }
        }
    }

    /// GitHub's id of a heading: lower case, punctuation other than `-` and `_` dropped,
    /// spaces as `-`.
    func headingIDs(_ text: String) -> Set<String> {
        Set(prose(text).filter { $0.hasPrefix("#") }.map { line -> String in
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces).lowercased()
            return String(title.unicodeScalars.compactMap { c -> Character? in
                if c == " " { return "-" }
                if CharacterSet.alphanumerics.contains(c) || c == "-" || c == "_" { return Character(c) }
                return nil
            })
        })
    }

    func testEveryRelativeLinkNamesAnExistingFile() throws {
        let files = markdownFiles()
        XCTAssertGreaterThanOrEqual(files.count, 10, "README.md, docs/*.md and the others")
        var checked = 0
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let name = file.path.replacingOccurrences(of: repositoryRoot.path + "/", with: "")
            for target in linkTargets(text) where !target.contains("://") && !target.hasPrefix("mailto:") {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let path = parts[0].removingPercentEncoding ?? parts[0]
                let linked = path.isEmpty ? file : file.deletingLastPathComponent().appendingPathComponent(path).standardized
                checked += 1
                guard FileManager.default.fileExists(atPath: linked.path) else {
                    XCTFail("\(name): the link \(target) names \(linked.path), which does not exist"); continue
                }
                if parts.count == 2, linked.pathExtension == "md" {
                    let ids = headingIDs(try String(contentsOf: linked, encoding: .utf8))
                    XCTAssertTrue(ids.contains(parts[1]), "\(name): the link \(target): no heading #\(parts[1]) in \(linked.lastPathComponent)")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 50, "relative links checked")
    }
}
