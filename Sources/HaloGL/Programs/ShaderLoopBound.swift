/// A shader paint's or shape's file with its loops bounded by Halo (Shaders/lib/loop_bound.glsl,
/// Shaders/README.md "Loops"): each `for (A; B; C)` becomes `for (A; (B) && haloLoop(LINE); C)`
/// (an empty B: `haloLoop(LINE)`), each `while (B)`, a do-while's included, becomes
/// `while ((B) && haloLoop(LINE))`, LINE the keyword's line plus ``fileStride`` times the
/// file's number (0 the paint's or shape's own file, 1, 2, ... the files it includes from
/// beside it, ``LocalIncludes``), so that a probe's value names file and line. Text is only inserted within
/// lines, outside comments and preprocessor lines, so line numbers stay true; the insertions
/// are kept to turn a compile error's column back into the file's own (``writtenColumn(line:column:)``).
struct ShaderLoopBound: Sendable, Hashable {
    /// Text inserted into a line: at `at` (0-based byte offset in the line as written), `count` bytes.
    struct Insertion: Sendable, Hashable {
        var at: Int
        var count: Int
    }

    /// LINE's multiple of the file's number in haloLoop(LINE): lines of a file stay under it
    /// (and the code stays exact in a probe's float up to file 167).
    static let fileStride = 100_000

    /// The file's number among the user's files of one paint or shape (0 its own).
    let file: Int
    /// The file as compiled.
    let text: String
    /// The insertions of each line (0-based line index), left to right.
    let insertions: [Int: [Insertion]]

    init(_ written: String, file: Int = 0) {
        let source = GLSLSourceText(written)
        var edits: [Int: [(at: Int, text: String)]] = [:]
        for loop in source.loopHeaders() {
            let call = "haloLoop(\(file * ShaderLoopBound.fileStride + loop.line + 1))"
            if let (open, close) = loop.condition {
                edits[open.line, default: []].append((open.column, "("))
                edits[close.line, default: []].append((close.column, ") && " + call))
            } else if let at = loop.emptyCondition {
                edits[at.line, default: []].append((at.column, call))
            }
        }
        var lines = source.lines.map { Array($0.utf8) }
        var insertions: [Int: [Insertion]] = [:]
        for (l, list) in edits {
            let sorted = list.sorted { $0.at < $1.at }
            insertions[l] = sorted.map { Insertion(at: $0.at, count: $0.text.utf8.count) }
            for e in sorted.reversed() { lines[l].insert(contentsOf: Array(e.text.utf8), at: e.at) }
        }
        text = lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
        self.insertions = insertions
        self.file = file
    }

    /// The column (1-based) in line `line` (1-based) as written of column `column` of the
    /// line as compiled; a column within inserted text is the place it was inserted at.
    func writtenColumn(line: Int, column: Int) -> Int {
        var x = column - 1, shift = 0
        for ins in insertions[line - 1] ?? [] {
            let start = ins.at + shift
            if x < start { break }
            if x < start + ins.count { return ins.at + 1 }
            shift += ins.count
        }
        x -= shift
        return x + 1
    }
}

extension GLSLSourceText {
    /// A place in the text: 0-based line and byte column.
    struct Place { var line: Int; var column: Int }

    /// A `for` or `while` statement's header: the keyword's line; where its condition's text
    /// starts and ends (a for's between its two `;`, a while's within its parentheses), or,
    /// for `for (A;; C)`, where the empty condition is.
    struct LoopHeader {
        var line: Int
        var condition: (start: Place, end: Place)?
        var emptyCondition: Place?
    }

    /// The headers of every `for` and `while` outside comments and preprocessor lines, in order.
    /// A keyword not followed by a balanced parenthesis (a file that will not compile anyway) is skipped.
    func loopHeaders() -> [LoopHeader] {
        // The code as one stream of bytes with each byte's place; preprocessor lines left out.
        var bytes: [UInt8] = [], places: [Place] = []
        for (l, line) in code.enumerated() {
            let directive = line.first(where: { $0 != 32 && $0 != 9 }) == UInt8(ascii: "#")
            for (c, b) in line.enumerated() {
                bytes.append(directive ? 32 : b); places.append(Place(line: l, column: c))
            }
            bytes.append(10); places.append(Place(line: l, column: line.count))
        }
        func isWord(_ b: UInt8) -> Bool {
            b == UInt8(ascii: "_") || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9"))
        }
        func isBlank(_ b: UInt8) -> Bool { b == 32 || b == 9 || b == 10 || b == 13 }
        var headers: [LoopHeader] = []
        var i = 0
        while i < bytes.count {
            guard isWord(bytes[i]) else { i += 1; continue }
            var j = i
            while j < bytes.count && isWord(bytes[j]) { j += 1 }
            let word = String(decoding: bytes[i..<j], as: UTF8.self)
            defer { i = j }
            guard word == "for" || word == "while" else { continue }
            var open = j
            while open < bytes.count && isBlank(bytes[open]) { open += 1 }
            guard open < bytes.count, bytes[open] == UInt8(ascii: "(") else { continue }
            // The matching `)` and the `;` at the header's own depth.
            var depth = 0, k = open, semicolons: [Int] = []
            while k < bytes.count {
                if bytes[k] == UInt8(ascii: "(") { depth += 1 }
                if bytes[k] == UInt8(ascii: ")") { depth -= 1; if depth == 0 { break } }
                if bytes[k] == UInt8(ascii: ";") && depth == 1 { semicolons.append(k) }
                k += 1
            }
            guard k < bytes.count else { continue }
            var (start, end) = word == "for" ? (semicolons.count == 2 ? (semicolons[0] + 1, semicolons[1]) : (-1, -1)) : (open + 1, k)
            guard start >= 0 else { continue }
            var header = LoopHeader(line: places[i].line)
            if bytes[start..<end].allSatisfy(isBlank) {
                header.emptyCondition = places[end]
            } else {
                // The condition without the blanks around it.
                while isBlank(bytes[start]) { start += 1 }
                while isBlank(bytes[end - 1]) { end -= 1 }
                header.condition = (places[start], places[end])
            }
            headers.append(header)
        }
        return headers
    }
}
