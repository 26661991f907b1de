// Arc length along the layer's outline (docs/scene-format.md "Outline and arc length"), pixels: s(p) is
// the arc length of the outline point nearest to p, from the start (where the top side leaves
// the top-left corner; an ellipse's rightmost point), clockwise on screen; the smallest s
// where several points are equally near. Keep in sync with
// Sources/HaloCore/Geometry/OutlineArc.swift (the same pieces, closed forms and quadrature).
// Needs HALO_SHAPE and the layer data vShape, vShapeRadii, vArcInfo (L).
#ifndef HALO_ARC_LENGTH_GLSL
#define HALO_ARC_LENGTH_GLSL
#include "lib/layer_data.glsl"
#include "lib/sdf.glsl"

// The arc tables (ArcTables.swift): entry i is texels 2i and 2i + 1, row-major, this wide.
#define ARC_TABLE_WIDTH 1024

// Where each piece of a continuous corner starts along it (cubic 1, line 1, cubic 2, line 2,
// cubic 3), and the whole corner's length, in units of R (ContinuousCorner.pieceStarts and
// unitLength in Swift, by the same quadrature; a test compares).
const float CONTINUOUS_PIECE_START[5] = float[5](0.0, 0.864674446, 0.904250629, 1.716923310, 1.756499493);
const float CONTINUOUS_UNIT_LENGTH = 2.621173939;

// 8-point Gauss-Legendre nodes (+-x) and weights (Abramowitz and Stegun, table 25.4): exact
// for polynomials of degree 15.
const float GL8_X[4] = float[4](0.1834346425, 0.5255324099, 0.7966664774, 0.9602898565);
const float GL8_W[4] = float[4](0.3626837834, 0.3137066459, 0.2223810345, 0.1012285363);

vec4 arcEntry(int i, int part) {
    int t = 2 * i + part;
    return texelFetch(uArcTable, ivec2(t % ARC_TABLE_WIDTH, t / ARC_TABLE_WIDTH), 0);
}

// The last entry of the list (first, count), ordered by s, with s <= x; first - 1 if none.
int arcSearch(int first, int count, float x) {
    int lo = first - 1, hi = first + count;          // entry lo has s <= x, entry hi has s > x
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (arcEntry(mid, 0).x <= x) lo = mid; else hi = mid;
    }
    return lo;
}

// Arc length of a cubic from t = 0 to t: 8-point Gauss-Legendre on |B'| (the continuous
// corner's cubics have smooth speeds: relative error far below float's).
float cubicArcLength(vec2 p0, vec2 p1, vec2 p2, vec2 p3, float t) {
    float r = 0.5 * t, sum = 0.0;
    for (int i = 0; i < 4; i++) {
        sum += GL8_W[i] * (length(cubicD1(p0, p1, p2, p3, r - r * GL8_X[i])) + length(cubicD1(p0, p1, p2, p3, r + r * GL8_X[i])));
    }
    return sum * r;
}

// The continuous corner's first half, from its start to its diagonal (docs/scene-format.md
// "Continuous corners"'s table, units of R): cubic 1, and cubic 2's first half (de Casteljau
// at t = 1/2; cubic 2 is symmetric about the diagonal, so that half is half its length),
// four control points each; line 1 joins them. The second half is the first's mirror image
// across the diagonal (a and b swapped), its arc length the corner's length less the mirror's.
const vec2 CONTINUOUS_HALF_CUBICS[8] = vec2[8](
    vec2(1.52866483, 0.0), vec2(1.08849299, 0.0), vec2(0.86840701, 0.0), vec2(0.66993397, 0.06549600),
    vec2(0.63149399, 0.07491100), vec2(0.50215900, 0.12198551), vec2(0.38655050, 0.19646376), vec2(0.29150713, 0.29150713));

