import Foundation
import XCTest
@testable import Halo
@testable import HaloGL
import HaloCore
import HaloTesting

/// Tiles placed and classified on the GPU (``TilePlacement/gpu``: one instance a layer, the
/// vertex stage's tiles) keep the renderer's promise: every pixel within the certified bound
/// (``ErrorBound``, which does not depend on the tiles' classes) of the checker's exact image,
/// on every conformance scene and example whose layers can be placed so; with the CPU's work
/// O(layers): one instance a layer and one draw a run of layers of one program.
extension ConformanceTests {
    private func placedRenderer(_ gpu: GLRenderer) -> GLRenderer {
        var o = gpu.options
        o.tilePlacement = .gpu
        gpu.options = o
        return gpu
    }

    func testPlacedTilesAreWithinTheCertifiedBoundOfEveryExactImage() throws {
        let all = try cases().filter { c in
            (try? c.load()).map { FramePlan.placeable(Frame($0.scene, backgroundImage: $0.background)) } ?? false
        }
        XCTAssertGreaterThan(all.count, 30, "most conformance scenes can be placed on the GPU")
        let renders = renderConcurrently(all) { [self] c, gpu -> (frame: Frame, image: RGBA8Image, placed: Bool) in
            let (scene, bg) = try c.load()
            let frame = Frame(scene, backgroundImage: bg)
            let r = placedRenderer(gpu)
            defer { r.options.tilePlacement = nil }
            let image = try r.render(frame)
            return (frame, image, r.lastFrameStats?.tilesPlaced ?? false)
        }
        for (c, result) in zip(all, renders) {
            let r = try result.get()
            XCTAssertTrue(r.placed, "\(c.name): drawn with tiles placed on the GPU")
            let exact = try PNG.read(c.exact.path)
            let bound = ErrorBound(frame: r.frame, image: r.image)
            guard let cmp = ImageComparison(exact, r.image) else { XCTFail("\(c.name): size differs"); continue }
            var over: [String] = []
            for i in 0..<cmp.perPixel.count where Double(cmp.perPixel[i]) > Double(bound.levels[i]) + CertifiedComparison.roundingAllowance + 1 {
                over.append("(\(i % r.image.width), \(i / r.image.width)) off by \(cmp.perPixel[i]), bound \(bound.levels[i]) (\(bound.budgets[i]))")
            }
            if !over.isEmpty {
                let dir = writeArtifacts(name: c.name.replacingOccurrences(of: "/", with: "-") + "-placed", actual: r.image, expected: exact, comparison: cmp)
                XCTFail("\(c.name): \(over.count) pixels over the certified bound: \(over.prefix(3).joined(separator: "; ")); images in \(dir)")
            }
        }
    }
}
