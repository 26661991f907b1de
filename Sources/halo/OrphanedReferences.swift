import Foundation
import Halo
import HaloTesting

/// The reference images of a suite that no scene and time of it would be compared with: left
/// behind when a scene's `times` or parameter sets change, or a scene is renamed or removed.
///
/// A PNG under the suite belongs to a scene of its folder when its name is the scene's stem
/// followed by `.png` or by `.` and more (`button.t2.png`, `button.gpu.png`). It is one of
/// the scene's references when it is `REF.png` or `REF.KEY.png` for one of the scene's
/// references `REF.png` (``ReferenceTest/referencePath(forScene:time:set:)``), KEY being a
/// baseline key (`gpu`, `cpu`, `--baseline`'s): a word without `.` that is neither a time
/// (`t0.5`) nor a set (`set-2`). Otherwise it is orphaned. A PNG that belongs to no scene
/// is orphaned when it carries halo's reference record (``ReferenceRecord``): a reference
/// whose scene is gone. Masks named by a scene's `"test"` object are never orphans; other
/// PNGs (a scene's images) are left alone.
enum OrphanedReferences {
    /// One orphaned reference: its path and why.
    struct Orphan: Equatable {
        var path: String
        var reason: String
    }

    /// The orphaned references under `directory`, whose scenes are `sceneFiles` (the whole
    /// suite, not one shard), sorted by path. A scene whose test object cannot be read is
    /// left out (its own row reports it), and so are the PNGs that belong to it.
    static func find(under directory: String, sceneFiles: [String]) -> [Orphan] {
        var referencesByStem: [String: Set<String>?] = [:]  // stem path -> its references' paths without .png (nil: unreadable)
        var masks: Set<String> = []
        for file in sceneFiles {
            let stem = (file as NSString).deletingPathExtension
            guard let spec = try? SceneTestSpec.of(sceneFile: file) else { referencesByStem[stem] = .some(nil); continue }
            if let mask = spec.mask { masks.insert(URL(fileURLWithPath: mask).standardizedFileURL.path) }
            var refs: Set<String> = []
            for set in [nil] + (spec.parameterSets.isEmpty ? [] : Array(1...spec.parameterSets.count)) {
                for (time, _) in spec.cases(forScene: file) {
                    refs.insert(String(ReferenceTest.referencePath(forScene: file, time: time, set: set).dropLast(4)))
                }
            }
            referencesByStem[stem] = refs
        }
        guard let walker = FileManager.default.enumerator(at: URL(fileURLWithPath: directory), includingPropertiesForKeys: nil,
                                                          options: [.skipsHiddenFiles]) else { return [] }
        let base = URL(fileURLWithPath: directory).standardizedFileURL.path
        var orphans: [Orphan] = []
        for case let url as URL in walker where url.pathExtension == "png" {
            let full = url.standardizedFileURL.path
            if masks.contains(full) { continue }
            let path = (directory as NSString).appendingPathComponent(full.hasPrefix(base + "/") ? String(full.dropFirst(base.count + 1)) : url.lastPathComponent)
            let noPNG = String(path.dropLast(4))
            // The scene it belongs to: the longest stem that it extends.
            let owner = referencesByStem.keys.filter { noPNG == $0 || noPNG.hasPrefix($0 + ".") }.max { $0.count < $1.count }
            guard let owner else {
                if let record = ReferenceRecord.read(from: path) {
                    orphans.append(Orphan(path: path, reason: "no scene \(URL(fileURLWithPath: noPNG).lastPathComponent).json beside it "
                                          + "(a reference recorded by halo, backend \(record.backend.rawValue))"))
                }
                continue
            }
            guard let refs = referencesByStem[owner]!, !refs.contains(where: { noPNG == $0 || isBaseline(noPNG, of: $0) }) else { continue }
            let names = refs.sorted().map { URL(fileURLWithPath: $0).lastPathComponent + ".png" }
            orphans.append(Orphan(path: path, reason: "no time or parameter set of \(URL(fileURLWithPath: owner).lastPathComponent).json "
                                  + "is compared with it (its references: \(names.joined(separator: ", ")))"))
        }
        return orphans.sorted { $0.path < $1.path }
    }

    /// Whether `name` (without .png) is `reference.KEY` for a baseline key.
    private static func isBaseline(_ name: String, of reference: String) -> Bool {
        guard name.hasPrefix(reference + ".") else { return false }
        let key = name.dropFirst(reference.count + 1)
        return !key.isEmpty && !key.contains(".") && key.range(of: #"^(t-?[0-9][-+0-9.e]*|set-[0-9]+)$"#, options: .regularExpression) == nil
    }
}
