import Foundation
import Halo

/// What a scene asks of `halo test`: its `"test"` object (docs/scene-format.md allows one at the
/// top level), or the same object in a sidecar file beside it (`button.test.json`
/// for `button.json`):
///
/// ```json
/// "test": { "fuzzy": "maxDifference=0-2;totalPixels=0-40", "times": [0, 0.5, 1.25] }
/// ```
///
/// `fuzzy` is a ``FuzzyTolerance`` (default ``FuzzyTolerance/default``); `times` (seconds)
/// asks for one reference per time, named with a time suffix (`button.t0.5.png`);
/// without it the scene is drawn once, at its own `time`, against `button.png`.
/// `params` lists parameter sets (docs/scene-format.md "Parameters"), each an object of NAME: VALUE:
/// the scene is also checked with each set's values in place of its own, set K (from 1)
/// against `button.set-K.png` (with times, `button.set-K.t0.5.png`).
public struct SceneTestSpec: Equatable, Sendable {
    /// The scene's own tolerance, when it states one.
    public var tolerance: FuzzyTolerance?
    /// The times to check (seconds), or nil for the scene's own time only.
    public var times: [Double]?
    /// Rectangles [x, y, w, h] in points whose pixels the comparison leaves out.
    public var ignore: [[Double]] = []
    /// A mask PNG (relative to the scene file): white pixels count, black ones are ignored.
    public var mask: String?
    /// Parameter sets to check besides the file's own values, each by parameter name.
    public var parameterSets: [[String: JSONValue]] = []

    public init(tolerance: FuzzyTolerance? = nil, times: [Double]? = nil) {
        self.tolerance = tolerance; self.times = times
    }

    /// The sidecar file of a scene: `button.json` -> `button.test.json`.
    public static func sidecarPath(forScene path: String) -> String {
        (path as NSString).deletingPathExtension + ".test.json"
    }

    /// Reads the spec of a scene file: its top-level `test` object (which drawing ignores,
    /// docs/scene-format.md), or its sidecar file.
    /// - Throws: ``SceneError`` (naming the file and the JSON path, e.g. `test.fuzzy`) for an
    ///   unknown key, a bad tolerance, bad or repeated times, an unreadable scene or sidecar,
    ///   or a `test` object given both in the scene and in a sidecar.
    public static func of(sceneFile file: String) throws -> SceneTestSpec {
        let sidecar = sidecarPath(forScene: file)
        let hasSidecar = FileManager.default.fileExists(atPath: sidecar)
        let scene = try readJSON(file, expected: "a readable JSON scene")
        if case .object(let top) = scene, let json = top["test"] {
            if hasSidecar {
                throw SceneError(file: file, path: "test", expected: "one test object (in the scene or in \(sidecar), not both)",
                                 found: "both")
            }
            return try parse(json, file: file, path: "test")
        }
        guard hasSidecar else { return SceneTestSpec() }
        let json = try readJSON(sidecar, expected: "a JSON object like {\"fuzzy\": \"...\", \"times\": [...]}")
        return try parse(json, file: sidecar, path: "")
    }

    /// The JSON in `file`; syntax errors say where (``JSONReader``).
    private static func readJSON(_ file: String, expected: String) throws -> JSONValue {
        guard let data = FileManager.default.contents(atPath: file) else {
            throw SceneError(file: file, path: "", expected: expected, found: unreadableFileReason(file))
        }
        return try JSONReader.read([UInt8](data), file: file)
    }

