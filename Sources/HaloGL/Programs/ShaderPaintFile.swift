import Foundation
import HaloCore

/// A shader paint's GLSL as the renderer compiles it (Shaders/README.md).
struct ShaderPaintFile: Sendable, Hashable {
    /// Where it was read from, for messages (the driver's errors map to `path:line`).
    var path: String
    /// Its text as compiled: a leading `#version` line blanked (Halo's shader has one), its
    /// loops bounded (``ShaderLoopBound``); line numbers stay true.
    var text: String
    /// The user's file as written, with the loops' insertions, for the columns and context of
    /// compile errors; nil for Halo's own text.
    var loops: (written: String, bound: ShaderLoopBound)?

    init(path: String, text: String) {
        self.path = path
        self.text = text
    }

    /// The compiled form of a paint or shape read with its scene (``ShaderPaintSource``).
    init(_ source: ShaderPaintSource) {
        self.init(userFile: source.file, text: source.text)
    }

    /// The compiled form of a user's file (a paint, a shape, a file one includes from beside
    /// it: `loopFile` its number, ``ShaderLoopBound/file``).
    init(userFile path: String, text: String, loopFile: Int = 0) {
        var lines = text.components(separatedBy: "\n")
        if let first = lines.first, first.trimmingCharacters(in: .whitespaces).hasPrefix("#version") {
            lines[0] = "// " + first
        }
        let written = lines.joined(separator: "\n"), bound = ShaderLoopBound(written, file: loopFile)
        self.init(path: path, text: bound.text)
        loops = (written, bound)
    }

    /// The text for a compile error's line, column and context (``CompileLog``): as written,
    /// columns mapped back across the loops' insertions.
    var sourceText: GLSLSourceText {
        loops.map { GLSLSourceText(compiled: text, written: $0.written, bound: $0.bound) } ?? GLSLSourceText(text)
    }

    static func == (a: ShaderPaintFile, b: ShaderPaintFile) -> Bool { a.path == b.path && a.text == b.text }
    func hash(into h: inout Hasher) { h.combine(path); h.combine(text) }
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
