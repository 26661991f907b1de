import Foundation
import XCTest
@testable import Halo
@testable import HaloTesting
import HaloCore
import HaloGL
import HaloReference

extension SharedGPU {
    /// The test run's renderer (HaloTesting's per-thread one, reading this checkout's
    /// Shaders/), or a test failure: GPU tests must run, never skip (CI uses llvmpipe).
    static func renderer(file: StaticString = #filePath, line: UInt = #line) throws -> GLRenderer {
        do { return try current(shaderDirectory: repositoryRoot.appendingPathComponent("Shaders").path) } catch {
            XCTFail("no GL renderer: \(error)", file: file, line: line)
            throw error
        }
    }
}

/// The package's root folder.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A scene given as JSON, drawn with `backend` (the GPU's: this checkout's shaders).
func renderJSON(_ json: String, _ backend: Backend) throws -> RGBA8Image {
    let s = try SceneDecoder.decode(Data(json.utf8), file: "t.json")
    return try Halo.render(s, background: nil, backend: backend, gpu: backend == .gpu ? try SharedGPU.renderer() : nil)
}

/// Loads a scene and its background from a file, failing the test on error.
func loadScene(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> (Scene, RGBA8Image?) {
    do { return try Halo.load(url.path) } catch {
        XCTFail("\(url.lastPathComponent): \(error)", file: file, line: line)
        throw error
    }
}

/// Writes actual, expected and a heat-map diff into a folder named in the failure message.
func writeArtifacts(name: String, actual: RGBA8Image, expected: RGBA8Image, comparison: ImageComparison?) -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("halo-test-artifacts")
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try? PNG.write(actual, to: dir.appendingPathComponent("\(name).actual.png").path)
    try? PNG.write(expected, to: dir.appendingPathComponent("\(name).expected.png").path)
    if let c = comparison {
        var heat = RGBA8Image(width: actual.width, height: actual.height)
        for i in 0..<c.perPixel.count {
            let v = UInt8(min(255, Double(c.perPixel[i]) * 32))
            heat.pixels[i * 4] = v; heat.pixels[i * 4 + 1] = 0; heat.pixels[i * 4 + 2] = 255 - v; heat.pixels[i * 4 + 3] = 255
        }
        try? PNG.write(heat, to: dir.appendingPathComponent("\(name).diff.png").path)
    }
    return dir.path
}

/// Work shared by the threads of ``renderConcurrently(_:threads:_:)``: the next item to take
/// and the results so far, behind one lock.
private final class ConcurrentRenders<Item, Output>: @unchecked Sendable {
    let items: [Item]
    let body: (Item, GLRenderer) throws -> Output
    var results: [Result<Output, Error>?]
    var next = 0
    let lock = NSLock()
    init(_ items: [Item], _ body: @escaping (Item, GLRenderer) throws -> Output) {
        self.items = items; self.body = body
        results = Array(repeating: nil, count: items.count)
    }

    /// Takes items until none is left, drawing each with this thread's own renderer.
    func work() {
        let renderer: GLRenderer
        do { renderer = try GLRenderer(shaders: ShaderLibrary(directory: repositoryRoot.appendingPathComponent("Shaders").path)) } catch {
            lock.lock(); for i in results.indices where results[i] == nil && i >= next { results[i] = .failure(error) }; next = items.count; lock.unlock()
            return
        }
        renderer.options.sharesAveragedPrograms = true      // a frame a scene, as SharedGPU's renderers
        while true {
            lock.lock()
            let i = next
            next += 1
            lock.unlock()
            guard i < items.count else { break }
            let r = Result { try body(items[i], renderer) }
            lock.lock(); results[i] = r; lock.unlock()
        }
    }
}

/// `body` for each of `items`, on `threads` threads at once, each with a GL renderer (and
/// context) of its own; the results in the items' order. The images are the ones one
/// renderer gives (a renderer's output does not depend on what it drew before); what this
/// buys is time on a cold shader cache, where each new program variant costs llvmpipe 0.1
/// to 3 s of compiling on one core (docs/performance.md), and the other cores would sit idle.
/// Threads: 2 to 4 (each GL context on llvmpipe has rasterizer threads as many as the
/// cores), or HALO_TEST_GPU_THREADS.
func renderConcurrently<Item, Output>(_ items: [Item], threads: Int = Int(ProcessInfo.processInfo.environment["HALO_TEST_GPU_THREADS"] ?? "") ?? min(max(2, ProcessInfo.processInfo.activeProcessorCount), 4),
                                      _ body: @escaping (Item, GLRenderer) throws -> Output) -> [Result<Output, Error>] {
    HeadlessContext.preferQuickShaderCompiles()      // as SharedGPU's renderers (before the threads start)
    let work = ConcurrentRenders(items, body)
    let done = DispatchGroup()
    for _ in 0..<min(threads, max(items.count, 1)) {
        done.enter()
        let t = Thread { work.work(); done.leave() }
        t.stackSize = 8 << 20
        t.start()
    }
    done.wait()
    return work.results.map { $0 ?? .failure(CocoaError(.featureUnsupported)) }
}

/// `body` of each item, the items on every core at once (`DispatchQueue.concurrentPerform`);
/// the results in the items' order. For CPU work whose result does not depend on the thread
/// (the exact reference, certified bounds).
func parallelMap<Item, Output>(_ items: [Item], _ body: @escaping (Item) throws -> Output) -> [Result<Output, Error>] {
    nonisolated(unsafe) let items = items, body = body
    nonisolated(unsafe) var results = [Result<Output, Error>?](repeating: nil, count: items.count)
    results.withUnsafeMutableBufferPointer { out in
        nonisolated(unsafe) let out = out
        DispatchQueue.concurrentPerform(iterations: items.count) { i in out[i] = Result { try body(items[i]) } }
    }
    return results.map { $0! }
}

/// Each frame's certified bound (``ErrorBound``) for its GPU image, the frames on every
/// core at once (one bound is computed on one thread).
func certifiedBounds(_ renders: [(frame: Frame, image: RGBA8Image)]) -> [ErrorBound] {
    parallelMap(renders) { ErrorBound(frame: $0.frame, image: $0.image) }.map { try! $0.get() }
}

/// Fails unless the GPU image of scene `json` lies within its certified bound (``ErrorBound``)
/// of the exact CPU reference at every pixel.
func assertGPUWithinCertifiedBound(_ json: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let frame = Frame(try SceneDecoder.decode(Data(json.utf8), file: "t.json"))
    let gpu = try SharedGPU.renderer().render(frame)
    let exact = ReferenceRenderer().render(frame).toRGBA8()
    let check = try XCTUnwrap(CertifiedComparison(reference: exact, actual: gpu, bound: ErrorBound(frame: frame, image: gpu)), file: file, line: line)
    XCTAssertTrue(check.passed, check.failureReason ?? "", file: file, line: line)
}
