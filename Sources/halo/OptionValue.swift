import Foundation
import Halo
import HaloPreview
import HaloTesting

/// What an option of the table takes after its name: how the text is checked, what it is
/// turned into, and the placeholder that help and usage lines show for it.
///
/// Every kind is parsed here, once, so that `--backend` (say) means the same in every
/// command that takes it and is refused with the same message.
enum OptionValue: Sendable {
    /// No value: the option is given or not (read with ``Arguments/flag(_:)``).
    case flag
    /// A path used as given, for a folder the command makes itself. Gives a `String`.
    case path(String)
    /// An existing folder of `contents` (e.g. "GLSL files"), refused when there is no such
    /// folder. Gives a `String`.
    case folder(String, of: String)
    /// A file to write: refused before any work when it names a folder, a device or a
    /// pipe, or its folder does not exist or is not writable (`PNG.checkOutputPath`).
    /// Gives a `String`.
    case outputFile(String)
    /// A report file to write, its folder made when missing (`halo test --junit`): refused
    /// before any work when it names a folder or anything but a regular file, or when the
    /// nearest existing folder above it is not a writable folder. Gives a `String`.
    case reportFile(String)
    /// A finite number (a `Double`; the option's help states its unit).
    case number(String)
    /// A whole number at least `min`. Gives an `Int`.
    case integer(String, min: Int)
    /// A whole number 0...`UInt64.max`, e.g. a random seed. Gives a `UInt64`.
    case unsigned(String)
    /// `WxH` in pixels, each side 1...`Limits.maxCanvasSide`. Gives a ``PixelSize``.
    case size
    /// `gpu` or `cpu`. Gives a `Backend`.
    case backend
    /// `missing`, `all` or `never`. Gives a `RecordMode`.
    case recordMode
    /// A web-platform-tests fuzzy tolerance, e.g. `maxDifference=0-2;totalPixels=0-100`.
    /// Gives a `FuzzyTolerance`.
    case tolerance
    /// A ``ToleranceMode`` name.
    case toleranceMode
    /// A `halo preview` script, `"F ACTION; ..."`. Gives a `PreviewScript`.
    case script
    /// `apng`, `gif`, `mp4`, `webm` or `png`. Gives a `MotionFormat`.
    case motionFormat
    /// `NAME=VALUE` for a scene parameter. Gives a ``ParameterSetting``.
    case parameterSetting
    /// `K/N`, whole numbers with 1 <= K <= N. Gives a `SuiteShard`.
    case shard
    /// Rectangles `X,Y,W,H` in pixels separated by `;`, each number a finite decimal, W and
    /// H >= 0. Gives `[PixelRectangle]`.
    case rectangles

    /// What help and usage lines show after the option's name ("" for a flag).
    /// Whether the option takes no value.
    var isFlag: Bool { if case .flag = self { return true } else { return false } }

    var placeholder: String {
        switch self {
        case .flag: return ""
        case .path(let p), .folder(let p, _), .outputFile(let p), .reportFile(let p), .number(let p), .integer(let p, _), .unsigned(let p): return p
        case .size: return "WxH"
        case .backend: return Self.choices(Backend.self).joined(separator: "|")
        case .recordMode: return Self.choices(RecordMode.self).joined(separator: "|")
        case .tolerance: return "SPEC"
        case .toleranceMode: return Self.choices(ToleranceMode.self).joined(separator: "|")
        case .script: return "\"F ACTION; ...\""
        case .motionFormat: return "apng|gif|mp4|webm|png"
        case .parameterSetting: return "NAME=VALUE"
        case .shard: return "K/N"
        case .rectangles: return "X,Y,W,H[;...]"
        }
    }