// The point of the continuous corner's first half nearest to q (units of R, the corner's
// frame a, b; see docs/scene-format.md "Continuous corners"): (squared distance, arc length
// from the corner's start, point a, b). For q with a >= b it is the corner's nearest point
// (a convex curve symmetric about the diagonal: the mirror image of a point of the other
// half is nearer to q). (One call site each of cubicNearest and cubicArcLength: llvmpipe
// inlines every call.)
vec4 continuousHalfNearest(vec2 q) {
    int piece = 0;
    vec2 best = vec2(1e30, 0.0);
    for (int c = 0; c < ROLLED(2); c++) {
        vec2 h = cubicNearest(q, CONTINUOUS_HALF_CUBICS[4 * c], CONTINUOUS_HALF_CUBICS[4 * c + 1], CONTINUOUS_HALF_CUBICS[4 * c + 2], CONTINUOUS_HALF_CUBICS[4 * c + 3]);
        if (h.x < best.x) { best = h; piece = 2 * c; }
    }
    vec2 a = CONTINUOUS_HALF_CUBICS[3], ab = CONTINUOUS_HALF_CUBICS[4] - a;
    float tl = clamp(dot(q - a, ab) / dot(ab, ab), 0.0, 1.0);
    vec2 v = q - (a + tl * ab);
    if (dot(v, v) < best.x) { best = vec2(dot(v, v), tl); piece = 1; }
    float t = best.y, s;
    vec2 point;
    if (piece == 1) {
        s = t * length(ab);
        point = a + t * ab;
    } else {
        int c = 2 * piece;            // the cubic's first control point: 0 or 4
        vec2 p0 = CONTINUOUS_HALF_CUBICS[c], p1 = CONTINUOUS_HALF_CUBICS[c + 1], p2 = CONTINUOUS_HALF_CUBICS[c + 2], p3 = CONTINUOUS_HALF_CUBICS[c + 3];
        s = cubicArcLength(p0, p1, p2, p3, t);
        point = cubicAt(p0, p1, p2, p3, t);
    }
    return vec4(best.x, CONTINUOUS_PIECE_START[piece] + s, point);
}

// Hits (distance, s, nearest point) compared: nearer, or as near (within tie px) and
// smaller s (docs/scene-format.md: the smallest s on the medial axis).
bool arcBetter(vec4 a, vec4 b, float tie) { return a.x < b.x - tie || (a.x <= b.x + tie && a.y < b.y); }

// The distances of a box's hits at x (px from the box's centre, half size hb) count as equal
// within this: 8 float ulps of the largest coordinate they are computed from (the pieces'
// points, in the box's frame, each within a few ulps). Far below any outline's width that
// float can tell from 0: the two sides of a box 1e-4 px wide are 1e-4 px apart in distance,
// not a tie (the smallest s on its near side's would take the far side's colours).
float boxArcTie(vec2 x, vec2 hb) {
    return 9.5367432e-7 * max(max(max(abs(x.x), abs(x.y)), max(hb.x, hb.y)), 1.0);
}

// Keeps the three best hits, best first.
void arcOffer(vec4 h, float L, float tie, inout vec4 h0, inout vec4 h1, inout vec4 h2) {
    if (h.y >= L) h.y -= L;                   // the end of the outline is its start
    if (arcBetter(h, h0, tie)) { h2 = h1; h1 = h0; h0 = h; }
    else if (arcBetter(h, h1, tie)) { h2 = h1; h1 = h; }
    else if (arcBetter(h, h2, tie)) h2 = h;
}

// Corners in traversal order (top right, bottom right, bottom left, top left): the sign of
// the corner K from the centre, the unit vectors A (towards the side arrived along) and B
// (along the side left by), as docs/scene-format.md "Continuous corners"'s table, and the index into vShapeRadii.
const vec2 ARC_CORNER[4] = vec2[4](vec2(1.0, -1.0), vec2(1.0, 1.0), vec2(-1.0, 1.0), vec2(-1.0, -1.0));
const vec2 ARC_A[4] = vec2[4](vec2(-1.0, 0.0), vec2(0.0, -1.0), vec2(1.0, 0.0), vec2(0.0, 1.0));
const vec2 ARC_B[4] = vec2[4](vec2(0.0, 1.0), vec2(-1.0, 0.0), vec2(0.0, -1.0), vec2(1.0, 0.0));
const int ARC_RADIUS[4] = int[4](1, 2, 3, 0);

// How far along each side corner n's curve reaches (R, or 1.52866483 R for a continuous corner).
float arcCornerReach(int n) {
    float R = vShapeRadii[ARC_RADIUS[n]];
    return HALO_SHAPE == SHAPE_CONTINUOUS_BOX ? CONTINUOUS_REACH * R : R;
}

