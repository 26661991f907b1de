import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The kernel's word that something in a set of folders changed (Linux inotify(7)), so that
/// the preview looks for changes as soon as a file is saved instead of at its next poll.
/// It says only "look now": ``FileWatcher`` still decides what changed by comparing stat
/// signatures, so a notification that changes nothing (another file in the same folder)
/// costs one snapshot and reloads nothing.
///
/// Events taken: a file closed after writing, moved or renamed in or out (an editor's
/// atomic save), created, deleted, or its attributes changed (`touch`). A write still in
/// progress (`IN_MODIFY`) is not taken: the close that ends it is. Where inotify is not
/// available (no support, or the per-user watch limit reached) ``isActive`` is false and
/// the preview relies on its poll alone.
final class ChangeNotifier {
    private var fd: Int32 = -1
    private var watched: Set<String> = []
    /// Where queued events are read to (their content is not needed: any event means "look").
    private var buffer = [UInt8](repeating: 0, count: 4096)

    init() {
        #if canImport(Glibc)
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        #endif
    }

    deinit { if fd >= 0 { close(fd) } }

    /// True while every folder asked for is watched.
    private(set) var isActive = false

    /// Watches exactly `folders` (each one itself, not its subfolders: pass those too).
    func watch(folders: Set<String>) {
        #if canImport(Glibc)
        guard fd >= 0 else { isActive = false; return }
        // A new set replaces the old: inotify has no "remove all", so start a new instance.
        if !watched.isEmpty {
            close(fd)
            fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            watched = []
            guard fd >= 0 else { isActive = false; return }
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
                          | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB)
        var all = true
        for folder in folders.sorted() {
            if inotify_add_watch(fd, folder, mask) >= 0 { watched.insert(folder) } else { all = false }
        }
        isActive = all
        #endif
    }

    /// True when an event arrived since the last call; drains what is queued. Never blocks.
    func takeEvents() -> Bool {
        guard fd >= 0 else { return false }
        var any = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            any = true
        }
        return any
    }
}
