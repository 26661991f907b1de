// A superellipse |x / a|^n + |y / b|^n = 1 filling the rect, turning once every 12 s; the
// exponent n is the scene's parameter p_exponent (2: an ellipse, 4: a squircle, large: a
// rectangle). Its implicit function f is not a distance: d = f / |grad f| is the usual
// first-order estimate (exact on the outline, close near it), so wide strokes are not
// quite even; the preview's distance view (D) shows its iso-lines.
float haloShape(vec2 point, vec2 size, float time) {
    float n = max(p_exponent, 1.0);
    vec2 ab = 0.5 * min(size.x, size.y) * vec2(1.0);
    float t = 6.2831853 * time / 12.0;
    vec2 q = mat2(cos(t), -sin(t), sin(t), cos(t)) * (point - 0.5 * size);
    vec2 u = abs(q) / ab;
    float sum = pow(u.x, n) + pow(u.y, n);
    if (sum <= 0.0) return -min(ab.x, ab.y);                 // the centre
    float L = pow(sum, 1.0 / n);                              // the n-norm of u
    // grad of L - 1 in points: u_i^(n-1) / L^(n-1) / ab_i, signs dropped (|grad| only).
    vec2 g = pow(u, vec2(n - 1.0)) / pow(L, n - 1.0) / ab;
    return (L - 1.0) / max(length(g), 1e-6);
}
