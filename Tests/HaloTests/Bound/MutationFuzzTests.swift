import Foundation
import XCTest
import Halo

/// A seeded mutation fuzz test. The example scenes are mutated (values,
/// types, keys, bytes; one to three mutations a case), 5 000 cases a run, and each
/// is loaded as `halo render` loads it. Every case must either load (and then
/// resolve and draw without trapping) or be refused with a SceneError whose message
/// names file, place, expectation and finding, and nothing may be written for a
/// refusal. A handful of refusals also go through the built `halo` (exit 2, the same
/// one-line message, no output file).
///
/// `HALO_MUTATION_SEED` and `HALO_MUTATION_CASES` override the seed and the count
/// (for longer runs by hand); a failure names its seed and case.
final class MutationFuzzTests: XCTestCase {
    static let defaultSeed: UInt64 = 0x4841_4C4F_0007  // "HALO" in ASCII, then 7
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-mutation-\(getpid())")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Examples/backdrop.png"),
                                         to: dir.appendingPathComponent("backdrop.png"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    func testFiveThousandMutatedScenesLoadOrAreRefusedWithAMessageAndWriteNothing() throws {
        let env = ProcessInfo.processInfo.environment
        // A setting that is no number, or asks for no case, fails: never a pass that checked nothing.
        let seed = try env["HALO_MUTATION_SEED"].map { text in
            try XCTUnwrap(UInt64(text), "HALO_MUTATION_SEED=\(text): expected a whole number 0...\(UInt64.max)")
        } ?? Self.defaultSeed
        let cases = try env["HALO_MUTATION_CASES"].map { text in
            try XCTUnwrap(Int(text).flatMap { $0 >= 1 ? $0 : nil }, "HALO_MUTATION_CASES=\(text): expected a whole number of cases >= 1")
        } ?? 5000
        var rng = SplitMix64(seed: seed)
        let examples = try exampleScenes()
        let scenePath = dir.appendingPathComponent("case.json").path
        let before = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() + ["case.json"]
        var accepted = 0, drawn = 0
        var refusedBy: [String: Int] = [:]  // by what was expected, for the summary
        for index in 0..<cases {
            let (name, tree) = examples[Int.random(in: 0..<examples.count, using: &rng)]
            let (bytes, log) = Mutator.mutate(tree, using: &rng)
            let context = "seed \(seed) case \(index) (\(name): \(log.joined(separator: ", ")))"
            try Data(bytes).write(to: URL(fileURLWithPath: scenePath))
            do {
                var (scene, background) = try Halo.load(scenePath)
                accepted += 1
                // Resolving (every loaded case) and drawing (every fifth: 50 ms each in debug) must
                // not trap. Both use the scene shrunk to at most 16 px a side: its values as
                // mutated, its pixels few, so 5 000 cases stay fast.
                scene.canvas.scale = min(scene.canvas.scale, 16 / max(scene.canvas.width, scene.canvas.height))
                if scene.canvas.pixelWidth >= 1, scene.canvas.pixelHeight >= 1 {
                    _ = Frame(scene, time: 0, backgroundImage: background)
                    if accepted % 5 == 1 {
                        _ = try Halo.render(scene, background: background, time: 2.5, backend: .cpu)
                        drawn += 1
                    }
                }
            } catch let error as SceneError {
                let message = error.description
                XCTAssertTrue(message.hasPrefix(scenePath + ": ") && message.contains("expected ") && message.contains(", found ")
                              && !error.expected.isEmpty && !error.found.isEmpty && !message.contains("\n"),
                              "\(context): not a one-line message with file, expected and found: \(message)")
                refusedBy[String(error.expected.prefix(28)), default: 0] += 1
            } catch {
                XCTFail("\(context): refused without a SceneError: \(error)")
            }
            let after = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
            if after != before.sorted() {
                XCTFail("\(context): the folder changed: \(after)")
                return
            }
        }
        let refused = refusedBy.values.reduce(0, +)
        XCTAssertEqual(accepted + refused, cases)
        // Both outcomes must be common, or the mutations are too weak or too strong.
        XCTAssertGreaterThan(accepted, cases / 10, "too few mutants load")
        XCTAssertGreaterThan(refused, cases / 2, "too few mutants are refused")
        print("mutation fuzz: seed \(seed), \(cases) cases: \(accepted) loaded (\(drawn) drawn at most 16 px a side), \(refused) refused; "
              + "most common refusals: " + refusedBy.sorted { $0.value > $1.value }.prefix(6).map { "\($0.key)… \($0.value)" }.joined(separator: "; "))
    }

    func testRefusedMutantsExitWithCode2TheSameMessageAndNoFile() throws {
        var rng = SplitMix64(seed: Self.defaultSeed ^ 0xC11)
        let examples = try exampleScenes()
        var kinds = Set<String>()
        var runs = 0
        while runs < 6 {
            let (_, tree) = examples[Int.random(in: 0..<examples.count, using: &rng)]
            let (bytes, log) = Mutator.mutate(tree, using: &rng)
            let scene = dir.appendingPathComponent("cli.json")
            try Data(bytes).write(to: scene)
            let message: String
            do { _ = try Halo.load(scene.path); continue } catch { message = "\(error)" }
            let kind = message.components(separatedBy: "expected ").dropFirst().first.map { String($0.prefix(12)) } ?? ""
            guard kinds.insert(kind).inserted else { continue }
            runs += 1
            let out = dir.appendingPathComponent("cli.png")
            // Under `swift test --sanitize=address` (CI) the child is checked for leaks too:
            // a leak report would change its stderr and exit status.
            let result = try runHalo(["render", scene.path, "-o", out.path, "--backend", "cpu"], environment: ["ASAN_OPTIONS": "detect_leaks=1"])
            XCTAssertEqual(result.status, 2, "\(log): \(result.stderr)")
            XCTAssertEqual(result.stderr, "halo render: \(message)\n", "\(log)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "\(log): an output file was written")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted(), ["backdrop.png", "cli.json"])
        }
    }

    // MARK: - Support

    private func exampleScenes() throws -> [(String, JSON)] {
        let folder = repositoryRoot.appendingPathComponent("Examples")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
        XCTAssertGreaterThanOrEqual(names.count, 4)
        return try names.map { name in
            var parser = JSONParser(bytes: Array(try Data(contentsOf: folder.appendingPathComponent(name))))
            return (name, try parser.parse())
        }
    }
}

// MARK: - A JSON tree that keeps key order and duplicates, and number texts as written

indirect enum JSON {
    case number(String), string(String), bool(Bool), null
    case array([JSON])
    case object([(String, JSON)])

    var text: String {
        switch self {
        case .number(let t): return t
        case .string(let s): return JSON.quote(s)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array(let a): return "[" + a.map(\.text).joined(separator: ", ") + "]"
        case .object(let o): return "{ " + o.map { JSON.quote($0.0) + ": " + $0.1.text }.joined(separator: ", ") + " }"
        }
    }

    /// A JSON string literal (the library's own escaping: the mutations test the decoder, not this).
    static func quote(_ s: String) -> String { JSONValue.string(s).jsonText }
}

/// A small parser for the (well-formed) example files.
struct JSONParser {
    let bytes: [UInt8]
    var i = 0
    struct Malformed: Error {}

    mutating func parse() throws -> JSON {
        let v = try value()
        skip()
        guard i == bytes.count else { throw Malformed() }
        return v
    }

    mutating func skip() { while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 } }

    /// Comma-separated items up to `close`, the opening bracket already read.
    mutating func items<T>(until close: UInt8, _ item: (inout Self) throws -> T) throws -> [T] {
        var out: [T] = []
        skip()
        if bytes[i] == close { i += 1; return out }
        while true {
            skip()
            out.append(try item(&self))
            skip()
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            guard bytes[i] == close else { throw Malformed() }
            i += 1
            return out
        }
    }

    mutating func value() throws -> JSON {
        skip()
        guard i < bytes.count else { throw Malformed() }
        switch bytes[i] {
        case UInt8(ascii: "{"):
            i += 1
            return .object(try items(until: UInt8(ascii: "}")) { p in
                guard case .string(let k) = try p.value() else { throw Malformed() }
                p.skip()
                guard p.bytes[p.i] == UInt8(ascii: ":") else { throw Malformed() }
                p.i += 1
                return (k, try p.value())
            })
        case UInt8(ascii: "["):
            i += 1
            return .array(try items(until: UInt8(ascii: "]")) { p in try p.value() })
        case UInt8(ascii: "\""):
            let start = i
            i += 1
            while bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
            i += 1
            let s = try JSONDecoder().decode(String.self, from: Data(bytes[start..<i]))
            return .string(s)
        case UInt8(ascii: "t"): i += 4; return .bool(true)
        case UInt8(ascii: "f"): i += 5; return .bool(false)
        case UInt8(ascii: "n"): i += 4; return .null
        default:
            let start = i
            while i < bytes.count, "-+.eE0123456789".utf8.contains(bytes[i]) { i += 1 }
            return .number(String(decoding: bytes[start..<i], as: UTF8.self))
        }
    }
}

