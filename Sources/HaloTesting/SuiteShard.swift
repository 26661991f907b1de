/// One of N shares of a suite of scenes, so that a large suite runs as N jobs (a CI
/// matrix) on as many machines: `halo test --shard K/N`.
///
/// A scene belongs to shard `fnv1a64(path) mod N + 1`, where `path` is its file's path
/// relative to the suite's folder, `/`-separated, as UTF-8 (`group/button.json`). Every
/// scene is in exactly one shard; which one depends on its own path only, so adding or
/// removing scenes never moves another scene to a different shard (a split by position
/// would), and every machine computes the same split from the same checkout.
public struct SuiteShard: Equatable, Sendable, CustomStringConvertible {
    /// K, 1...``count``.
    public let index: Int
    /// N, 1 or more.
    public let count: Int

    /// Shard `index` of `count`; nil unless 1 <= index <= count.
    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// Reads `K/N` (decimal whole numbers, 1 <= K <= N, e.g. "2/3"); nil for anything else
    /// ("0/2", "3/2", "1/0", "a/b", "2").
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }),
              let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }

    /// "K/N".
    public var description: String { "\(index)/\(count)" }

    /// Whether the scene at `relativePath` (under the suite's folder, `/`-separated) is in this shard.
    public func contains(scene relativePath: String) -> Bool {
        SuiteShard.index(ofScene: relativePath, count: count) == index
    }

    /// The shard, 1...`count`, that holds the scene at `relativePath`: FNV-1a (64-bit) of its
    /// UTF-8 bytes, modulo `count`, plus 1.
    public static func index(ofScene relativePath: String, count: Int) -> Int {
        precondition(count >= 1, "a suite splits into 1 or more shards")
        return Int(fnv1a64(Array(relativePath.utf8)) % UInt64(count)) + 1
    }

    /// FNV-1a, 64-bit (Fowler, Noll and Vo; IETF draft-eastlake-fnv, section 2): from the
    /// offset basis 0xcbf29ce484222325, for each byte: xor it in, then multiply by the prime
    /// 0x100000001b3 modulo 2^64.
    public static func fnv1a64(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}