// A box's three nearest pieces (4 sides, 4 corners) to p, as hits (distance, s, point).
// Computed in the box's frame (p less its centre o; points returned in pixels): distances
// then carry the rounding of coordinates the size of the box and p's offset from it, not of
// the canvas position (a box thinner than that rounding has sides as near as each other).
void boxArcHits(vec2 p, float L, out vec4 h0, out vec4 h1, out vec4 h2) {
    h0 = vec4(1e30, 0.0, 0.0, 0.0); h1 = h0; h2 = h0;
    vec2 o = vShape.xy, c = vec2(0.0), hb = vShape.zw;
    p -= o;
    float tie = boxArcTie(p, hb);
    float s = 0.0;
    for (int n = 0; n < ROLLED(4); n++) {
        int m = (n + 3) % 4;
        vec2 K = c + hb * ARC_CORNER[n];
        vec2 a = c + hb * ARC_CORNER[m] + arcCornerReach(m) * ARC_B[m], b = K + arcCornerReach(n) * ARC_A[n];
        vec2 ab = b - a;
        float l2 = dot(ab, ab);
        float t = l2 > 0.0 ? clamp(dot(p - a, ab) / l2, 0.0, 1.0) : 0.0;
        vec2 q = a + t * ab;
        float side = sqrt(l2);
        // A side's end next to a rounded corner is that corner's end too: offered by the
        // corner (a duplicate would look like a second, distinct nearest piece). So is a
        // side of length 0 after a rounded corner (a capsule's end, t = 0): offered, its one
        // point, with the side's s (the start's 0 at the top), tied within `tie` with the
        // corner points beside it on a corner 1e-4 px across, and took a wedge of their s.
        bool roundedEnd = (t <= 0.0 && vShapeRadii[ARC_RADIUS[m]] > 0.0) || (t >= 1.0 && vShapeRadii[ARC_RADIUS[n]] > 0.0);
        if (!roundedEnd) arcOffer(vec4(length(p - q), s + t * side, q + o), L, tie, h0, h1, h2);
        s += side;
        float R = vShapeRadii[ARC_RADIUS[n]];
        if (R <= 0.0) continue;
        if (HALO_SHAPE == SHAPE_ROUNDED_BOX) {
            // point(phi) = centre - R (B cos phi + A sin phi), phi in [0, pi/2].
            vec2 cc = K + R * (ARC_A[n] + ARC_B[n]);
            vec2 v = p - cc;
            float u = -dot(v, ARC_B[n]), w = -dot(v, ARC_A[n]);
            float phi = u == 0.0 && w == 0.0 ? 0.0 : atan(w, u);
            if (phi >= 0.0 && phi <= 1.5707964) {              // pi/2 rounds up in float: the corner's end included
                vec2 qq = cc - R * (ARC_B[n] * cos(phi) + ARC_A[n] * sin(phi));
                arcOffer(vec4(length(p - qq), s + R * phi, qq + o), L, tie, h0, h1, h2);
            }
            s += 1.5707963 * R;
        } else {
            // Only a corner whose square [0, reach]^2 lies within 2 px of the best can matter.
            float aa = dot(p - K, ARC_A[n]), bb = dot(p - K, ARC_B[n]), reach = CONTINUOUS_REACH * R;
            float dx = max(max(0.0, aa - reach), -aa), dy = max(max(0.0, bb - reach), -bb);
            float lim = h0.x + 2.0;
            // The nearest point: of q's own half (folded onto a >= b); within 3 px of the
            // diagonal also the other half's, so that medialJump sees the diagonal, where s
            // jumps between the halves (inside, beyond their centres of curvature).
            int halves = abs(aa - bb) < 3.0 ? 2 : 1;
            vec2 first = vec2(1e30);
            for (int m = 0; m < halves && dx * dx + dy * dy < lim * lim; m++) {
                bool mirrored = (m == 0) != (aa >= bb);
                vec4 u = continuousHalfNearest((mirrored ? vec2(bb, aa) : vec2(aa, bb)) / R);
                if (mirrored) u = vec4(u.x, CONTINUOUS_UNIT_LENGTH - u.y, u.w, u.z);
                vec2 qq = K + R * (u.z * ARC_A[n] + u.w * ARC_B[n]);
                if (m == 1 && length(qq - first) < 1e-3) break;     // the same point: on the diagonal
                first = qq;
                arcOffer(vec4(sqrt(u.x) * R, s + R * u.y, qq + o), L, tie, h0, h1, h2);
            }
            s += CONTINUOUS_UNIT_LENGTH * R;
        }
    }
}

