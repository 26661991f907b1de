import Foundation

/// What an interrupted program must not leave behind: the temporary files, the outputs not
/// yet complete (a motion's frames written so far) and the child processes (ffmpeg) of
/// the work in progress.
///
/// After ``install(signals:)`` SIGINT, SIGTERM and SIGHUP are blocked in every thread and
/// taken by one thread with `sigwait` (ordinary code, no async-signal handler). On signal
/// N that thread waits for the critical section in progress (short: a file created and
/// registered, or renamed into place; never the encoding between), kills each registered
/// child's process group with SIGKILL and reaps it, removes every registered file, and
/// ends the process with exit status 128 + N. Because it takes the lock and never gives it
/// back, no file can be created or renamed into place after the clean-up. Without `install` (a library user, the tests) registering costs a lock
/// and nothing else.
public enum Interruption {
    /// The signals that end a run cleanly: interrupt (Ctrl-C), terminate, hang-up.
    public static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Blocks `signals` in this thread (and so in every thread started after it: call it
    /// first thing in `main`) and starts the thread that cleans up and exits on them.
    public static func install(signals: [Int32] = Interruption.signals) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let waited = set
        let waiter = Thread {
            var mask = waited, received: Int32 = 0
            while sigwait(&mask, &received) != 0 {}
            registry.cleanUpAndExit(status: 128 + received)
        }
        waiter.name = "halo-signals"
        waiter.start()
    }

    /// Runs `body` as one step no signal interrupts: the clean-up waits for it. Nests.
    /// A signal that came first wins: `body` then never runs (the process ends).
    public static func critical<T>(_ body: () throws -> T) rethrows -> T {
        registry.lock.lock()
        defer { registry.lock.unlock() }
        return try body()
    }

    /// `path` is removed if a signal comes before ``forget(file:)`` (a temporary file, an
    /// output not yet complete). Register it before creating it, inside ``critical(_:)``.
    public static func register(file path: String) { critical { _ = registry.files.insert(path) } }

    /// `path` is no longer removed on a signal (renamed away, removed, or complete).
    public static func forget(file path: String) { critical { _ = registry.files.remove(path) } }

    /// Every registered file is kept from now on: the run's output is complete.
    public static func keepFiles() { critical { registry.files.removeAll() } }

    /// `pid` (the leader of its own process group) is killed and reaped on a signal until
    /// ``reap(child:)``.
    public static func register(child pid: pid_t) { critical { _ = registry.children.insert(pid) } }

    /// Waits for the registered child `pid` to end and reaps it; its exit status as
    /// `waitpid` gives it. The child is waited for without reaping first, so a signal's
    /// clean-up never kills a reused process id.
    public static func reap(child pid: pid_t) -> Int32 {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        return critical {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            registry.children.remove(pid)
            return status
        }
    }

    /// Ends the process with `status`, unless a signal's clean-up is under way (that one
    /// then ends it with 128 + N).
    public static func exit(_ status: Int32) -> Never {
        registry.lock.lock()
        Foundation.exit(status)
    }

    private static let registry = Registry()
}

/// The registered files and children, behind one lock the signal thread keeps.
private final class Registry: @unchecked Sendable {
    let lock = NSRecursiveLock()
    var files = Set<String>()
    var children = Set<pid_t>()

    func cleanUpAndExit(status: Int32) -> Never {
        lock.lock()
        for pid in children {
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            var s: Int32 = 0
            while waitpid(pid, &s, 0) == -1 && errno == EINTR {}
        }
        for f in files { unlink(f) }
        _exit(status)
    }
}
