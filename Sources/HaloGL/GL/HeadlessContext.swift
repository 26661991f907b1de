import CEpoxy
import Foundation

/// Why the GPU path is unavailable or failed; one line, naming what failed.
public struct GLError: Error, CustomStringConvertible, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A headless OpenGL 3.3 core context through EGL, with no window and no display
/// server: Mesa's surfaceless platform (llvmpipe and Mesa's hardware drivers),
/// else the EGL device platform (NVIDIA's driver). Drawing goes to framebuffer
/// objects. The context is current on the thread that created it.
public final class HeadlessContext {
    public let display: EGLDisplay
    public let context: EGLContext
    /// Which EGL platform was used ("surfaceless" or "device").
    public let platform: String
    /// GL_RENDERER and GL_VERSION, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public let renderer: String
    public let version: String

    /// The EGL platform `HALO_EGL_PLATFORM` asks for ("surfaceless" or "device"), nil when
    /// unset or empty: either platform then, surfaceless first. On a machine with both
    /// Mesa and NVIDIA's driver, glvnd may answer the surfaceless platform with Mesa's
    /// llvmpipe; `device` takes the GPU's own EGL device (tools/gpu-check sets it where
    /// nvidia-smi is found).
    public static var requestedPlatform: String? {
        guard let v = ProcessInfo.processInfo.environment["HALO_EGL_PLATFORM"], !v.isEmpty else { return nil }
        return v
    }

    /// GL_VENDOR of the context, e.g. "Mesa" or "NVIDIA Corporation".
    public var vendor: String { glString(GL_VENDOR) }

    /// Creates and makes current a GL 3.3 core context.
    /// - Throws: ``GLError`` naming the step that failed (no EGL, no platform, no GL 3.3,
    ///   a `HALO_EGL_PLATFORM` that is not offered or not one of the two).
    public init() throws {
        let clientExtensions = halo_eglQueryString(nil, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        var candidates: [(String, EGLDisplay)] = []
        if clientExtensions.contains("EGL_MESA_platform_surfaceless"),
           let d = halo_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil) {
            candidates.append(("surfaceless", d))
        }
        if clientExtensions.contains("EGL_EXT_platform_device") {
            var devices = [EGLDeviceEXT?](repeating: nil, count: 16)
            var count: EGLint = 0
            if halo_eglQueryDevicesEXT(16, &devices, &count) == EGLBoolean(EGL_TRUE) {
                for i in 0..<Int(count) {
                    if let dev = devices[i], let d = halo_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_DEVICE_EXT), dev, nil) {
                        candidates.append(("device", d))
                    }
                }
            }
        }
        if let wanted = HeadlessContext.requestedPlatform {
            guard ["surfaceless", "device"].contains(wanted) else {
                throw GLError("HALO_EGL_PLATFORM: expected surfaceless or device, found \(wanted)")
            }
            candidates = candidates.filter { $0.0 == wanted }
            if candidates.isEmpty { throw GLError("HALO_EGL_PLATFORM=\(wanted): this EGL offers no \(wanted) platform") }
        }
        if candidates.isEmpty {
            throw GLError(clientExtensions.isEmpty ? "no EGL: libEGL found no client extensions (is an EGL driver installed?)"
                                                   : "no headless EGL platform (neither EGL_MESA_platform_surfaceless nor EGL_EXT_platform_device)")
        }
        var lastError = "no EGL display could be initialised"
        for (name, dpy) in candidates {
            guard DisplayUse.initialize(dpy) else {
                lastError = "eglInitialize failed on the \(name) platform (EGL error 0x\(String(halo_eglGetError(), radix: 16)))"
                continue
            }
            guard halo_eglBindAPI(EGLenum(EGL_OPENGL_API)) == EGLBoolean(EGL_TRUE) else {
                lastError = "eglBindAPI(EGL_OPENGL_API) failed on the \(name) platform"
                DisplayUse.release(dpy)
                continue
            }
            var config: EGLConfig?
            var n: EGLint = 0
            let configAttribs: [EGLint] = [EGLint(EGL_SURFACE_TYPE), 0, EGLint(EGL_RENDERABLE_TYPE), EGLint(EGL_OPENGL_BIT), EGLint(EGL_NONE)]
            if halo_eglChooseConfig(dpy, configAttribs, &config, 1, &n) != EGLBoolean(EGL_TRUE) || n < 1 { config = nil }
            let contextAttribs: [EGLint] = [EGLint(EGL_CONTEXT_MAJOR_VERSION), 3, EGLint(EGL_CONTEXT_MINOR_VERSION), 3,
                                            EGLint(EGL_CONTEXT_OPENGL_PROFILE_MASK), EGLint(EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT),
                                            EGLint(EGL_NONE)]
            guard let ctx = halo_eglCreateContext(dpy, config, nil, contextAttribs) else {
                lastError = "no OpenGL 3.3 core context on the \(name) platform (EGL error 0x\(String(halo_eglGetError(), radix: 16)))"
                DisplayUse.release(dpy)
                continue
            }
            guard halo_eglMakeCurrent(dpy, nil, nil, ctx) == EGLBoolean(EGL_TRUE) else {
                lastError = "eglMakeCurrent without a surface failed on the \(name) platform"
                halo_eglDestroyContext(dpy, ctx)
                DisplayUse.release(dpy)
                continue
            }
            if epoxy_gl_version() < 33 {
                lastError = "the \(name) platform gives OpenGL \(epoxy_gl_version() / 10).\(epoxy_gl_version() % 10), Halo needs 3.3"
                halo_eglMakeCurrent(dpy, nil, nil, nil)
                halo_eglDestroyContext(dpy, ctx)
                DisplayUse.release(dpy)
                continue
            }
            display = dpy
            context = ctx
            platform = name
            renderer = glString(GL_RENDERER)
            version = glString(GL_VERSION)
            return
        }
        throw GLError(lastError)
    }

    /// Makes this context current on the calling thread (another renderer's context may
    /// have been made current since).
    /// - Throws: ``GLError`` when EGL refuses.
    public func makeCurrent() throws {
        if halo_eglMakeCurrent(display, nil, nil, context) != EGLBoolean(EGL_TRUE) {
            throw GLError("eglMakeCurrent failed (EGL error 0x\(String(halo_eglGetError(), radix: 16)))")
        }
    }

    deinit {
        halo_eglMakeCurrent(display, nil, nil, nil)
        halo_eglDestroyContext(display, context)
        DisplayUse.release(display)
    }
}

