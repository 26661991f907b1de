// A heart swinging gently (a quarter radian either way every 3 s) about the rect's centre:
// Inigo Quilez's exact signed distance of a heart (sdHeart, iquilezles.org/articles/
// distfunctions2d, MIT), whose unit heart spans 1.21 x 1.10 with its tip at the origin, y up;
// scaled to fit the rect.
float heartSD(vec2 p) {
    p.x = abs(p.x);
    if (p.y + p.x > 1.0) return length(p - vec2(0.25, 0.75)) - 0.35355339;
    vec2 a = p - vec2(0.0, 1.0), b = p - 0.5 * max(p.x + p.y, 0.0);
    return sqrt(min(dot(a, a), dot(b, b))) * sign(p.x - p.y);
}

float haloShape(vec2 point, vec2 size, float time) {
    float s = min(size.x / 1.25, size.y / 1.15);      // points per unit of the unit heart
    float a = 0.25 * sin(6.2831853 * time / 3.0);
    vec2 q = point - 0.5 * size;
    q = mat2(cos(a), -sin(a), sin(a), cos(a)) * q;
    // y up, the tip 0.55 units below the centre.
    vec2 u = vec2(q.x, -q.y) / s + vec2(0.0, 0.55);
    return heartSD(u) * s;
}