    /// The value of `text` given to the option `name`.
    /// - Throws: ``UsageError`` (naming the option) when the text is not such a value, or the
    ///   library's own error for a tolerance, a script or an output file.
    func parse(_ text: String, for name: String) throws -> any Sendable {
        if text.isEmpty, !isFlag { throw UsageError("\(name): expected \(placeholder), found an empty value") }
        switch self {
        case .flag:
            throw UsageError("\(name) takes no value, found \(text)")
        case .path:
            return text
        case .folder(_, let contents):
            var isDir: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: text, isDirectory: &isDir)
            guard exists, isDir.boolValue else {
                throw UsageError("\(name): expected a folder of \(contents), found \(text) (\(exists ? "a file, not a folder" : "no such folder"))")
            }
            return text
        case .outputFile:
            _ = try PNG.checkOutputPath(text)
            return text
        case .reportFile:
            try Self.checkReportPath(text, for: name)
            return text
        case .number:
            guard let d = Self.decimal(text) else { throw UsageError("\(name): expected a finite decimal number, found \(text)") }
            return d
        case .integer(_, let min):
            guard let i = Int(text), i >= min else { throw UsageError("\(name): expected an integer >= \(min), found \(text)") }
            return i
        case .unsigned:
            guard text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let u = UInt64(text) else { throw UsageError("\(name): expected a whole number 0...\(UInt64.max), found \(text)") }
            return u
        case .size:
            let parts = text.lowercased().split(separator: "x")
            let sides = 1...Limits.maxCanvasSide
            guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), sides.contains(w), sides.contains(h) else {
                throw UsageError("\(name): expected WxH with each side 1...\(Limits.maxCanvasSide), found \(text)")
            }
            return PixelSize(width: w, height: h)
        case .backend:
            return try Self.choice(Backend.self, text, for: name)
        case .recordMode:
            return try Self.choice(RecordMode.self, text, for: name)
        case .tolerance:
            return try FuzzyTolerance(parsing: text)
        case .toleranceMode:
            return try Self.choice(ToleranceMode.self, text, for: name)
        case .script:
            return try PreviewScript(parsing: text)
        case .parameterSetting:
            return try ParameterSetting(parsing: text, option: name)
        case .motionFormat:
            guard let f = MotionFormat(rawValue: text) else { throw UsageError("\(name): expected apng, gif, mp4, webm or png, found \(text)") }
            return f
        case .shard:
            guard let shard = SuiteShard(parsing: text) else {
                throw UsageError("\(name): expected K/N, whole numbers with 1 <= K <= N (e.g. 2/3), found \(text)")
            }
            return shard
        case .rectangles:
            return try text.split(separator: ";", omittingEmptySubsequences: false).map { rect in
                let v = rect.split(separator: ",", omittingEmptySubsequences: false).map { Self.decimal($0.trimmingCharacters(in: .whitespaces)) }
                guard v.count == 4, let x = v[0], let y = v[1], let w = v[2], let h = v[3], w >= 0, h >= 0 else {
                    throw UsageError("\(name): expected rectangles X,Y,W,H of finite decimal numbers (pixels, W and H >= 0) "
                                     + "separated by ;, found \(rect)")
                }
                return PixelRectangle(x: x, y: y, width: w, height: h)
            }
        }
    }

    /// Refuses a report path that names a folder or a non-regular file, or whose nearest
    /// existing folder is a file or not writable (the folders below it are made when written).
    private static func checkReportPath(_ path: String, for name: String) throws {
        var isDir: ObjCBool = false
        if path.hasSuffix("/") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue) {
            throw UsageError("\(name): expected a file to write, found the folder \(path)")
        }
        var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDir) && folder.path != "/" { folder.deleteLastPathComponent() }
        guard isDir.boolValue, FileManager.default.isWritableFile(atPath: folder.path) else {
            throw UsageError("\(name): expected a file in a writable folder (made when missing), found \(path) (\(folder.path) is \(isDir.boolValue ? "not writable" : "a file"))")
        }
    }

    /// `text` as a finite decimal number (`-1.5`, `2e3`), or nil: `Double(_:)` alone also
    /// reads hexadecimal (`0x10`), `+1`, `nan` and `inf`.
    private static func decimal(_ text: String) -> Double? {
        guard text.range(of: #"^-?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?$"#, options: .regularExpression) != nil,
              let d = Double(text), d.isFinite else { return nil }
        return d
    }

    /// The raw values of an enum's cases, in declaration order.
    private static func choices<T: CaseIterable & RawRepresentable>(_: T.Type) -> [String] where T.RawValue == String {
        T.allCases.map(\.rawValue)
    }

    /// The case of `T` named `text`; refused as "expected a, b or c, found text".
    private static func choice<T: CaseIterable & RawRepresentable & Sendable>(_: T.Type, _ text: String, for name: String) throws -> T
        where T.RawValue == String {
        if let v = T(rawValue: text) { return v }
        let all = choices(T.self)
        let list = all.count > 1 ? all.dropLast().joined(separator: ", ") + " or " + all.last! : all.joined()
        throw UsageError("\(name): expected \(list), found \(text)")
    }
}
