import Foundation
import XCTest
@testable import HaloGL
import HaloCore
import HaloTesting

/// General programs (``Specialisation/never``: the tile class the draw's uniforms) draw the
/// bytes of programs specialised for each class (``Specialisation/always``): the same GLSL,
/// its branches taken per draw instead of folded at compile time.
final class GeneralProgramTests: XCTestCase {
    func testGeneralProgramsDrawEveryExampleAsSpecialisedOnesDo() throws {
        var items: [(name: String, specialisation: Specialisation, frame: Frame)] = []
        for name in GPURendererTests.examples {
            let (scene, background) = try loadScene(repositoryRoot.appendingPathComponent("Examples/\(name).json"))
            for s in [Specialisation.always, .never] { items.append((name, s, Frame(scene, time: 1.3, backgroundImage: background))) }
        }
        // Each render with the layer programs it compiled (a thread's renderer draws several items).
        let images = renderConcurrently(items) { item, gpu in
            gpu.options.specialisation = item.specialisation
            let before = Set(gpu.programs.layerVariants)
            let image = try gpu.render(item.frame)
            return (image, Set(gpu.programs.layerVariants).subtracting(before))
        }
        for pair in stride(from: 0, to: items.count, by: 2) {
            let name = items[pair].name
            let specialised = try images[pair].get(), general = try images[pair + 1].get()
            XCTAssertFalse(specialised.1.contains(where: \.isGeneral), "\(name): no general program when each class is specialised")
            XCTAssertTrue(general.1.allSatisfy(\.isGeneral), "\(name): only general programs")
            guard let c = ImageComparison(specialised.0, general.0) else { XCTFail("\(name): sizes differ"); continue }
            XCTAssertEqual(c.maxDifference, 0, "\(name): \(c.percentOver(0))% of pixels differ, by up to \(c.maxDifference)")
        }
    }

    /// The preview's mode: a frame drawn before the specialised programs are ready is drawn by
    /// general ones and lists the specialised ones it stood in for; once they are prepared, the
    /// next frame compiles nothing and lists nothing, and both frames are the same bytes.
    func testWhenReadyDrawsWithGeneralProgramsThenWithTheSpecialisedOnes() throws {
        let (scene, _) = try loadScene(repositoryRoot.appendingPathComponent("Examples/gradient-border-button.json"))
        let gpu = try GLRenderer(shaders: ShaderLibrary(directory: repositoryRoot.appendingPathComponent("Shaders").path))
        gpu.options.specialisation = .whenReady
        gpu.options.keepsUnchangedCells = false
        let frame = Frame(scene, time: 0.4)
        let first = try gpu.render(frame)
        var wanted = gpu.wantedPrograms()
        XCTAssertGreaterThan(wanted.total, 0, "the specialised programs the general ones stood in for")
        XCTAssertTrue(gpu.programs.layerVariants.contains(where: \.isGeneral))
        try gpu.prepare(&wanted, into: FrameTarget(framebuffer: gpu.output.fbo, width: frame.width, height: frame.height), for: .infinity)
        XCTAssertTrue(wanted.isEmpty)
        let compiled = gpu.programsCompiled
        let second = try gpu.render(frame)
        XCTAssertEqual(gpu.programsCompiled, compiled, "the second frame compiles nothing")
        XCTAssertEqual(gpu.wantedPrograms().total, 0, "and stands in for nothing")
        XCTAssertEqual(first, second)
    }
}
