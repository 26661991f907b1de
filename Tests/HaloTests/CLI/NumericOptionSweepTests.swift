import Foundation
import XCTest
import Halo
@testable import halo

/// Every number any option of any command takes (frame ranges, frames per second, sizes,
/// times, `--set` values, tolerances, seeds, shards, script steps, rectangles) given the
/// values that break conversions: 0, -0, -1, ±1e300, nan, inf and an integer past
/// `Int.max`. The options come from ``CommandOption/all``, the table the parser reads, and
/// each ``OptionValue`` kind says where its numbers go, so no option can be missed. Each
/// run must end in 0 (accepted) or 2 with a message saying what was expected and what was
/// found: never a crash (a trap is exit 132), never another status.
final class NumericOptionSweepTests: XCTestCase {
    private static let values = ["0", "-0", "-1", "1e300", "-1e300", "nan", "inf", "99999999999999999999"]

    /// The forms a number takes in an option's value (`#` stands for it); none for a value without numbers.
    private static func numberForms(_ value: OptionValue) -> [String] {
        switch value {
        case .flag, .path, .folder, .outputFile, .reportFile, .backend, .recordMode, .toleranceMode, .motionFormat: return []
        case .number, .integer, .unsigned: return ["#"]
        case .size: return ["#x4", "4x#"]
        case .tolerance: return ["maxDifference=#;totalPixels=0", "maxDifference=0-#;totalPixels=0", "maxDifference=0;totalPixels=#", "maxDifference=0;totalPixels=0-#%"]
        case .script: return ["# key q", "0 seek #", "0 resize # 4", "0 resize 4 #", "0 loop # 1", "0 loop 0 #"]
        case .parameterSetting: return ["w=#"]
        case .shard: return ["#/2", "1/#"]
        case .rectangles: return ["#,0,1,1", "0,#,1,1", "0,0,#,1", "0,0,1,#"]
        }
    }

    /// Command lines where each command's numbers are used (S: the scene, I/: the folder of
    /// a.png and b.png, D/: the run's own folder, holding suite/scene.json). An option is swept in the lines of its command that give it (its value
    /// replaced), or added to each line when none does.
    private static let bases: [Command: [[String]]] = [
        .render: [["S", "-o", "D/still.png", "--backend", "cpu", "--time", "0"],
                  ["S", "-o", "D/motion-%04d.png", "--backend", "cpu", "--from", "0", "--to", "0.1", "--fps", "20"],
                  ["S", "-o", "D/loop-%04d.png", "--backend", "cpu", "--loop", "--fps", "4", "--time", "0"]],
        .export: [["S", "--css", "D/out.html"]],
        .params: [["S"]],
        .randomScene: [["--seed", "1"]],
        .diff: [["I/a.png", "I/b.png"]],
        .test: [["D/suite", "--backend", "cpu", "--record", "all", "--artifacts", "D/artifacts", "--jobs", "1"]],
        .bench: [["S", "--backend", "cpu", "--frames", "1", "--warmup", "0"]],
        .preview: [["S", "--frames", "2"]],
    ]

    /// An 8 x 6 scene whose stroke width is the number parameter `w`, its paint turning once a second.
    private static let scene = """
        { "format": 1, "params": { "w": { "type": "number", "value": 2 } }, "canvas": { "width": 8, "height": 6 },
          "layers": [ { "shape": { "type": "roundedRect", "rect": [1, 1, 6, 4], "cornerRadius": 1 },
            "stroke": { "paint": { "type": "angular", "colors": ["red", "blue", "red"], "rotation": { "period": 1 } },
                        "width": { "param": "w" } } } ] }
        """

    func testNoNumberCrashesAnyCommand() throws {
        let folder = try makeTemporaryFolder("halo-numbers")
        defer { try? FileManager.default.removeItem(at: folder) }
        let scenePath = folder.appendingPathComponent("scene.json").path
        try Self.scene.write(toFile: scenePath, atomically: true, encoding: .utf8)
        for name in ["a.png", "b.png"] { try PNG.write(solidImage(width: 8, height: 6, 20, 40, 60), to: folder.appendingPathComponent(name).path) }
        let xvfb = try XvfbServer()
        defer { xvfb.stop() }

        var cases: [(command: Command, argv: [String])] = []
        for option in CommandOption.all {
            let forms = Self.numberForms(option.value)
            for command in Command.allCases.sorted(by: { $0.rawValue < $1.rawValue }) where option.commands.contains(command) && !forms.isEmpty {
                guard let bases = Self.bases[command] else { XCTFail("no command line to sweep \(option.key) of halo \(command.rawValue) in"); continue }
                let giving = bases.filter { $0.contains(where: option.names.contains) }
                for base in giving.isEmpty ? bases : giving {
                    for form in forms {
                        for v in Self.values {
                            // Each run writes into its own folder: runs at once never share an output.
                            let scratch = folder.appendingPathComponent("run-\(cases.count)")
                            try FileManager.default.createDirectory(at: scratch.appendingPathComponent("suite"), withIntermediateDirectories: true)
                            try Self.scene.write(to: scratch.appendingPathComponent("suite/scene.json"), atomically: false, encoding: .utf8)
                            let line = base.map {
                                $0 == "S" ? scenePath : $0.replacingOccurrences(of: "D/", with: scratch.path + "/").replacingOccurrences(of: "I/", with: folder.path + "/")
                            }
                            cases.append((command, [command.rawValue] + Self.setting(option, to: form.replacingOccurrences(of: "#", with: v), in: line)))
                        }
                    }
                }
            }
        }
        XCTAssertGreaterThanOrEqual(cases.count, 368, "every numeric option of the table is swept")

        let failures = Failures(), display = xvfb.display, all = cases
        DispatchQueue.concurrentPerform(iterations: all.count) { i in
            let (command, argv) = all[i]
            do {
                let run = try runHalo(argv, environment: command == .preview ? ["DISPLAY": display, "LIBGL_ALWAYS_SOFTWARE": "1"] : [:])
                let output = run.stderr + run.stdout
                if run.status == 2 {
                    if !(output.contains("expected") && output.contains("found")) { failures.add("halo \(argv.joined(separator: " ")): exit 2 without what was expected and found:\n\(output)") }
                } else if run.status != 0 {
                    failures.add("halo \(argv.joined(separator: " ")): exit \(run.status) (expected 0 or 2):\n\(output.prefix(600))")
                }
            } catch {
                failures.add("halo \(argv.joined(separator: " ")): \(error)")
            }
        }
        for f in failures.all { XCTFail(f) }
    }

    /// `line` with `option` given `value`: its value replaced where the line gives it, else added.
    private static func setting(_ option: CommandOption, to value: String, in line: [String]) -> [String] {
        var line = line
        if let i = line.firstIndex(where: option.names.contains), i + 1 < line.count { line[i + 1] = value } else { line += [option.key, value] }
        return line
    }
}

/// Failures collected from concurrent runs.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ s: String) { lock.lock(); list.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
