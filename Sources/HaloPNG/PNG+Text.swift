import Foundation

extension PNG {
    /// The text of the first tEXt chunk named `key` in the PNG at `path` (PNG specification,
    /// 11.3.4.3: keyword, a zero byte, Latin-1 text), or nil when there is none, or the file
    /// cannot be read or is not a PNG. Only the chunks are walked; no pixel is decoded.
    public static func text(_ key: String, in path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 8,
              data.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let bytes = [UInt8](data)
        let wanted = Array(key.utf8) + [0]
        var at = 8
        // Each chunk: a 4-byte big-endian length, a 4-byte type, the data, a 4-byte CRC.
        while at + 8 <= bytes.count {
            let length = bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self)
            let start = at + 8
            guard length <= bytes.count - start else { return nil }
            if type == "IEND" { return nil }
            if type == "tEXt", bytes[start..<(start + length)].starts(with: wanted) {
                return String(decoding: bytes[(start + wanted.count)..<(start + length)], as: UTF8.self)
            }
            at = start + length + 4
        }
        return nil
    }
}
