import CEpoxy
import Foundation

/// GPU time of the preview's frames from GL_TIME_ELAPSED timer queries, read a few
/// frames late so that asking never stalls the pipeline (a ring of 4 queries).
public final class GPUFrameTimer {
    private var queries = [GLuint](repeating: 0, count: 4)
    private var pending = [Bool](repeating: false, count: 4)
    private var next = 0
    private var active = false
    /// False when the driver lacks timer queries (GL 3.3 core has them; a failed query turns this off).
    public private(set) var available = true
    /// The most recent measured frame, milliseconds.
    public private(set) var lastMs: Double?
    /// Every measured frame so far, milliseconds (for a run's median).
    public private(set) var samplesMs: [Double] = []

    public init() {
        halo_glGenQueries(GLsizei(queries.count), &queries)
        if halo_glGetError() != GLenum(GL_NO_ERROR) { available = false }
    }

    deinit { halo_glDeleteQueries(GLsizei(queries.count), &queries) }

    /// Starts timing this frame's GL commands (no nesting: end before anything else times).
    public func begin() {
        guard available else { return }
        collect()
        if pending[next] { return }       // the oldest result is not back yet: skip this frame
        halo_glBeginQuery(GLenum(GL_TIME_ELAPSED), queries[next])
        active = true
    }

    /// Ends the query begun by ``begin()``.
    public func end() {
        guard active else { return }
        halo_glEndQuery(GLenum(GL_TIME_ELAPSED))
        active = false
        pending[next] = true
        next = (next + 1) % queries.count
        if halo_glGetError() != GLenum(GL_NO_ERROR) { available = false }
    }

    /// Reads every finished query; the newest becomes ``lastMs``. `wait`: block until all are back.
    public func collect(wait: Bool = false) {
        for k in 0..<queries.count {             // oldest first
            let i = (next + k) % queries.count
            guard pending[i] else { continue }
            var ready: GLint = wait ? 1 : 0
            if !wait { halo_glGetQueryObjectiv(queries[i], GLenum(GL_QUERY_RESULT_AVAILABLE), &ready) }
            guard ready != 0 else { continue }
            var ns: GLuint64 = 0
            halo_glGetQueryObjectui64v(queries[i], GLenum(GL_QUERY_RESULT), &ns)
            pending[i] = false
            lastMs = Double(ns) / 1e6
            samplesMs.append(lastMs!)
        }
    }
}