/// The mutations: on the tree (values, types, keys) and on the bytes.
enum Mutator {
    static let numbers = ["0", "-0", "-1", "-3", "0.5", "1", "2", "3", "12", "360", "1000", "1000.5", "1001", "16384", "16385",
                          "268435457", "1e15", "1e308", "1e309", "-1e309", "1e-320", "4.9e-324", "-0.0", "1E2", "0.1e1"]
    static let strings = ["", "NaN", "Infinity", "red", "reed", "#FFF", "#GGG", "#12345", "#FF000080", "clear", "x",
                          "capsule", "roundedRect", "ellipse", "angular", "linear", "radial", "solid", "inside", "outside",
                          "center", "continuous", "oklab", "counterclockwise", "backdrop.png", "missing.png", "fill", "fit",
                          "\u{0}", "é", "\u{FF26}", String(repeating: "a", count: 300)]
    static let keys = ["format", "canvas", "layers", "width", "height", "scale", "background", "image", "contentMode", "time",
                       "shape", "type", "rect", "cornerRadius", "cornerStyle", "fill", "stroke", "paint", "alignment",
                       "glow", "radius", "opacity", "color", "colors", "stops", "location", "interpolation", "startPoint",
                       "endPoint", "center", "angle", "startAngle", "endAngle", "startRadius", "endRadius", "rotation",
                       "period", "direction", "cornerCycle", "stepDuration", "widht", "colour", "Width", "extra"]
    static let insertions: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0], [0x7B], [0x5B], [0x22], [0x2C], [0x3A],
                                        Array("//".utf8), Array("'".utf8), Array("NaN".utf8), [0xEF, 0xBB, 0xBF],
                                        Array("\\u".utf8), Array(repeating: 0x5B, count: 70), Array("1e999".utf8),
                                        Array("\n".utf8), Array("}".utf8), Array("]".utf8), Array("-".utf8)]

    /// One to three mutations of `tree`; the bytes and a short log of what was done.
    static func mutate(_ tree: JSON, using rng: inout SplitMix64) -> ([UInt8], [String]) {
        var t = tree
        var log: [String] = []
        let count = [1, 1, 1, 1, 1, 1, 2, 2, 2, 3].randomElement(using: &rng)!
        var bytes: [UInt8]?
        for _ in 0..<count {
            if bytes == nil, Int.random(in: 0..<10, using: &rng) < 8 {
                log.append(mutateTree(&t, using: &rng))
            } else {
                if bytes == nil { bytes = Array(t.text.utf8) }
                log.append(mutateBytes(&bytes!, using: &rng))
            }
        }
        return (bytes ?? Array(t.text.utf8), log)
    }

    static func randomValue(using rng: inout SplitMix64, depth: Int = 0) -> JSON {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0, 1: return .number(numbers.randomElement(using: &rng)!)
        case 2, 3: return .string(strings.randomElement(using: &rng)!)
        case 4: return .bool(Bool.random(using: &rng))
        case 5: return .null
        case 6: return depth > 1 ? .array([]) : .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in randomValue(using: &rng, depth: depth + 1) })
        default: return depth > 1 ? .object([]) : .object([(keys.randomElement(using: &rng)!, randomValue(using: &rng, depth: depth + 1))])
        }
    }

    /// Applies one tree mutation at a random node.
    static func mutateTree(_ t: inout JSON, using rng: inout SplitMix64) -> String {
        var paths: [[Int]] = []
        collect(t, [], into: &paths)
        let path = paths.randomElement(using: &rng)!
        var what = ""
        edit(&t, path[...]) { node in
            switch Int.random(in: 0..<11, using: &rng) {
            case 9, 10:  // a plausible change: most of these still load, so drawing gets odd values
                if case .number(let n) = node, let d = Double(n) {
                    node = .number(String(d * Double.random(in: 0...3, using: &rng))); what = "scale number"
                } else if case .array(var a) = node, a.count > 1 {
                    a.swapAt(0, a.count - 1); node = .array(a); what = "swap items"
                } else { node = randomValue(using: &rng); what = "value" }
            case 0:
                node = randomValue(using: &rng); what = "value"
            case 1:  // same meaning, other type
                switch node {
                case .number(let n): node = .string(n)
                case .string(let s): node = Double(s) != nil ? .number(s) : .array([.string(s)])
                case .array(let a): node = .object(a.enumerated().map { ("\($0.offset)", $0.element) })
                case .object(let o): node = .array(o.map(\.1))
                case .bool(let b): node = .number(b ? "1" : "0")
                case .null: node = .number("0")
                }
                what = "type"
            case 2:
                if case .object(var o) = node, !o.isEmpty { o.remove(at: Int.random(in: 0..<o.count, using: &rng)); node = .object(o); what = "drop key" }
                else { node = .null; what = "null" }
            case 3:
                if case .object(var o) = node, !o.isEmpty {
                    let k = Int.random(in: 0..<o.count, using: &rng)
                    o[k].0 = typo(o[k].0, using: &rng); node = .object(o); what = "rename key"
                } else { node = .string(""); what = "empty string" }
            case 4:
                if case .object(var o) = node {
                    o.append((keys.randomElement(using: &rng)!, randomValue(using: &rng))); node = .object(o); what = "add key"
                } else { node = .array([]); what = "empty array" }
            case 5:
                if case .object(var o) = node, !o.isEmpty {
                    o.append(o[Int.random(in: 0..<o.count, using: &rng)]); node = .object(o); what = "duplicate key"
                } else { node = .object([]); what = "empty object" }
            case 6:
                if case .array(let a) = node, let first = a.first {
                    let n = [0, 1, 2, 255, 256, 257, 300].randomElement(using: &rng)!
                    node = .array(Array(repeating: a.randomElement(using: &rng) ?? first, count: n)); what = "array of \(n)"
                } else { node = .number(numbers.randomElement(using: &rng)!); what = "number" }
            case 7:
                node = .number(numbers.randomElement(using: &rng)!); what = "number"
            default:
                if case .number(let n) = node, let d = Double(n) {
                    node = .number(String(-d)); what = "negate"
                } else { node = .string(strings.randomElement(using: &rng)!); what = "string" }
            }
        }
        return "\(what) at \(path)"
    }

    static func collect(_ t: JSON, _ path: [Int], into paths: inout [[Int]]) {
        paths.append(path)
        switch t {
        case .array(let a): for (i, v) in a.enumerated() { collect(v, path + [i], into: &paths) }
        case .object(let o): for (i, v) in o.enumerated() { collect(v.1, path + [i], into: &paths) }
        default: break
        }
    }

    static func edit(_ t: inout JSON, _ path: ArraySlice<Int>, _ change: (inout JSON) -> Void) {
        guard let i = path.first else { change(&t); return }
        switch t {
        case .array(var a): edit(&a[i], path.dropFirst(), change); t = .array(a)
        case .object(var o): edit(&o[i].1, path.dropFirst(), change); t = .object(o)
        default: change(&t)
        }
    }

    static func typo(_ key: String, using rng: inout SplitMix64) -> String {
        var c = Array(key)
        guard c.count > 1 else { return key + "x" }
        let k = Int.random(in: 0..<(c.count - 1), using: &rng)
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: c.remove(at: k)
        case 1: c.swapAt(k, k + 1)
        case 2: c[k] = Character(c[k].uppercased())
        default: c.insert("x", at: k)
        }
        return String(c)
    }

    /// Applies one byte-level mutation.
    static func mutateBytes(_ b: inout [UInt8], using rng: inout SplitMix64) -> String {
        if b.isEmpty { b = [0x7B]; return "byte {" }
        let at = Int.random(in: 0..<b.count, using: &rng)
        switch Int.random(in: 0..<5, using: &rng) {
        case 0:
            let v = UInt8.random(in: 0...255, using: &rng); b[at] = v; return "byte \(at) = \(v)"
        case 1:
            let n = min(Int.random(in: 1...16, using: &rng), b.count - at); b.removeSubrange(at..<(at + n)); return "delete \(n) at \(at)"
        case 2:
            let ins = insertions.randomElement(using: &rng)!; b.insert(contentsOf: ins, at: at); return "insert \(ins.count) at \(at)"
        case 3:
            b.removeSubrange(at...); return "truncate at \(at)"
        default:
            let n = min(Int.random(in: 1...32, using: &rng), b.count - at); b.insert(contentsOf: b[at..<(at + n)], at: at); return "repeat \(n) at \(at)"
        }
    }
}
