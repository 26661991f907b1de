import CHaloText
import Foundation

/// A font face to draw text with: a file and the index of the face in it.
public struct FontFile: Hashable, Sendable {
    public var path: String
    public var index: Int
    public init(path: String, index: Int = 0) { self.path = path; self.index = index }
}

/// A font that cannot be used; the scene reader turns it into a refusal at the JSON path.
public struct FontError: Error, CustomStringConvertible, Sendable {
    /// What was expected, e.g. "an installed font family (fontconfig's match is DejaVu Sans)".
    public var expected: String
    public var description: String { expected }
}

/// Family names resolved with fontconfig as docs/scene-format.md "Text" says: as
/// `fc-match "FAMILY:weight=W:slant=S"` resolves them.
public enum FontMatch {
    /// fontconfig's FcWeightFromOpenType table (fcweight.c): (CSS/OpenType weight,
    /// fontconfig weight), linear in between, then rounded half up.
    static let weights: [(Double, Double)] = [(0, 0), (100, 0), (200, 40), (300, 50), (350, 55), (380, 75), (400, 80),
                                              (500, 100), (600, 180), (700, 200), (800, 205), (900, 210), (1000, 215)]

    /// CSS font-weight (1...1000) on fontconfig's scale: 400 -> 80, 700 -> 200.
    public static func fontconfigWeight(_ css: Int) -> Int {
        let w = Double(css)
        for (a, b) in zip(weights, weights.dropFirst()) where w <= b.0 {
            return Int((a.1 + (w - a.0) * (b.1 - a.1) / (b.0 - a.0) + 0.5).rounded(.down))
        }
        return Int(weights.last!.1)
    }

    /// The family as a fontconfig pattern literal: `\`, `-`, `:` and `,` escaped by a backslash.
    public static func escape(_ family: String) -> String {
        var out = ""
        for ch in family {
            if "\\-:,".contains(ch) { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    /// fontconfig compares family names ignoring case and blanks.
    public static func sameFamily(_ a: String, _ b: String) -> Bool {
        func norm(_ s: String) -> String { s.replacingOccurrences(of: " ", with: "").lowercased() }
        return norm(a) == norm(b)
    }

    /// The face fontconfig picks for `family` at `weight` (CSS, 1...1000), roman or italic.
    /// - Throws: ``FontError`` when fontconfig matches nothing or falls back to another
    ///   family (naming the family it found instead).
    public static func match(family: String, weight: Int, italic: Bool) throws -> FontFile {
        let pattern = "\(escape(family)):weight=\(fontconfigWeight(weight)):slant=\(italic ? 100 : 0)"
        let cacheKey = pattern
        if let hit = cache.get(cacheKey) { return try hit.get() }
        let result: Result<FontFile, FontError> = {
            var families = [CChar](repeating: 0, count: 4096)
            var file = [CChar](repeating: 0, count: 4096)
            var index: Int32 = 0
            let rc = halo_fc_match(pattern, &families, families.count, &file, file.count, &index)
            if rc != 0 {
                return .failure(FontError(expected: "a family name that fontconfig can match (fc-match \"\(pattern)\" found none)"))
            }
            func string(_ c: [CChar]) -> String { String(decoding: c.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
            let names = string(families).split(separator: "\t").map(String.init)
            guard names.contains(where: { sameFamily($0, family) }) else {
                let found = names.isEmpty ? "of no family" : names.joined(separator: ", ")
                return .failure(FontError(expected: "an installed font family (fontconfig's match is \(found))"))
            }
            return .success(FontFile(path: string(file), index: Int(index)))
        }()
        cache.set(cacheKey, result)
        return try result.get()
    }

    private static let cache = LockedCache<String, Result<FontFile, FontError>>()
}

/// A dictionary behind a lock, shared by threads.
final class LockedCache<Key: Hashable, Value>: @unchecked Sendable {
    private var values: [Key: Value] = [:]
    private let lock = NSLock()
    func get(_ key: Key) -> Value? { lock.lock(); defer { lock.unlock() }; return values[key] }
    func set(_ key: Key, _ value: Value) {
        lock.lock(); defer { lock.unlock() }
        if values.count > 256 { values.removeAll() }
        values[key] = value
    }
}
