import Foundation

/// Why a file could not be read, in a refusal's words: "no such file" when nothing is at
/// `path`, "a folder" when a folder is, else "a file that cannot be read" (it is there but
/// reading it failed: no read permission, a device that refuses).
/// - Parameter path: the path as the user gave it.
public func unreadableFileReason(_ path: String) -> String {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return "no such file" }
    return isFolder.boolValue ? "a folder" : "a file that cannot be read"
}
