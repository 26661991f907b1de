import CEpoxy
import Foundation

/// What a frame cost the CPU before the GPU could start, and how many draws it issued
/// (``GLRenderer/lastFrameStats``; `halo bench --json`'s `plan_ms` and `draws`).
public struct FrameStats: Sendable, Equatable {
    /// Milliseconds of Halo's own CPU work from the resolved frame's arrival in
    /// ``GLRenderer/draw(_:into:)`` to its first GL draw call: the frame plan, the layer
    /// data and the uploads before it. A frame that issues no draw (every cell kept from
    /// the frame before) counts until draw() returns.
    public var planMs: Double
    /// GL draw calls (`glDrawArrays`, `glDrawArraysInstanced`) the frame issued; clears and
    /// blits are not draws.
    public var draws: Int
    /// Whether the frame's tiles were placed and classified on the GPU (``TilePlacement/gpu``).
    public var tilesPlaced = false

    public init(planMs: Double, draws: Int, tilesPlaced: Bool = false) {
        self.planMs = planMs; self.draws = draws; self.tilesPlaced = tilesPlaced
    }
}

/// Counts a frame's draws and times its CPU side up to the first (``FrameStats``).
struct FrameStatsCounter {
    private var start: UInt64 = 0
    private var firstDraw: UInt64?
    private(set) var draws = 0
    /// Whether the frame's tiles are placed on the GPU (set by its plan).
    var tilesPlaced = false

    /// Starts a frame: no draws yet, the plan's clock running.
    mutating func begin() {
        start = DispatchTime.now().uptimeNanoseconds
        firstDraw = nil
        draws = 0
        tilesPlaced = false
    }

    /// Notes one GL draw call (the first stops the plan's clock).
    @inline(__always) mutating func countDraw() {
        if firstDraw == nil { firstDraw = DispatchTime.now().uptimeNanoseconds }
        draws += 1
    }

    /// The frame's figures; called when its draw() returns.
    func finished() -> FrameStats {
        let end = firstDraw ?? DispatchTime.now().uptimeNanoseconds
        return FrameStats(planMs: Double(end &- start) / 1e6, draws: draws, tilesPlaced: tilesPlaced)
    }
}

extension GLRenderer {
    /// Ends a pass of ``passTimer``'s timing (a `glFinish`, then the pass's wall time since the
    /// last); nothing when no timer is set.
    func endPass(_ name: @autoclosure () -> String) {
        guard let passTimer else { return }
        halo_glFinish()
        let now = DispatchTime.now()
        passTimer(name(), Double(now.uptimeNanoseconds - passClock.uptimeNanoseconds) / 1e6)
        passClock = now
    }
}

extension GLRenderer {
    /// GL programs this renderer has compiled so far (each variant once, on first use): a
    /// frame that compiles none draws with programs already made.
    public var programsCompiled: Int { programs.compiledCount }
    /// Programs compiled by ``draw(_:into:)`` and ``render(_:)`` (a frame that waited for a
    /// compile), not by ``prepare(_:into:for:)`` between frames; the renderer's own three
    /// (resolve, canvas clear, target restore) included.
    public var programsCompiledByFrames: Int { programs.compiledCount - programsCompiledPreparing }

    /// GL_RENDERER of the context, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)".
    public var rendererName: String { glString(GL_RENDERER) }

    /// Throws a ``GLError`` naming `what` if GL has recorded an error (all are cleared).
    func checkError(_ what: String) throws {
        let e = halo_glGetError()
        if e != GLenum(GL_NO_ERROR) {
            while halo_glGetError() != GLenum(GL_NO_ERROR) {}
            throw GLError("GL error 0x\(String(e, radix: 16)) while \(what)")
        }
    }
}
