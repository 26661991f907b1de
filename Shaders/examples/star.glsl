// A five-pointed star turning once every 10 s, inscribed in the rect: Inigo Quilez's exact
// signed distance of a regular star (sdStar5, iquilezles.org/articles/distfunctions2d, MIT),
// y flipped so that a point is up. p_starInset (a parameter, 0.3...0.8) is the inner radius
// over the outer one.
float starSD(vec2 p, float r, float rf) {
    const vec2 k1 = vec2(0.809016994375, -0.587785252292);
    const vec2 k2 = vec2(-k1.x, k1.y);
    p.x = abs(p.x);
    p -= 2.0 * max(dot(k1, p), 0.0) * k1;
    p -= 2.0 * max(dot(k2, p), 0.0) * k2;
    p.x = abs(p.x);
    p.y -= r;
    vec2 ba = rf * vec2(-k1.y, k1.x) - vec2(0.0, 1.0);
    float h = clamp(dot(p, ba) / dot(ba, ba), 0.0, r);
    return length(p - ba * h) * sign(p.y * ba.x - p.x * ba.y);
}

float haloShape(vec2 point, vec2 size, float time) {
    float a = 6.2831853 * time / 10.0;
    vec2 q = point - 0.5 * size;
    q = mat2(cos(a), -sin(a), sin(a), cos(a)) * vec2(q.x, -q.y);
    return starSD(q, 0.5 * min(size.x, size.y), p_starInset);
}
