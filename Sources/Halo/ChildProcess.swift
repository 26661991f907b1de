import Foundation

/// A program started with `posix_spawn` in its own process group, its standard input a
/// pipe from us, its standard output /dev/null and its standard error collected.
/// The signal mask is emptied and SIGINT, SIGTERM, SIGHUP, SIGPIPE and SIGXFSZ reset to
/// their defaults in the child (halo blocks or ignores them). The caller reaps it
/// (``Interruption/reap(child:)``).
final class ChildProcess: @unchecked Sendable {
    let pid: pid_t
    private var input: Int32
    private let errors = ErrorText()
    private let readerDone = DispatchSemaphore(value: 0)

    /// Starts `arguments[0]` (a path) with `arguments`.
    /// - Throws: ``ExportError`` when the pipes or the process cannot be made.
    init(_ arguments: [String]) throws {
        var inPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        guard pipe(&inPipe) == 0 else { throw ExportError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&errPipe) == 0 else {
            close(inPipe[0]); close(inPipe[1])
            throw ExportError("cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        // Our ends must not leak into the child (it would never see end of input).
        for fd in [inPipe[1], errPipe[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        posix_spawn_file_actions_addclose(&actions, inPipe[0])
        posix_spawn_file_actions_addclose(&actions, errPipe[1])
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigmask(&attr, &none)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setpgroup(&attr, 0)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for a in argv { free(a) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, arguments[0], &actions, &attr, argv, environ)
        close(inPipe[0]); close(errPipe[1])
        guard rc == 0 else {
            close(inPipe[1]); close(errPipe[0])
            throw ExportError("cannot start \(arguments[0]): \(String(cString: strerror(rc)))")
        }
        pid = child
        input = inPipe[1]
        // The child's messages, read while it runs (a full pipe would stall it).
        let fd = errPipe[0], errors = errors, done = readerDone
        DispatchQueue.global().async {
            var buf = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n > 0 { errors.append(Data(buf[0..<n])) } else if n < 0 && errno == EINTR { continue } else { break }
            }
            close(fd)
            done.signal()
        }
    }

    /// Writes all of `bytes` to the child's standard input; false when it cannot (the
    /// child closed it or ended: EPIPE, SIGPIPE being ignored).
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(input, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Ends the child's input (it then finishes).
    func closeInput() {
        if input >= 0 { close(input); input = -1 }
    }

    /// Everything the child wrote to standard error, once it has closed it (ended).
    func errorText() -> String {
        readerDone.wait()
        readerDone.signal()
        return errors.text
    }
}

/// Bytes gathered from another thread.
private final class ErrorText: @unchecked Sendable {
    private var data = Data()
    private let lock = NSLock()
    func append(_ d: Data) { lock.lock(); data.append(d); lock.unlock() }
    var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
}
