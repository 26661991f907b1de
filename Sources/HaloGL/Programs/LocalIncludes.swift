import Foundation
import HaloCore

/// The `#include`s of a shader paint or shape that name files beside it: an include
/// `"NAME"` of a user's shader file is looked for first in that file's folder (NAME relative
/// to it, as Halo's own includes are relative to `Shaders/`), then in Halo's shader folder
/// (Shaders/README.md, "Includes"). A file found beside the shader is read only if its
/// real path (symbolic links resolved) stays inside that folder; its own includes resolve
/// the same way, against the same folder. Names that leave either folder (`..`, an absolute
/// path) are refused before this (``ShaderInclude/refusal(_:)``).
///
/// The library compiles such a file under a key of its own (``key(_:_:)``), so that it never
/// stands in for Halo's file of the same name in Halo's own shaders; the include line is
/// rewritten to that key in place (line numbers stay true) and messages name the real path.
struct LocalIncludes {
    /// The user's file with its local includes renamed to their keys.
    let file: ShaderPaintFile
    /// Each local include's key and file (its includes renamed the same way).
    let found: [String: ShaderPaintFile]

    /// Resolves the includes of `file`, whose folder is that of `file.path`.
    init(_ file: ShaderPaintFile) {
        let folder = (file.path as NSString).deletingLastPathComponent
        var found: [String: ShaderPaintFile] = [:]
        func rewrite(_ f: ShaderPaintFile, depth: Int) -> ShaderPaintFile {
            guard depth <= 16 else { return f }
            var lines = f.text.components(separatedBy: "\n")
            for d in ShaderInclude.directives(in: f.text) {
                guard let name = ShaderInclude.name(d.directive), ShaderInclude.refusal(name) == nil,
                      let path = LocalIncludes.inside(folder, name) else { continue }
                let key = LocalIncludes.key(folder, name)
                lines[d.line - 1] = lines[d.line - 1].replacingOccurrences(of: "\"\(name)\"", with: "\"\(key)\"")
                if found[key] == nil, let text = try? String(contentsOfFile: path, encoding: .utf8) {
                    found[key] = ShaderPaintFile(path: path, text: text)   // placeholder against cycles
                    found[key] = rewrite(ShaderPaintFile(userFile: path, text: text, loopFile: found.count), depth: depth + 1)
                }
            }
            // (The loops' insertions, ShaderLoopBound, are never on an include's line: they stay true.)
            var out = f
            out.text = lines.joined(separator: "\n")
            return out
        }
        self.file = rewrite(file, depth: 0)
        self.found = found
    }

    /// The library's name for `name` beside a shader in `folder`: never one of Halo's own
    /// (they do not start with "@"), and passing ``ShaderInclude/refusal(_:)``.
    static func key(_ folder: String, _ name: String) -> String {
        let f = URL(fileURLWithPath: folder).standardizedFileURL.path
        return "@" + String(f.drop { $0 == "/" }) + "/" + name
    }

    /// The path of `name` in `folder` when it is a regular file whose real path lies inside
    /// the folder's real path; nil otherwise.
    static func inside(_ folder: String, _ name: String) -> String? {
        let path = (folder as NSString).appendingPathComponent(name)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), !isDir.boolValue else { return nil }
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path + "/"
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path.hasPrefix(root) ? path : nil
    }
}

extension ShaderLibrary {
    /// This library with `file`'s local includes (``LocalIncludes``) added under their keys,
    /// and `file` with its include lines renamed to them.
    func addingLocalIncludes(of file: ShaderPaintFile) -> (ShaderLibrary, ShaderPaintFile) {
        let local = LocalIncludes(file)
        var copy = self
        for (key, f) in local.found { copy.overrides[key] = f }
        return (copy, local.file)
    }

    /// ``addingLocalIncludes(of:)`` for the user's file put in place of the library file `slot`
    /// ("paint/fill.glsl", "paint/stroke.glsl", "paint/shape.glsl").
    mutating func setUserFile(_ slot: String, _ file: ShaderPaintFile) {
        let (lib, resolved) = addingLocalIncludes(of: file)
        self = lib
        overrides[slot] = resolved
    }
}
