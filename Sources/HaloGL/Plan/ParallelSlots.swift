import Foundation

/// Slots that worker threads fill, each slot by one thread, read after they all finish.
final class ParallelSlots<T>: @unchecked Sendable {
    private var slots: [T?]
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: T) { slots.withUnsafeMutableBufferPointer { $0[i] = value } }
    func get(_ i: Int) -> T { slots[i]! }
}
