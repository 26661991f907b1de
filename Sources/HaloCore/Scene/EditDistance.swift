/// Typo hints for messages ("did you mean ...?") in scene errors and the command line.

/// The known key closest to `key` by edit distance, when close enough to be a typo.
public func closestKey(_ key: String, _ known: [String]) -> String? {
    let limit = max(1, min(3, key.count / 3))
    var best: (String, Int)?
    for k in known {
        let d = editDistance(key.lowercased(), k.lowercased())
        if d <= limit, d < (best?.1 ?? Int.max) { best = (k, d) }
    }
    return best?.0
}

/// Damerau-Levenshtein (optimal string alignment) distance: the fewest insertions,
/// deletions, substitutions and swaps of neighbours that turn `a` into `b`.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
        }
    }
    return d[a.count][b.count]
}
