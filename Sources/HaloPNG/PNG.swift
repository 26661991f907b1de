import CHaloPNG
import Foundation
import HaloCore

/// A PNG that could not be read or written; the message names the file and the reason.
public struct PNGError: Error, CustomStringConvertible, Equatable, Sendable {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
}

/// PNG input and output through libpng (via the CHaloPNG shim, which keeps
/// libpng's setjmp error handling in C).
public enum PNG {
    /// Reads any PNG (palette, grey, 16-bit, interlaced, with or without alpha) as
    /// 8-bit straight-alpha RGBA, taken as sRGB.
    /// - Parameter maxSide: images wider or taller than this many pixels are refused from their header.
    /// - Throws: ``PNGError`` when the file is missing, not a PNG, truncated or too large.
    public static func read(_ path: String, maxSide: Int = Limits.maxImageSide) throws -> RGBA8Image {
        var w: UInt32 = 0, h: UInt32 = 0
        var pixels: UnsafeMutablePointer<UInt8>?
        var err = [CChar](repeating: 0, count: 512)
        let rc = halo_png_read_rgba8(path, UInt32(maxSide), &w, &h, &pixels, &err, err.count)
        guard rc == 0, let pixels else {
            throw PNGError(path: path, reason: message(err))
        }
        defer { halo_png_free(pixels) }
        let count = Int(w) * Int(h) * 4
        return RGBA8Image(width: Int(w), height: Int(h), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }

    /// Writes `image` as an 8-bit RGBA PNG, atomically: the bytes go to a
    /// temporary file in the same folder, which is then renamed over `path`.
    /// On any failure, or a signal after ``Interruption/install(signals:)``, the
    /// temporary file is removed and an existing file at `path` is left untouched.
    /// - Parameter removedOnInterruption: true: `path` stays registered with
    ///   ``Interruption`` once written (from the rename on, with no gap), so a signal
    ///   before ``Interruption/keepFiles()`` removes it too (an output not yet complete).
    /// - Parameter text: a keyword (1 to 79 printable Latin-1 characters) and its text, written
    ///   as one tEXt chunk before the image data (``text(_:in:)`` reads it back); nil: none.
    /// - Throws: ``PNGError`` (unwritable folder, full disk, ...).
    public static func write(_ image: RGBA8Image, to path: String, removedOnInterruption: Bool = false,
                             text: (key: String, value: String)? = nil) throws {
        try AtomicFile.write(to: path, removedOnInterruption: removedOnInterruption) { fd in
            var err = [CChar](repeating: 0, count: 512)
            let rc = image.pixels.withUnsafeBufferPointer { buf in
                halo_png_write_rgba8_fd(fd, UInt32(image.width), UInt32(image.height), buf.baseAddress, text?.key, text?.value, &err, err.count)
            }
            return rc == 0 ? nil : message(err)
        }
    }
}

extension PNG {
    /// Checks, before any work, that `path` can take a PNG: its folder exists and it
    /// is not a directory, device, pipe or socket. A symlink to a regular file is
    /// followed, so the rename replaces the link's target, not the link.
    /// - Returns: the path to write (the symlink's target, or `path`).
    /// - Throws: ``PNGError`` naming what is wrong.
    public static func checkOutputPath(_ path: String) throws -> String {
        if path.isEmpty { throw PNGError(path: path, reason: "cannot write: empty path") }
        if path.hasSuffix("/") { throw PNGError(path: path, reason: "cannot write: the path names a folder, not a file") }
        var target = path
        var st = stat()
        if lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK {
            target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        }
        if stat(target, &st) == 0 {
            let kind = st.st_mode & S_IFMT
            if kind != S_IFREG {
                let what = kind == S_IFDIR ? "a folder" : kind == S_IFCHR || kind == S_IFBLK ? "a device" : kind == S_IFIFO ? "a pipe" : "not a regular file"
                throw PNGError(path: path, reason: "cannot write: the path is \(what), not a regular file")
            }
        }
        let dir = URL(fileURLWithPath: target).deletingLastPathComponent().path
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dir, isDirectory: &isDir), isDir.boolValue else {
            throw PNGError(path: path, reason: "cannot write: the folder \(dir) does not exist")
        }
        guard access(dir, W_OK) == 0 else {
            throw PNGError(path: path, reason: "cannot write: the folder \(dir) is not writable")
        }
        // access() says yes to root everywhere; creating a file is the real test
        // (a read-only mount, /proc, a full inode table).
        // Registered before it exists, so that a signal between open and unlink removes it.
        let probe = (dir as NSString).appendingPathComponent(".halo-probe.\(getpid()).\(UInt32.random(in: 0...UInt32.max))")
        Interruption.register(file: probe)
        defer { Interruption.forget(file: probe) }
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else {
            throw PNGError(path: path, reason: "cannot write in the folder \(dir): \(String(cString: strerror(errno)))")
        }
        close(fd)
        Interruption.critical { _ = unlink(probe) }
        return target
    }
}

/// The NUL-terminated C message in `buf` as a String.
func message(_ buf: [CChar]) -> String {
    let bytes = buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}