// |d/dt (a cos t, b sin t)|.
float ellipseSpeed(float t, vec2 e) {
    float sn = sin(t), cs = cos(t);
    return sqrt(e.x * e.x * sn * sn + e.y * e.y * cs * cs);
}

// E(phi), the ellipse's arc length from its start to parameter phi in [0, pi/2]: the CPU's
// table of E at 256 knots (OutlineArc.ellipseTable, in the arc tables from entry
// vArcInfo.w, 8 knots an entry) plus 8-point Gauss-Legendre from the knot below, as the
// Swift twin computes it (a thin ellipse's speed changes fast near its ends: one
// quadrature over the whole quarter would miss it).
float ellipseE(float phi, vec2 e) {
    const float h = 1.5707963268 / 256.0;
    int k = clamp(int(phi / h), 0, 255);
    int first = int(vArcInfo.w);
    float knot = arcEntry(first + k / 8, (k % 8) / 4)[k % 4];
    float lo = float(k) * h, m = 0.5 * (lo + phi), r = 0.5 * (phi - lo), sum = 0.0;
    for (int i = 0; i < 4; i++) sum += GL8_W[i] * (ellipseSpeed(m - r * GL8_X[i], e) + ellipseSpeed(m + r * GL8_X[i], e));
    return knot + sum * r;
}

// The ellipse's hit at p (distance, s, point), and the mirror hit across its major axis
// (as near; the other side of the medial axis there).
void ellipseArcHits(vec2 p, float L, out vec4 h0, out vec4 h1) {
    vec2 x = p - vShape.xy, e = vShape.zw;
    vec2 n = ellipseNearestQuadrant(abs(x), e);
    bool xNeg = x.x < 0.0 || (x.x == 0.0 && x.y < 0.0), yNeg = x.y < 0.0;
    float th;
    if (e.y <= 0.0) { th = acos(clamp(n.x / max(e.x, 1e-30), -1.0, 1.0)); yNeg = false; }
    else if (e.x <= 0.0) { th = asin(clamp(n.y / e.y, -1.0, 1.0)); xNeg = x.y < 0.0; }
    else th = atan(n.y / e.y, n.x / e.x);
    th = clamp(th, 0.0, 1.5707963);
    float E = ellipseE(th, e), Q = 0.25 * L;
    for (int k = 0; k < 2; k++) {
        bool xn = xNeg, yn = yNeg;
        if (k == 1) { if (e.x >= e.y) yn = !yn; else xn = !xn; }
        float s = !xn && !yn ? E : xn && !yn ? 2.0 * Q - E : xn && yn ? 2.0 * Q + E : (th == 0.0 && k == 1 ? 0.0 : 4.0 * Q - E);
        // p strictly above the major axis (k = 0) beside the start point: its nearest point
        // lies above the start, s just under L, though th (and E) may round to 0 in float (a
        // thin ellipse's tip turns within 1e-9 px): s stays below L (t = 1 - 1e-6, not the
        // start's 0, as the CPU's s(p) in double; the mirror hit at th = 0 is the start).
        if (k == 0 && !xn && yn) s = min(s, L * 0.99999905);
        vec2 q = vShape.xy + n * vec2(xn ? -1.0 : 1.0, yn ? -1.0 : 1.0);
        vec4 h = vec4(length(p - q), s >= L ? s - L : s, q);
        if (k == 0) h0 = h; else h1 = h;
    }
}

// s(p), pixels in [0, L).
float arcLengthAt(vec2 p) {
    float L = vArcInfo.x;
    if (!(L > 0.0)) return 0.0;
    vec4 h0, h1, h2;
    if (HALO_SHAPE == SHAPE_ELLIPSE) ellipseArcHits(p, L, h0, h1);
    else boxArcHits(p, L, h0, h1, h2);
    return h0.y;
}

// True when q is one of the box's corners of radius 0.
bool isSharpCorner(vec2 q) {
    for (int n = 0; n < 4; n++) {
        if (vShapeRadii[ARC_RADIUS[n]] <= 0.0 && length(q - (vShape.xy + vShape.zw * ARC_CORNER[n])) < 1e-4) return true;
    }
    return false;
}