extension HeadlessContext {
    /// Asks Mesa's llvmpipe to compile this process's shaders without LLVM's optimisation
    /// passes: `GALLIVM_PERF=nopt`, Mesa's gallivm option "disable optimization passes to
    /// speed up shader compilation" (src/gallium/auxiliary/gallivm/lp_bld_init.c). For
    /// processes that draw a frame or few (`halo render` of one image, `halo test`,
    /// reference tests), where a cold compile costs more than the frame: on this project's
    /// 2-core machine a cold `halo test` of the fixture suite took 11-12 s against 20-30 s,
    /// and frames drawn with such programs take 20-30% longer (docs/performance.md). Animations,
    /// the preview and `halo bench` keep the optimised programs.
    ///
    /// llvmpipe reads the setting once a process, when the first display is initialised:
    /// call this before the first ``HeadlessContext`` (later calls change nothing). A
    /// `GALLIVM_PERF` already in the environment, even empty, is left as it is; drivers
    /// other than llvmpipe do not read it.
    /// - Returns: whether this call set it.
    @discardableResult
    public static func preferQuickShaderCompiles() -> Bool {
        guard getenv("GALLIVM_PERF") == nil, !DisplayUse.anyInitialised, setenv("GALLIVM_PERF", "nopt", 1) == 0 else { return false }
        DisplayUse.lock.lock(); DisplayUse.quickCompilesSet = true; DisplayUse.lock.unlock()
        return true
    }

    /// Whether ``preferQuickShaderCompiles()`` set `GALLIVM_PERF` in this process (a
    /// process it starts inherits the setting unless it removes it).
    public static var quickShaderCompilesWereSet: Bool {
        DisplayUse.lock.lock(); defer { DisplayUse.lock.unlock() }
        return DisplayUse.quickCompilesSet
    }
}

func glString(_ name: Int32) -> String {
    guard let p = halo_glGetString(GLenum(name)) else { return "unknown" }
    return String(cString: UnsafeRawPointer(p).assumingMemoryBound(to: CChar.self))
}

/// The EGL displays in use, counted. A process has one EGLDisplay per platform and device,
/// shared by every context made on it (each thread's renderer, `halo test --jobs`), and
/// eglTerminate ends every context on it: so a display is initialised with its first
/// context and terminated with its last. (Terminating it whenever one context went left
/// the other threads' contexts dead: their next eglMakeCurrent failed, and a GL call there
/// aborted in libepoxy, which found no current context.)
private enum DisplayUse {
    static let lock = NSLock()
    nonisolated(unsafe) static var counts: [UInt: Int] = [:]
    /// Whether a display was ever initialised in this process (llvmpipe then read its settings).
    nonisolated(unsafe) static var initialisedOnce = false
    /// Whether HeadlessContext.preferQuickShaderCompiles set GALLIVM_PERF.
    nonisolated(unsafe) static var quickCompilesSet = false
    static var anyInitialised: Bool { lock.lock(); defer { lock.unlock() }; return initialisedOnce }

    /// eglInitialize (once per display in use); false where EGL refuses.
    static func initialize(_ dpy: EGLDisplay) -> Bool {
        lock.lock(); defer { lock.unlock() }
        let key = UInt(bitPattern: dpy)
        if let n = counts[key] { counts[key] = n + 1; return true }
        var major: EGLint = 0, minor: EGLint = 0
        guard halo_eglInitialize(dpy, &major, &minor) == EGLBoolean(EGL_TRUE) else { return false }
        initialisedOnce = true
        counts[key] = 1
        return true
    }

    /// One use of `dpy` ends; the last terminates it.
    static func release(_ dpy: EGLDisplay) {
        lock.lock(); defer { lock.unlock() }
        let key = UInt(bitPattern: dpy)
        let n = (counts[key] ?? 1) - 1
        if n > 0 { counts[key] = n; return }
        counts[key] = nil
        halo_eglTerminate(dpy)
    }
}