    static func parse(_ json: JSONValue, file: String, path: String) throws -> SceneTestSpec {
        func at(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
        guard case .object(let o) = json else {
            throw SceneError(file: file, path: path, expected: "an object", found: json.shortDescription)
        }
        for key in o.keys where !["fuzzy", "times", "ignore", "mask", "params"].contains(key) {
            throw SceneError(file: file, path: at(key), expected: "no such key (test takes \"fuzzy\", \"times\", \"ignore\", \"mask\" and \"params\")",
                             found: o[key]!.shortDescription)
        }
        var spec = SceneTestSpec()
        if let f = o["fuzzy"] {
            guard case .string(let s) = f else { throw SceneError(file: file, path: at("fuzzy"), expected: "a string", found: f.shortDescription) }
            do { spec.tolerance = try FuzzyTolerance(parsing: s) } catch let e as FuzzyToleranceError {
                throw SceneError(file: file, path: at("fuzzy"), expected: "maxDifference=N-M;totalPixels=N-M (\(e.reason))", found: "\"\(s)\"")
            }
        }
        if let t = o["times"] {
            guard case .array(let items) = t, !items.isEmpty else {
                throw SceneError(file: file, path: at("times"), expected: "a non-empty array of times in seconds", found: t.shortDescription)
            }
            var times: [Double] = [], suffixes: Set<String> = []
            for (i, item) in items.enumerated() {
                guard case .number(let d) = item, d.isFinite else {
                    throw SceneError(file: file, path: at("times") + "[\(i)]", expected: "a finite number of seconds", found: item.shortDescription)
                }
                guard suffixes.insert(ReferenceTest.timeSuffix(d)).inserted else {
                    throw SceneError(file: file, path: at("times") + "[\(i)]", expected: "a time not already listed", found: item.shortDescription)
                }
                times.append(d)
            }
            spec.times = times
        }
        if let ig = o["ignore"] {
            guard case .array(let rects) = ig else {
                throw SceneError(file: file, path: at("ignore"), expected: "a list of rectangles [x, y, w, h] in points", found: ig.shortDescription)
            }
            for (i, r) in rects.enumerated() {
                guard case .array(let v) = r, v.count == 4,
                      case .number(let x) = v[0], case .number(let y) = v[1], case .number(let w) = v[2], case .number(let h) = v[3],
                      [x, y, w, h].allSatisfy(\.isFinite), w >= 0, h >= 0 else {
                    throw SceneError(file: file, path: at("ignore") + "[\(i)]", expected: "a rectangle [x, y, w, h] in points (w, h >= 0)",
                                     found: r.shortDescription)
                }
                spec.ignore.append([x, y, w, h])
            }
        }
        if let p = o["params"] {
            guard case .array(let sets) = p, !sets.isEmpty else {
                throw SceneError(file: file, path: at("params"), expected: "a non-empty list of parameter sets ({NAME: VALUE, ...})",
                                 found: p.shortDescription)
            }
            for (i, set) in sets.enumerated() {
                guard case .object(let values) = set, !values.isEmpty else {
                    throw SceneError(file: file, path: at("params") + "[\(i)]", expected: "an object of parameter names and values",
                                     found: set.shortDescription)
                }
                spec.parameterSets.append(values)
            }
        }
        if let m = o["mask"] {
            guard case .string(let name) = m, !name.isEmpty else {
                throw SceneError(file: file, path: at("mask"), expected: "a PNG file name, relative to the scene", found: m.shortDescription)
            }
            spec.mask = name.hasPrefix("/") ? name : ((file as NSString).deletingLastPathComponent as NSString).appendingPathComponent(name)
        }
        return spec
    }

    /// The comparison mask of an image of `width` x `height` pixels drawn at `scale`
    /// pixels per point; nil when the spec ignores nothing.
    /// - Throws: ``PNGError`` (an unreadable mask), ``ReferenceTestError`` (a mask of another size).
    public func comparisonMask(width: Int, height: Int, scale: Double) throws -> ComparisonMask? {
        guard !ignore.isEmpty || mask != nil else { return nil }
        var m = ComparisonMask(width: width, height: height)
        for r in ignore { m.ignore(x: r[0] * scale, y: r[1] * scale, w: r[2] * scale, h: r[3] * scale) }
        if let path = mask { try m.ignore(darkPixelsOf: try PNG.read(path), named: path) }
        return m
    }

    /// The (time, reference path) pairs to check for the scene at `file`.
    public func cases(forScene file: String) -> [(time: Double?, reference: String)] {
        guard let times else { return [(nil, ReferenceTest.referencePath(forScene: file))] }
        return times.map { ($0, ReferenceTest.referencePath(forScene: file, time: $0)) }
    }

    /// Every scene file under `directory`, recursively, sorted by path: files ending in
    /// `.json` other than sidecars (`.test.json`), skipping hidden files and folders.
    /// - Throws: ``ReferenceTestError`` when `directory` is not a readable folder.
    public static func sceneFiles(under directory: String) throws -> [String] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir), isDir.boolValue else {
            throw ReferenceTestError("\(directory): expected a folder of scenes, found \(FileManager.default.fileExists(atPath: directory) ? "a file" : "nothing")")
        }
        guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: directory), includingPropertiesForKeys: nil,
                                                          options: [.skipsHiddenFiles]) else {
            throw ReferenceTestError("\(directory): cannot be read")
        }
        var found: [String] = []
        let base = URL(fileURLWithPath: directory).standardizedFileURL.path
        for case let url as URL in walker {
            let name = url.lastPathComponent
            guard name.hasSuffix(".json"), !name.hasSuffix(".test.json") else { continue }
            let full = url.standardizedFileURL.path
            let rel = full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : name
            found.append((directory as NSString).appendingPathComponent(rel))
        }
        return found.sorted()
    }
}
