import Foundation
import HaloCore

/// A shader paint's GLSL as the renderer compiles it (Shaders/README.md).
struct ShaderPaintFile: Sendable, Hashable {
    /// Where it was read from, for messages (the driver's errors map to `path:line`).
    var path: String
    /// Its text, a leading `#version` line blanked (Halo's shader has one; line numbers stay true).
    var text: String

    init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The compiled form of a paint read with its scene (``ShaderPaintSource``).
    init(_ source: ShaderPaintSource) {
        var lines = source.text.components(separatedBy: "\n")
        if let first = lines.first, first.trimmingCharacters(in: .whitespaces).hasPrefix("#version") {
            lines[0] = "// " + first
        }
        self.init(path: source.file, text: lines.joined(separator: "\n"))
    }
}

extension ShaderLibrary {
    /// This library with shader paints' text in place of the empty `paint/fill.glsl` and
    /// `paint/stroke.glsl` that `lib/paint_eval.glsl` includes (each between
    /// `#define haloPaint haloPaintFill` / `haloPaintStroke` and `#undef haloPaint`).
    /// One source used for both: included once, the stroke calls the fill's function
    /// (its helper functions would otherwise be defined twice).
    /// Their includes of files beside them resolve there first (``LocalIncludes``).
    /// `parameters` are declared in place of the empty `paint/params.glsl` (``ShaderParameters``).
    func withPaints(fill: ShaderPaintSource?, stroke: ShaderPaintSource?, parameters: ShaderParameters? = nil) -> ShaderLibrary {
        guard fill != nil || stroke != nil else { return self }
        var copy = self
        if let parameters, !parameters.declarations.isEmpty {
            copy.overrides["paint/params.glsl"] = ShaderPaintFile(path: "paint/params.glsl", text: parameters.glsl)
        }
        if let fill { copy.setUserFile("paint/fill.glsl", ShaderPaintFile(fill)) }
        if let stroke {
            if stroke == fill {
                copy.overrides["paint/stroke.glsl"] = ShaderPaintFile(path: stroke.file, text: "vec4 haloPaint(vec2 u, vec2 p, float t) { return haloPaintFill(u, p, t); }\n")
            } else {
                copy.setUserFile("paint/stroke.glsl", ShaderPaintFile(stroke))
            }
        }
        return copy
    }
}

extension ResolvedPaint {
    /// The GLSL source of a shader paint; nil for other paints.
    public var shaderSource: ShaderPaintSource? {
        if case .shader(let source, _, _, _, _) = geometry { return source }
        return nil
    }
}
