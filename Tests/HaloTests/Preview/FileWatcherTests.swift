import Foundation
import XCTest
@testable import HaloPreview

/// `halo preview`'s file watching: which edits count as changes (stat signatures), and the
/// kernel's notification that makes the preview look at once instead of at its next poll.
final class FileWatcherTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws { folder = try makeTemporaryFolder("halo-watcher") }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testFileWatcherSeesEditsRenamesAndNewFiles() throws {
        let scene = folder.appendingPathComponent("s.json"), shaders = folder.appendingPathComponent("sh")
        try FileManager.default.createDirectory(at: shaders, withIntermediateDirectories: true)
        try Data("a".utf8).write(to: scene)
        try Data("x".utf8).write(to: shaders.appendingPathComponent("a.frag"))
        let w = FileWatcher()
        w.watch(files: [scene.path], folders: [shaders.path])
        XCTAssertEqual(w.changes(), [])
        try Data("b".utf8).write(to: scene, options: .atomic)          // same size, new inode
        XCTAssertEqual(w.changes(), [scene.path])
        XCTAssertEqual(w.changes(), [])
        try Data("y".utf8).write(to: shaders.appendingPathComponent("b.glsl"))
        XCTAssertEqual(w.changes(), [shaders.appendingPathComponent("b.glsl").path])
        try FileManager.default.removeItem(at: scene)
        XCTAssertEqual(w.changes(), [scene.path])
    }

    /// Hidden files in a watched folder (an editor's swap file, the temporary an atomic
    /// save writes before renaming it into place) are not changes; the renamed file is.
    func testFileWatcherIgnoresHiddenTemporaries() throws {
        let shaders = folder.appendingPathComponent("sh")
        try FileManager.default.createDirectory(at: shaders, withIntermediateDirectories: true)
        let frag = shaders.appendingPathComponent("a.frag"), temp = shaders.appendingPathComponent(".dat.nosync1234.abc")
        try Data("x".utf8).write(to: frag)
        let w = FileWatcher()
        w.watch(files: [], folders: [shaders.path])
        try Data("y".utf8).write(to: temp)                              // the save, half done
        XCTAssertEqual(w.changes(), [])
        XCTAssertEqual(rename(temp.path, frag.path), 0)                  // renamed into place
        XCTAssertEqual(w.changes(), [frag.path])
    }

    /// A save of a watched file, a file added in a subfolder of a watched folder and an
    /// atomic rename into place are each notified as soon as they happen (inotify queues the
    /// event before the system call returns); reading the events drains them.
    func testSavesAreNotifiedAtOnce() throws {
        let scene = folder.appendingPathComponent("s.json"), shaders = folder.appendingPathComponent("sh")
        let lib = shaders.appendingPathComponent("lib")
        try FileManager.default.createDirectory(at: lib, withIntermediateDirectories: true)
        try Data("a".utf8).write(to: scene)
        let w = FileWatcher()
        w.watch(files: [scene.path], folders: [shaders.path])
        XCTAssertTrue(w.isNotified)
        XCTAssertFalse(w.notified())
        try Data("b".utf8).write(to: scene)
        XCTAssertTrue(w.notified())
        XCTAssertFalse(w.notified())
        try Data("x".utf8).write(to: lib.appendingPathComponent("a.glsl"))
        XCTAssertTrue(w.notified())
        try Data("c".utf8).write(to: scene, options: .atomic)
        XCTAssertTrue(w.notified())
        XCTAssertEqual(w.changes(), [scene.path, lib.appendingPathComponent("a.glsl").path])
    }

    /// Watching a new set replaces the old: a file no longer watched, nor its folder, is not
    /// notified.
    func testRewatchingDropsTheOldFolders() throws {
        let a = folder.appendingPathComponent("a"), b = folder.appendingPathComponent("b")
        for d in [a, b] { try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true) }
        let w = FileWatcher()
        w.watch(files: [], folders: [a.path])
        w.watch(files: [], folders: [b.path])
        try Data("x".utf8).write(to: a.appendingPathComponent("f.glsl"))
        XCTAssertFalse(w.notified())
        try Data("x".utf8).write(to: b.appendingPathComponent("f.glsl"))
        XCTAssertTrue(w.notified())
    }
}
