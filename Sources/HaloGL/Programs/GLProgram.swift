import CEpoxy
import Foundation

/// A linked GL program built from files of a ``ShaderLibrary``, with its uniform
/// locations looked up once. Compile and link errors throw ``ShaderError`` with
/// the driver's messages mapped back to `file:line`.
final class GLProgram {
    let id: GLuint
    private var locations: [String: GLint] = [:]

    init(_ library: ShaderLibrary, vertex: String, fragment: String, uniforms: [String], defines: [(String, String)] = []) throws {
        let vs = try GLProgram.compile(library, vertex, GLenum(GL_VERTEX_SHADER), defines)
        defer { halo_glDeleteShader(vs) }
        let fs = try GLProgram.compile(library, fragment, GLenum(GL_FRAGMENT_SHADER), defines)
        defer { halo_glDeleteShader(fs) }
        let p = halo_glCreateProgram()
        halo_glAttachShader(p, vs)
        halo_glAttachShader(p, fs)
        halo_glLinkProgram(p)
        var ok: GLint = 0
        halo_glGetProgramiv(p, GLenum(GL_LINK_STATUS), &ok)
        if ok == 0 {
            let log = GLProgram.infoLog(p, program: true)
            halo_glDeleteProgram(p)
            throw ShaderError.link("\(library.location(of: vertex)) + \(library.location(of: fragment)): \(log)")
        }
        id = p
        for name in uniforms { locations[name] = halo_glGetUniformLocation(p, name) }
    }

    /// Deletes the program; call while its context is current (the owner's deinit).
    func delete() { halo_glDeleteProgram(id) }

    /// The location of a uniform declared at init (-1 if the driver optimised it away).
    @inline(__always) func loc(_ name: String) -> GLint { locations[name] ?? -1 }

    static func compile(_ library: ShaderLibrary, _ name: String, _ kind: GLenum, _ defines: [(String, String)] = []) throws -> GLuint {
        let (source, files) = try library.assemble(name, defines: defines)
        try library.refuseOwnDeclarations(in: files)
        let s = halo_glCreateShader(kind)
        source.withCString { cs in
            var ptr: UnsafePointer<GLchar>? = cs
            halo_glShaderSource(s, 1, &ptr, nil)
        }
        halo_glCompileShader(s)
        var ok: GLint = 0
        halo_glGetShaderiv(s, GLenum(GL_COMPILE_STATUS), &ok)
        if ok == 0 {
            let log = infoLog(s, program: false)
            halo_glDeleteShader(s)
            throw ShaderError.compile(library.explained(log, files: files))
        }
        return s
    }

    static func infoLog(_ object: GLuint, program: Bool) -> String {
        var length: GLint = 0
        if program { halo_glGetProgramiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) }
        else { halo_glGetShaderiv(object, GLenum(GL_INFO_LOG_LENGTH), &length) }
        var buf = [GLchar](repeating: 0, count: Int(max(length, 1)) + 1)
        if program { halo_glGetProgramInfoLog(object, GLsizei(buf.count), nil, &buf) }
        else { halo_glGetShaderInfoLog(object, GLsizei(buf.count), nil, &buf) }
        return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Rewrites driver messages "N:L(C): ..." (Mesa) or "N(L) : ..." (NVIDIA), where N is
    /// the source number of a `#line` directive, into "file:L:C: ..." ("file:L: ..." without a
    /// column; ``DriverLogLine``).
    static func mapLog(_ log: String, files: [String]) -> String {
        CompileLog(paths: files, texts: []).explained(log)
    }
}
