import Foundation
import HaloCore

/// A shader paint's GLSL file as the renderer compiles it (Shaders/README.md).
struct ShaderPaintFile: Sendable, Hashable {
    /// Where it was read from, for messages (the driver's errors map to `path:line`).
    var path: String
    /// Its text, a leading `#version` line blanked (Halo's shader has one; line numbers stay true).
    var text: String
}

extension ShaderLibrary {
    /// This library with shader paints' files in place of the empty `paint/fill.glsl` and
    /// `paint/stroke.glsl` that `lib/paint_eval.glsl` includes (each between
    /// `#define haloPaint haloPaintFill` / `haloPaintStroke` and `#undef haloPaint`).
    /// One file used for both: included once, the stroke calls the fill's function
    /// (its helper functions would otherwise be defined twice).
    /// `snapshots` keeps each file's text as first read, so that the variants a renderer
    /// compiles later (new tiles, a glow) use the text its first frame used, even when the
    /// file has been edited since (the preview makes a new renderer for the new text).
    /// - Throws: ``ShaderError/missingFile(_:)`` when a file cannot be read.
    func withPaints(fill: String?, stroke: String?, snapshots: inout [String: ShaderPaintFile]) throws -> ShaderLibrary {
        guard fill != nil || stroke != nil else { return self }
        func read(_ path: String) throws -> ShaderPaintFile {
            if let s = snapshots[path] { return s }
            let s = try ShaderLibrary.paintFile(path)
            snapshots[path] = s
            return s
        }
        var copy = self
        if let fill { copy.overrides["paint/fill.glsl"] = try read(fill) }
        if let stroke {
            copy.overrides["paint/stroke.glsl"] = stroke == fill
                ? ShaderPaintFile(path: stroke, text: "vec4 haloPaint(vec2 u, vec2 p, float t) { return haloPaintFill(u, p, t); }\n")
                : try read(stroke)
        }
        return copy
    }

    static func paintFile(_ path: String) throws -> ShaderPaintFile {
        guard let data = FileManager.default.contents(atPath: path) else { throw ShaderError.missingFile(path) }
        // Checked here so that the message names the paint's file, not the library code
        // that calls it.
        guard let text = String(data: data, encoding: .utf8), !data.contains(0) else {
            throw ShaderError.compile("\(path):1: error: expected UTF-8 GLSL text, found bytes that are not")
        }
        if text.range(of: #"\bhaloPaint\s*\("#, options: .regularExpression) == nil {
            throw ShaderError.compile("\(path):1: error: expected a function vec4 haloPaint(vec2 unitPoint, vec2 point, float time) (Shaders/README.md, \"Shader paints\"), found none")
        }
        var lines = text.components(separatedBy: "\n")
        if let first = lines.first, first.trimmingCharacters(in: .whitespaces).hasPrefix("#version") {
            lines[0] = "// " + first
        }
        return ShaderPaintFile(path: path, text: lines.joined(separator: "\n"))
    }
}

extension ResolvedPaint {
    /// The GLSL file of a shader paint; nil for other paints.
    public var shaderFile: String? {
        if case .shader(let file, _, _, _, _) = geometry { return file }
        return nil
    }
}
