import Foundation
import Halo

/// When reference images are written instead of compared.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Write references that do not exist yet (reported as recorded); compare the rest.
    case missing
    /// Rewrite every reference from the current rendering.
    case all
    /// Rewrite exactly the references that fail (and write missing ones); passing
    /// references stay byte-identical.
    case failed
    /// Never write: a missing reference is a failure (the right mode for CI).
    case never

    /// The mode chosen by the environment: `$HALO_RECORD` (`missing`, `all` or
    /// `never`) when set, else `never` when `$CI` is set (as CI services do), else
    /// `interactiveDefault`.
    /// - Throws: ``ReferenceTestError`` when `$HALO_RECORD` holds something else.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment,
                                       interactiveDefault: RecordMode = .missing) throws -> RecordMode {
        if let v = environment["HALO_RECORD"], !v.isEmpty {
            guard let mode = RecordMode(rawValue: v) else {
                throw ReferenceTestError("HALO_RECORD: expected missing, all, failed or never, found \(v)")
            }
            return mode
        }
        if let ci = environment["CI"], !ci.isEmpty, ci != "0", ci.lowercased() != "false" { return .never }
        return interactiveDefault
    }
}
