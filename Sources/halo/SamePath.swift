import Foundation

/// Whether two paths name the same file once `.`, `..` and symbolic links are resolved: an
/// output that would overwrite the command's input (or another of its outputs) is refused
/// before anything is written.
func isSamePath(_ a: String, _ b: String) -> Bool {
    func canonical(_ p: String) -> String { URL(fileURLWithPath: p).standardizedFileURL.resolvingSymlinksInPath().path }
    return canonical(a) == canonical(b)
}
