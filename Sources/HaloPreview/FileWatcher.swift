import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Finds changed files and folders by their stat signature (modification time to
/// the nanosecond, size, inode: an editor that saves by renaming a new file into place
/// changes the inode). A folder is watched recursively, so a file added to it counts as a
/// change (hidden files, named with a leading dot, are not watched). The preview looks
/// when the kernel reports an event in a watched folder (``notified()``, inotify) and
/// polls at 10 Hz besides, for file systems that send no events.
public final class FileWatcher {
    private struct Signature: Equatable {
        var seconds: Int, nanoseconds: Int, size: Int64, inode: UInt64
    }

    private var files: [String] = []
    private var folders: [String] = []
    private var seen: [String: Signature] = [:]
    private let notifier = ChangeNotifier()

    public init() {}

    /// Replaces what is watched and takes the current state as unchanged.
    public func watch(files: [String], folders: [String]) {
        self.files = files
        self.folders = folders
        seen = snapshot()
        // The folders that hold the files (an atomic save renames into the folder), and every
        // folder under the watched ones (a folder made later is seen by the poll).
        var dirs = Set(files.map { ($0 as NSString).deletingLastPathComponent }.map { $0.isEmpty ? "." : $0 })
        for dir in folders {
            dirs.insert(dir)
            walk(dir) { path in if signature(path)?.size == -1 { dirs.insert(path) } }
        }
        notifier.watch(folders: dirs)
    }

    /// True when the kernel reported a change in a folder of a watched path since the last
    /// call (then ``changes()`` says which, if any, changed). Never blocks.
    public func notified() -> Bool { notifier.takeEvents() }

    /// True when every watched folder has kernel notifications (else only polls see edits).
    public var isNotified: Bool { notifier.isActive }

    /// Every watched path (files, and the files now in the folders).
    public var paths: [String] { seen.keys.sorted() }

    /// The paths that changed, appeared or disappeared since the last call (or `watch`).
    public func changes() -> [String] {
        let now = snapshot()
        var changed: [String] = []
        for (path, sig) in now where seen[path] != sig { changed.append(path) }
        for path in seen.keys where now[path] == nil { changed.append(path) }
        seen = now
        return changed.sorted()
    }

    private func snapshot() -> [String: Signature] {
        var out: [String: Signature] = [:]
        for f in files { out[f] = signature(f) ?? Signature(seconds: -1, nanoseconds: 0, size: -1, inode: 0) }
        for dir in folders {
            walk(dir) { path in if let s = signature(path), s.size >= 0 { out[path] = s } }
        }
        return out
    }

    /// Every path under `dir`, files and folders. Hidden files are editors' swap
    /// files and atomic writers' temporaries (a save through Foundation's atomic write makes
    /// ".dat.nosync..." beside the file, then renames it into place): not sources, and a poll
    /// that lands between the two must not reload and name the temporary. Hidden folders are
    /// not entered.
    private func walk(_ dir: String, _ visit: (String) -> Void) {
        guard let e = FileManager.default.enumerator(atPath: dir) else { return }
        for case let rel as String in e {
            if (rel as NSString).lastPathComponent.hasPrefix(".") { e.skipDescendants(); continue }
            visit((dir as NSString).appendingPathComponent(rel))
        }
    }

    /// A file's signature; a folder's has size -1 and only its inode.
    private func signature(_ path: String) -> Signature? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        if (st.st_mode & S_IFMT) == S_IFDIR { return Signature(seconds: 0, nanoseconds: 0, size: -1, inode: UInt64(st.st_ino)) }
        return Signature(seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec), size: Int64(st.st_size), inode: UInt64(st.st_ino))
    }
}
