// The distance view: each layer's signed distance drawn as iso-lines instead of its paints
// (Shaders/lib/distance_view.glsl), for shape authors to see where a shader shape's function
// is not a true distance (docs/preview-and-shaders.md, the preview's D key).
extension GLRenderer {
    /// Pixels between the distance view's iso-lines (> 0), or nil (the default) to draw the
    /// scene. While set, every layer but text and material fills shows its signed distance
    /// over its tiles (its fill, stroke and glow reach): blue inside, orange outside, a thin
    /// dark line every `distanceView` pixels and a bold white zero line. Layer programs are
    /// compiled for it on first use (one more variant each).
    public var distanceView: Double? {
        get { programs.distanceStep }
        set { programs.distanceStep = newValue.map { max($0, 1) } }
    }
}