// Where s(p) may jump near p (the medial axis: two pieces of the outline equally near):
// the signed distance (px) from p to that line, > 0 on the second piece's
// side, and its unit normal towards that side; 1e9 when no such jump lies within 2 px.
// The line is the zero set of |p - q1| - |p - q2| (q1, q2 the two nearest points), whose
// gradient is u1 - u2 (the unit vectors from them to p).
// Also gives s(p) in s0.
float medialJump(vec2 p, out vec2 normal, out float s0) {
    float L = vArcInfo.x;
    normal = vec2(1.0, 0.0);
    s0 = 0.0;
    if (!(L > 0.0)) return 1e9;
    vec4 h0, h1, h2 = vec4(1e30);
    if (HALO_SHAPE == SHAPE_ELLIPSE) {
        ellipseArcHits(p, L, h0, h1);
        s0 = h0.y;
        // Only inside, between the major axis's centres of curvature, is the mirror as near.
        vec2 x = p - vShape.xy, e = vShape.zw;
        if (dot(x / max(e, vec2(1e-30)), x / max(e, vec2(1e-30))) >= 1.0) {
            // Outside, no point has two nearest; but beside a thin ellipse (under 3 px across)
            // between its tips, a pixel's points take their s from either flank, the ellipse
            // between them: the major axis is the line that parts them (the distances to the
            // two flanks differ by about the ellipse's width there, nowhere 0: the line
            // below, their zero set, does not exist).
            bool wide = e.x >= e.y;
            float along = wide ? x.x : x.y, major = wide ? e.x : e.y, minor = wide ? e.y : e.x;
            if (!(minor < 1.5 && abs(along) < major)) return 1e9;
            normal = wide ? vec2(0.0, 1.0) : vec2(1.0, 0.0);
            return wide ? x.y : x.x;
        }
    } else {
        boxArcHits(p, L, h0, h1, h2);
        s0 = h0.y;
    }
    // The next nearest piece's point, where it is another point (a piece next to the best
    // one meets it smoothly: splitting there is harmless, as s is continuous across).
    // The next nearest piece's point, where s jumps there: more than 2 px apart round the
    // outline, or on either side of the start point (pieces that meet smoothly have s
    // continuous across their boundary, where their distance difference is flat).
    // Of the next two, the first that is another point and not a smooth neighbour of the
    // best one (s within 2 px and a normal within 30 degrees: the end of a continuous
    // corner next to a side's nearest point, which hid the other side across the medial
    // line beyond the corner).
    vec4 other = h2;
    for (int k = 0; k < 2; k++) {
        vec4 c = k == 0 ? h1 : h2;
        if (c.x >= 1e29 || length(c.zw - h0.zw) <= 1e-3) continue;
        float dc = abs(c.y - h0.y);
        vec2 v1 = p - h0.zw, v2 = p - c.zw;
        float n1 = length(v1), n2 = length(v2);
        bool neighbour = min(dc, L - dc) <= 2.0 && dc <= 0.5 * L && n1 > 0.0 && n2 > 0.0 && length(v1 / n1 - v2 / n2) < 0.5;
        if (!neighbour) { other = c; break; }
    }
    float ds = abs(other.y - h0.y);
    if (other.x >= 1e29 || other.x - h0.x > 3.0 || length(other.zw - h0.zw) <= 1e-3) return 1e9;
    // A sharp corner's point against a side through it: their boundary is the side's normal
    // there, where s is continuous (or a cut of the arc tables at the start), and the
    // distance difference is flat across it: no split.
    if (HALO_SHAPE != SHAPE_ELLIPSE && (isSharpCorner(h0.zw) || isSharpCorner(other.zw))) return 1e9;
    vec2 u1 = p - h0.zw, u2 = p - other.zw;
    float l1 = length(u1), l2 = length(u2);
    u1 = l1 > 0.0 ? u1 / l1 : vec2(0.0); u2 = l2 > 0.0 ? u2 / l2 : vec2(0.0);
    vec2 g = u1 - u2;
    float gl = length(g);
    if (gl < 1e-3) return 1e9;
    // s within 2 px across: no split where the two pieces' normals nearly agree (pieces
    // meeting smoothly); but the two sides of a corner (normals 90 degrees apart, |g| =
    // sqrt(2)) are split however near the corner: s jumps by 2 t at t from a sharp corner,
    // and a cut within that jump lies on the diagonal, not on the cut's normal line.
    if (min(ds, L - ds) <= 2.0 && ds <= 0.5 * L && gl < 0.5) return 1e9;
    normal = g / gl;
    // D = l1 - l2 < 0 on the first piece's side; the line is at D = 0.
    return (l1 - l2) / gl;
}
#endif
