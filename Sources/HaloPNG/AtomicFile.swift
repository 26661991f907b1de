import Foundation

/// Output files written whole or not at all, under Halo's interrupt clean-up
/// (``Interruption``): the bytes go to a temporary file in the target's folder, created and
/// registered in one critical step, then renamed over the target in another. On any
/// failure, or on a signal after ``Interruption/install(signals:)``, the temporary file is
/// removed and an existing file at the target is left untouched. Every file Halo writes
/// goes through here (PNG images, exported HTML and Swift, test reports), never through
/// Foundation's own atomic write, whose temporary file a signal would leave behind.
public enum AtomicFile {
    /// Writes `data` to `path` (``PNG/checkOutputPath(_:)`` first: a symlink's target is replaced).
    /// - Parameter removedOnInterruption: true: `path` stays registered with
    ///   ``Interruption`` once written (from the rename on, with no gap), so a signal
    ///   before ``Interruption/keepFiles()`` removes it too (an output not yet complete).
    /// - Returns: the file written (a symlink's target, or `path`).
    /// - Throws: ``PNGError`` naming the path and the reason (unwritable folder, full disk, ...).
    @discardableResult
    public static func write(_ data: Data, to path: String, removedOnInterruption: Bool = false) throws -> String {
        try write(to: path, removedOnInterruption: removedOnInterruption) { fd in
            let failure = data.withUnsafeBytes { (buf: UnsafeRawBufferPointer) -> String? in
                var done = 0
                while done < buf.count {
                    let n = Foundation.write(fd, buf.baseAddress! + done, buf.count - done)
                    if n < 0 {
                        if errno == EINTR { continue }
                        return String(cString: strerror(errno))
                    }
                    done += n
                }
                return nil
            }
            if close(fd) != 0 && failure == nil { return String(cString: strerror(errno)) }
            return failure
        }
    }

    /// Writes `text` as UTF-8 to `path` (``write(_:to:removedOnInterruption:)``).
    @discardableResult
    public static func write(_ text: String, to path: String, removedOnInterruption: Bool = false) throws -> String {
        try write(Data(text.utf8), to: path, removedOnInterruption: removedOnInterruption)
    }

    /// The temporary file's name for `target`: hidden, in the same folder (a rename within
    /// one file system), unique to this process and call, ending `.tmp`.
    static func temporaryName(for target: String) -> String {
        let url = URL(fileURLWithPath: target)
        return url.deletingLastPathComponent().appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp").path
    }

    /// Creates the temporary file, lets `fill` write it through its descriptor, and renames
    /// it over `path`.
    /// - Parameter fill: writes the bytes and closes the descriptor (always); returns nil,
    ///   or why it failed.
    /// - Returns: the file written.
    /// - Throws: ``PNGError``.
    @discardableResult
    static func write(to path0: String, removedOnInterruption: Bool, _ fill: (Int32) -> String?) throws -> String {
        let path = try PNG.checkOutputPath(path0)
        let temp = temporaryName(for: path)
        // Created and registered in one step, renamed and forgotten in another: a signal's
        // clean-up never misses the file, and never waits for the writing between.
        let fd = Interruption.critical { () -> Int32 in
            let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { Interruption.register(file: temp) }
            return fd
        }
        guard fd >= 0 else { throw PNGError(path: path0, reason: "cannot write: \(String(cString: strerror(errno)))") }
        let failure = fill(fd)
        try Interruption.critical {
            defer { Interruption.forget(file: temp) }
            if let failure {
                unlink(temp)
                throw PNGError(path: path0, reason: "cannot write: \(failure)")
            }
            if rename(temp, path) != 0 {
                let reason = String(cString: strerror(errno))
                unlink(temp)
                throw PNGError(path: path0, reason: "cannot write: \(reason)")
            }
            if removedOnInterruption { Interruption.register(file: path) }
        }
        return path
    }
}
