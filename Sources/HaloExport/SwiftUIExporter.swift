import Foundation
import HaloCore

public struct SwiftUIExporter {
    public var scene: Scene
    public var frozenAt: Double?
    public var typeName: String
    public init(scene: Scene, frozenAt: Double? = nil, typeName: String) { self.scene = scene; self.frozenAt = frozenAt; self.typeName = typeName }
    public static func typeName(for path: String) -> String { "X" }
    public func export() throws -> ExportResult { ExportResult(text: "", approximations: [], drawsAnything: true) }
}
