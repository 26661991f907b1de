import Foundation
import Halo

/// What a reference image says about how it was made: the backend that drew it. Kept in the
/// PNG itself, as a tEXt chunk `halo-backend` whose text is `cpu` or `gpu`, so it travels
/// with the file (copied, committed, approved) and no other file is needed beside it.
///
/// ``ReferenceTest`` writes it into every reference it records and every actual or exact
/// image it leaves in the artifacts folder; `halo approve` reads it to refuse replacing a
/// reference drawn by one backend with an image drawn by the other. A PNG without it (made
/// elsewhere, or before references carried it) has no record.
public struct ReferenceRecord: Equatable, Sendable {
    /// The tEXt keyword.
    public static let key = "halo-backend"

    /// The backend that drew the image.
    public var backend: Backend

    public init(backend: Backend) { self.backend = backend }

    /// The record in the PNG at `path`; nil when it has none (or cannot be read).
    public static func read(from path: String) -> ReferenceRecord? {
        PNG.text(key, in: path).flatMap(Backend.init(rawValue:)).map(ReferenceRecord.init(backend:))
    }

    /// Writes `image` to `path` as ``PNG/write(_:to:removedOnInterruption:text:)`` does, with this record.
    /// - Throws: ``PNGError``.
    public func write(_ image: RGBA8Image, to path: String) throws {
        try PNG.write(image, to: path, text: (Self.key, backend.rawValue))
    }
}
