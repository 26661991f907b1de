import Dispatch
import Foundation

/// A raw buffer shared by worker threads that write disjoint parts of it. Elements are read
/// and written through `base` (the standard library's pointer subscript, specialised in
/// every build): a generic subscript of this type was not specialised in the test suite's
/// debug build, which compiles file by file, and its value-witness copies took a third of
/// the CPU reference's time there.
struct SharedBuffer<T>: @unchecked Sendable {
    init(base: UnsafeMutablePointer<T>) { self.base = base }
    init(_ p: UnsafePointer<T>) { self.base = UnsafeMutablePointer(mutating: p) }
    let base: UnsafeMutablePointer<T>
    /// The buffer from element `i` on, as floats (for the C passes; T is SIMD4<Float>).
    @inline(__always) func floats(from i: Int) -> UnsafeMutablePointer<Float> {
        UnsafeMutableRawPointer(base + i).assumingMemoryBound(to: Float.self)
    }
}

/// Runs `body` over `0..<count` split into contiguous chunks, on every core.
func parallelFor(_ count: Int, threads: Int, _ body: @Sendable (Range<Int>) -> Void) {
    if count <= 0 { return }
    let chunks = max(1, min(count, threads * 4))
    if chunks == 1 || threads <= 1 { body(0..<count); return }
    DispatchQueue.concurrentPerform(iterations: chunks) { c in
        let lo = count * c / chunks, hi = count * (c + 1) / chunks
        if lo < hi { body(lo..<hi) }
    }
}

/// One value a slot, each slot written by one worker thread and read after they all finish.
final class ParallelSlots<T>: @unchecked Sendable {
    private var values: [T?]
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: T) { values.withUnsafeMutableBufferPointer { $0[i] = value } }
    func get(_ i: Int) -> T? { values[i] ?? nil }
}
