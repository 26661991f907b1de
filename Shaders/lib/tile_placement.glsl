// A layer's tiles placed and classified by the vertex stage (HALO_PLACED; tile.vert), so that
// the CPU hands the GPU one instance a layer: its quad (canvas pixels, whole), cut on the
// frame's 16 px grid (TileGrid.swift): tile t is the t-th cell the quad reaches, row by row,
// cut to the quad. Needs lib/shape.glsl and the layer data (lib/layer_data.glsl).
#ifndef HALO_TILE_PLACEMENT_GLSL
#define HALO_TILE_PLACEMENT_GLSL

const float PLACED_TILE_SIDE = 16.0;   // LayerTiles.size

// Tile t of the quad q (x0, y0, x1, y1): its rect, or an empty one (z <= x) past the last.
vec4 placedTile(vec4 q, int t) {
    ivec2 c0 = ivec2(floor(q.xy / PLACED_TILE_SIDE)), c1 = ivec2(ceil(q.zw / PLACED_TILE_SIDE));
    int columns = c1.x - c0.x;
    if (columns <= 0 || t >= columns * (c1.y - c0.y)) return vec4(0.0);
    vec2 cell = vec2(c0 + ivec2(t % columns, t / columns)) * PLACED_TILE_SIDE;
    return vec4(max(cell, q.xy), min(cell + PLACED_TILE_SIDE, q.zw));
}

// How far (pixels) the float32 signed distance at a tile's centre is taken to be from the
// exact one: a quarter pixel, far above its rounding at canvas coordinates up to 2^13
// (a few ulps of the coordinates, under 0.01 px), so a tile is edge-free only when it is.
const float PLACED_DISTANCE_MARGIN = 0.25;

// Classifies the tile r (canvas pixels) as LayerTiles does on the CPU: by the signed distance
// d at its centre and its half-diagonal h, every point of the tile lies within d +- h of the
// outline (the distance is 1-Lipschitz: exact, or a bound at mitred corners). Sets vEdge
// (EDGE_PER_PIXEL where an edge of the fill or of either stroke edge may cross the tile, else
// EDGE_INSIDE) and, for an edge-free tile, vCover (fill, stroke: each 1 or 0, the tile's
// coverage). False where nothing of the layer reaches the tile: no edge, neither paint
// covering it, and no blurred glow (which reaches every tile of the quad). A text layer's
// tiles are all drawn, edge-free.
#ifndef HALO_GLOW_SOURCE
#define HALO_GLOW_SOURCE 0       // 1: a glow source's tiles (glow_source.frag), in the glow atlas
#endif

bool classifyPlacedTile(vec4 r) {
#if HALO_GLOW_SOURCE
    // A glow source's tile is in atlas texels: texel t stands for the k x k pixel block from
    // vGlowMap.xy + t k (glow_source.frag), so the tile covers the pixels vGlowMap.xy + r k.
    // Only the source band is drawn there (the stroke's, or the fill's below 0); a tile
    // outside it is left clear.
    float k = vGlowMap.z;
    vec4 px = vec4(vGlowMap.xy + r.xy * k, vGlowMap.xy + r.zw * k);
    float h = 0.5 * length(px.zw - px.xy) + PLACED_DISTANCE_MARGIN;
    float d = shapeSDG(0.5 * (px.xy + px.zw)).x;
    float lo = HALO_STROKE >= 0 ? vStroke.x : -1e30, hi = HALO_STROKE >= 0 ? vStroke.y : 0.0;
    bool edge = false;
    float c = 0.0;
    if (d - h >= lo && d + h <= hi) c = 1.0; else if (d + h > lo && d - h < hi) edge = true;
    vEdge = edge ? EDGE_PER_PIXEL : EDGE_INSIDE;
    vCover = HALO_STROKE >= 0 ? vec2(0.0, c) : vec2(c, 0.0);
    return edge || c > 0.0;
#elif HALO_TEXT
    // A text's pixels come from the text atlas over its whole quad (TextAtlas.swift).
    vEdge = EDGE_INSIDE;
    vCover = vec2(1.0, 0.0);
    return true;
#else
    float h = 0.5 * length(r.zw - r.xy) + PLACED_DISTANCE_MARGIN;
    float d = shapeSDG(0.5 * (r.xy + r.zw)).x;
    bool edge = false;
    float fill = 0.0, stroke = 0.0;
    if (HALO_FILL >= 0) {
        if (d + h <= 0.0) fill = 1.0; else if (d - h < 0.0) edge = true;
    }
    if (HALO_STROKE >= 0) {
        if (d - h >= vStroke.x && d + h <= vStroke.y) stroke = 1.0;
        else if (d + h > vStroke.x && d - h < vStroke.y) edge = true;
    }
    vEdge = edge ? EDGE_PER_PIXEL : EDGE_INSIDE;
    vCover = vec2(fill, stroke);
    return edge || fill > 0.0 || stroke > 0.0 || GLOW == GLOW_BLURRED;
#endif
}
#endif
