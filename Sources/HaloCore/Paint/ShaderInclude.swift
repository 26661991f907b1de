import Foundation

/// The `#include "NAME"` lines of a shader paint's or shape's GLSL (Shaders/README.md): NAME
/// is a file of Halo's shader folder (`Shaders/`), relative to it ("lib/sdf.glsl"), and must
/// stay inside it: no absolute path, no `..` component, no backslash, no NUL. The scene
/// reader refuses a file with any other include (``ShaderPaintSource``); the GPU renderer's
/// library refuses them again, and an include it cannot find, naming the including file's line.
public enum ShaderInclude {
    /// Every `#include` directive of `text` (leading blanks allowed): its line, 1-based, and
    /// the directive with the blanks around it trimmed.
    public static func directives(in text: String) -> [(line: Int, directive: String)] {
        var out: [(Int, String)] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.hasPrefix("#include") { out.append((i + 1, t)) }
        }
        return out
    }

    /// The quoted name of `directive` (`#include "lib/sdf.glsl"` gives lib/sdf.glsl), nil when
    /// it has no pair of quotes.
    public static func name(_ directive: String) -> String? {
        guard let open = directive.firstIndex(of: "\""), let close = directive.lastIndex(of: "\""), open < close else { return nil }
        return String(directive[directive.index(after: open)..<close])
    }

    /// Why `name` cannot be included, or nil when it names a place inside the shader folder.
    public static func refusal(_ name: String) -> String? {
        if name.isEmpty { return "an empty name" }
        if name.hasPrefix("/") { return "an absolute path (an include names a file of the shader folder, such as \"lib/sdf.glsl\")" }
        if name.contains("\\") || name.contains("\0") { return "a backslash or NUL in the name" }
        if name.split(separator: "/").contains("..") { return "a \"..\" component, which leaves the shader folder" }
        return nil
    }

    /// The first include of `text` that is refused, its line and why, or nil when every one
    /// is well formed and stays inside the shader folder.
    public static func firstRefusal(in text: String) -> (line: Int, reason: String)? {
        for d in directives(in: text) {
            guard let n = name(d.directive) else { return (d.line, "a malformed include \(d.directive) (expected #include \"lib/name.glsl\")") }
            if let why = refusal(n) { return (d.line, "#include \"\(n)\": \(why)") }
        }
        return nil
    }
}
