import Foundation
import XCTest

/// The CI recipes of docs/testing.md run as printed: the `halo` commands of its GitHub
/// Actions and GitLab snippets, read from the Markdown (so a change to the page is what is
/// tested), each run by `sh` in a fresh copy of a small suite laid out as a checkout
/// (`visual/`, `.build/release/halo`), with the values the CI system would give
/// (`${{ matrix.shard }}`, `$CI_NODE_INDEX`). Each must exit 0 and leave the reports it names.
final class CIRecipeTests: XCTestCase {
    /// One yaml block of the page, and the `halo` commands of its steps, continuation lines joined.
    struct Recipe {
        var text: String
        var commands: [String]
    }

    /// Every fenced yaml block of docs/testing.md with its `.build/release/halo` commands:
    /// GitHub's `- run:` steps (a plain scalar over several lines reads as one line, the
    /// breaks as spaces) and GitLab's `script:` items.
    static func recipes() throws -> [Recipe] {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/testing.md"), encoding: .utf8)
        var recipes: [Recipe] = []
        var block: [String]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if block == nil, line.hasPrefix("```yaml") { block = []; continue }
            guard var lines = block else { continue }
            if line.hasPrefix("```") {
                recipes.append(Recipe(text: lines.joined(separator: "\n"), commands: commands(in: lines)))
                block = nil
            } else {
                lines.append(line); block = lines
            }
        }
        return recipes
    }

    private static func commands(in lines: [String]) -> [String] {
        var out: [String] = []
        var i = 0
        while i < lines.count {
            let trimmed = lines[i].trimmingCharacters(in: .whitespaces)
            let indent = lines[i].prefix { $0 == " " }.count
            let start = trimmed.hasPrefix("- run: ") ? "- run: " : trimmed.hasPrefix("- ") ? "- " : nil
            guard let start, trimmed.dropFirst(start.count).hasPrefix(".build/release/halo") else { i += 1; continue }
            var command = String(trimmed.dropFirst(start.count))
            i += 1
            // Continuation lines: deeper than the item's dash, not a new item or key.
            while i < lines.count, lines[i].prefix(while: { $0 == " " }).count > indent + 2,
                  !lines[i].trimmingCharacters(in: .whitespaces).hasPrefix("- ") {
                command += " " + lines[i].trimmingCharacters(in: .whitespaces)
                i += 1
            }
            out.append(command)
        }
        return out
    }

    private var dir: URL!
    override func setUpWithError() throws { dir = try makeTemporaryFolder("halo-ci-recipe") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    /// A fresh checkout: `visual/` holding two scenes of the reference suite and their
    /// references, and the built halo at `.build/release/halo`.
    private func checkout(_ name: String) throws -> URL {
        let root = dir.appendingPathComponent(name)
        let visual = root.appendingPathComponent("visual")
        try FileManager.default.createDirectory(at: visual, withIntermediateDirectories: true)
        let suite = repositoryRoot.appendingPathComponent("Tests/Fixtures/reference-suite/shapes")
        for file in ["rect-fill.json", "rect-fill.png", "ellipse.json", "ellipse.png"] {
            try FileManager.default.copyItem(at: suite.appendingPathComponent(file), to: visual.appendingPathComponent(file))
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".build/release"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent(".build/release/halo"), withDestinationURL: try haloExecutable())
        return root
    }

    /// Runs `command` with `sh -c` in `root`; fails the test unless it exits 0.
    private func sh(_ command: String, in root: URL, environment: [String: String] = [:]) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", command]
        p.currentDirectoryURL = root
        var env = ProcessInfo.processInfo.environment
        env["CI"] = "true"
        env["HALO_ARTIFACTS"] = nil
        for (k, v) in environment { env[k] = v }
        p.environment = env
        let log = root.appendingPathComponent("log-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let h = try FileHandle(forWritingTo: log)
        p.standardOutput = h; p.standardError = h
        try p.run(); p.waitUntilExit(); try h.close()
        let output = try String(contentsOf: log, encoding: .utf8)
        XCTAssertEqual(p.terminationStatus, 0, "\(command)\n\(output)")
    }

    private func assertFiles(_ paths: [String], in root: URL, file: StaticString = #filePath, line: UInt = #line) {
        for p in paths { XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(p).path), "\(p) not written", file: file, line: line) }
    }

    /// The page holds the three recipes: GitHub's one job, GitHub's shards and merge, GitLab's shards.
    func testThePageHoldsItsThreeRecipes() throws {
        let recipes = try Self.recipes()
        XCTAssertEqual(recipes.map(\.commands.count), [1, 2, 1], recipes.map(\.commands).description)
    }

    /// GitHub Actions, one job: the test step into the not yet made halo-artifacts folder.
    func testTheGitHubActionsJobRunsAsPrinted() throws {
        let recipe = try Self.recipes()[0]
        XCTAssertTrue(recipe.text.contains("runs-on:"))
        let root = try checkout("github")
        for command in recipe.commands { try sh(command, in: root) }
        assertFiles(["halo-artifacts/junit.xml", "halo-artifacts/report.html"], in: root)
    }

    /// GitHub Actions, three shards then the merge: each shard in its own checkout, its
    /// halo-artifacts uploaded as halo-shard-N and downloaded under shards/ (as
    /// actions/download-artifact lays them out) for the merge job.
    func testTheGitHubActionsShardsAndMergeRunAsPrinted() throws {
        let recipe = try Self.recipes()[1]
        XCTAssertTrue(recipe.text.contains("matrix:") && recipe.text.contains("shard: [1, 2, 3]"))
        let (shardStep, mergeStep) = (recipe.commands[0], recipe.commands[1])
        let merge = try checkout("merge")
        for k in 1...3 {
            let root = try checkout("shard-\(k)")
            try sh(shardStep.replacingOccurrences(of: "${{ matrix.shard }}", with: "\(k)"), in: root)
            assertFiles(["halo-artifacts/shard-\(k).xml", "halo-artifacts/shard-\(k).html"], in: root)
            try FileManager.default.createDirectory(at: merge.appendingPathComponent("shards"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: root.appendingPathComponent("halo-artifacts"), to: merge.appendingPathComponent("shards/halo-shard-\(k)"))
        }
        try sh(mergeStep, in: merge)
        assertFiles(["junit.xml", "summary.html"], in: merge)
    }

    /// GitLab, `parallel: 3`: each job with CI_NODE_INDEX and CI_NODE_TOTAL set.
    func testTheGitLabShardsRunAsPrinted() throws {
        let recipe = try Self.recipes()[2]
        XCTAssertTrue(recipe.text.contains("parallel: 3"))
        for k in 1...3 {
            let root = try checkout("gitlab-\(k)")
            for command in recipe.commands { try sh(command, in: root, environment: ["CI_NODE_INDEX": "\(k)", "CI_NODE_TOTAL": "3"]) }
            assertFiles(["halo-artifacts/shard-\(k).xml", "halo-artifacts/shard-\(k).html"], in: root)
        }
    }
}
