// The inscribed circle's exact distance: a valid shape for the refusals beside it.
float haloShape(vec2 point, vec2 size, float time) {
    return length(point - 0.5 * size) - 0.5 * min(size.x, size.y);
}
