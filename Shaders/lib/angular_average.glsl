// An angular paint's average over a pixel's covered strip taken piece by piece in the angle:
// where the pixel holds the centre (every colour meets) or several of the paint's jumps
// (hard stops, the seam), which paintColor's one straight jump cannot take.
#ifndef HALO_ANGULAR_AVERAGE_GLSL
#define HALO_ANGULAR_AVERAGE_GLSL
#include "lib/coverage.glsl"
#include "lib/paint_t.glsl"
#include "lib/clip.glsl"

// The covered part of a pixel as angularAverage sweeps it: the pixel square (side 1, centred
// at the origin) cut to the band a <= dot(n, x) <= b (below, above: clipSquare's half-planes),
// seen from the centre c (relative to the pixel's centre), its bounding box lo...hi relative
// to c, and whether it is that box itself (n along an axis: then in closed form).
struct SweptPart { vec2 c; vec3 below, above; vec2 lo, hi; bool box; };

// The area of the covered part's piece in quadrant q about c (0: x >= c.x, y >= c.y; then
// counterclockwise) whose points are seen from c at an angle before phi (within the
// quadrant's quarter turn): there those points lie on one side of the line through c at
// angle phi. A box: halfPlaneCoverage's closed form for that piece of it; else clipSquare with
// the quadrant's two sides and the line. Without the line (cut false): the whole piece. Exact.
float quadrantArea(SweptPart part, int q, float phi, bool cut) {
    bool right = q == 0 || q == 3, up = q < 2;
    vec2 np = vec2(-sin(phi), cos(phi));             // dot(np, v) < 0: v before phi (within a half turn)
    if (part.box) {
        vec2 qlo = vec2(right ? max(part.lo.x, 0.0) : part.lo.x, up ? max(part.lo.y, 0.0) : part.lo.y);
        vec2 qhi = vec2(right ? part.hi.x : min(part.hi.x, 0.0), up ? part.hi.y : min(part.hi.y, 0.0));
        vec2 size = qhi - qlo;
        if (!(size.x > 0.0 && size.y > 0.0)) return 0.0;
        return size.x * size.y * (cut ? halfPlaneCoverage(dot(np, 0.5 * (qlo + qhi)), np, size) : 1.0);
    }
    vec3 side = right ? vec3(-1.0, 0.0, -part.c.x) : vec3(1.0, 0.0, part.c.x);
    vec3 level = up ? vec3(0.0, -1.0, -part.c.y) : vec3(0.0, 1.0, part.c.y);
    return clippedArea(1.0, side, level, part.below, part.above, cut ? vec3(np, dot(np, part.c)) : vec3(0.0, 0.0, 1.0));
}

// The area of the covered part seen from c at an angle in [0, phi] (phi >= 0, whole turns
// adding the whole part), given each quadrant's whole piece (whole, quadrantArea without a
// cut): the quadrants before phi's whole, and phi's own quadrant up to phi.
float sweptArea(SweptPart part, vec4 whole, float phi) {
    float turns = floor(phi / 6.28318531);
    float rest = clamp(phi - turns * 6.28318531, 0.0, 6.28318531);
    int q = min(int(rest / 1.57079633), 3);
    float sum = turns * (whole.x + whole.y + whole.z + whole.w);
    for (int k = 0; k < 3; k++) if (k < q) sum += whole[k];
    return sum + (whole[q] > 0.0 ? quadrantArea(part, q, rest, true) : 0.0);
}

// The angle, in degrees from the seam (0 <= rel < 360), of break e of one turn of slot i's
// angular paint (count nodes, sweep span): node e's location (e < count), then the middle of a
// partial sweep's gap (where the colour jumps from t = 1's to t = 0's), then the turn's end.
// Breaks are taken at nodes that stand at colour stops (nextStopNode): between two the
// colour is linear in the angle, or a smooth curve (a ramp mixed in another space).
float angularBreak(int row, int count, float span, int e) {
    if (e < count) return clamp(rampLocation(uRamps, row, e), 0.0, 1.0) * span;
    return e == count ? span + 0.5 * (360.0 - span) : 360.0;
}

// The first node after node e (e < count) that stands at a colour stop (GradientRamp.stopsUpTo:
// every node of an sRGB ramp; the ends of each stop-to-stop segment of a ramp mixed in another
// space, whose nodes between trace a smooth curve), or count: binary search.
int nextStopNode(int row, int count, int e) {
    float want = rampStopsUpTo(uRamps, row, e) + 1.0;
    int lo = e, hi = count;                                  // stopsUpTo(lo) < want <= stopsUpTo(hi)
    while (hi - lo > 1) {
        int mid = (lo + hi) / 2;
        if (rampStopsUpTo(uRamps, row, mid) >= want) hi = mid; else lo = mid;
    }
    return hi;
}

// The colour of slot i's angular paint at rel degrees from its seam (0 <= rel < 360):
// angularGradientTDir's t, taken at a given angle.
vec4 angularColourAt(int i, float rel, float span) {
    return rampAt(i, rel <= span ? rel / span : rel < span + 0.5 * (360.0 - span) ? 1.0 : 0.0);
}

// The angular paint's average over the covered strip (see paintColor) of the pixel at
// `pixel`: the angles the strip spans about the centre (all 360 degrees, from the seam, when
// it holds the centre) are cut at every break of the colour within them (angularBreak: colour
// stops, the gap's middle, the seam) and at N equal steps (N = 128 for a whole turn, 32
// otherwise); each piece's exact area (sweptArea) takes the colour at the piece's middle
// angle. Exact where the colour is constant between breaks (hard-edged spokes: any number of
// jumps within the pixel); elsewhere within half the colour's steepest slope times the
// widest piece (the colour at the middle against a weight that grows or shrinks along the
// piece). docs/architecture.md; the certified bound states it (AngularPieceTerm).
vec4 angularAverage(int i, vec2 pixel, vec4 strip) {
    vec4 geo = vPaintGeometry[i];
    float span = geo.w;
    int row = vPaintRamps[2 * i], count = vPaintRamps[2 * i + 1];
    vec2 n = strip.xy;
    SweptPart part;
    part.c = geo.xy - pixel;
    // coveredStrip's ends within -1/2...1/2 of the centre; at +-1/2 the band reaches on (to
    // the square's own corners, up to 0.71 px along a slanted n): no cut there.
    part.below = strip.w >= 0.5 ? vec3(0.0, 0.0, 1.0) : vec3(n, strip.w);
    part.above = strip.z <= -0.5 ? vec3(0.0, 0.0, 1.0) : vec3(-n, -strip.z);
    // n along an axis: the part is the box a...b along n by the pixel across.
    part.box = abs(n.x) == 1.0 || abs(n.y) == 1.0;
    vec2 along = abs(n.x) == 1.0 ? vec2(1.0, 0.0) : vec2(0.0, 1.0);
    float s = dot(n, along);
    vec2 blo = part.box ? mix(vec2(-0.5), vec2(s > 0.0 ? strip.z : -strip.w), along) : vec2(-0.5);
    vec2 bhi = part.box ? mix(vec2(0.5), vec2(s > 0.0 ? strip.w : -strip.z), along) : vec2(0.5);
    part.lo = blo - part.c;
    part.hi = bhi - part.c;
    vec4 whole;
    for (int q = 0; q < 4; q++) whole[q] = quadrantArea(part, q, 0.0, false);
    float rho0, range;                                       // the angles covered, degrees from the seam
    int steps;
    if (all(lessThanEqual(part.lo, vec2(0.0))) && all(greaterThanEqual(part.hi, vec2(0.0)))) {
        rho0 = 0.0; range = 360.0; steps = 128;
    } else {
        vec2 a = boxAngles(part.lo, part.hi);                 // under half a turn about c
        rho0 = mod(degrees(a.x) - geo.z, 360.0);
        range = degrees(a.y - a.x);
        steps = 32;
    }
    // The canvas angle of rel rho is radians(rho + geo.z): phi0 at rho0, within one turn.
    float phi0 = radians(rho0 + geo.z);
    phi0 -= 6.28318531 * floor(phi0 / 6.28318531);
    // The first break after rho0 (rampSegment: the node above t, or past the ramp's end).
    int e = count;
    if (rho0 < span) {
        ivec2 sg = rampSegment(uRamps, row, count, rho0 / span);
        e = sg.x == sg.y ? (rho0 / span < rampLocation(uRamps, row, 0) ? 0 : count) : sg.y;
    }
    float turn = 0.0;
    float pa = rho0, fa = sweptArea(part, whole, phi0);
    float f0 = fa;
    vec4 sum = vec4(0.0);
    int step = 1;
    for (int it = 0; it < 160 + 2 * count; it++) {
        float pg = rho0 + range * float(step) / float(steps);
        float pe = angularBreak(row, count, span, e) + turn;
        float pb = min(pg, pe);
        if (pb > pa) {
            float fb = sweptArea(part, whole, phi0 + radians(pb - rho0));
            float mid = 0.5 * (pa + pb);
            sum += (fb - fa) * angularColourAt(i, mid - 360.0 * floor(mid / 360.0), span);
            pa = pb; fa = fb;
        }
        if (pe <= pg) {
            e = e < count ? nextStopNode(row, count, e) : e + 1;
            if (e > count + 1) { e = 0; turn += 360.0; }
        } else if (++step > steps) break;
    }
    float area = fa - f0;
    if (!(area > 0.0)) { vec2 g; return rampAt(i, paintT(i, PAINT_ANGULAR, pixel + n * (0.5 * (strip.z + strip.w)), g)); }
    return sum / area;
}

// How many colour stops lie within [a, b] strictly inside the ramp's 0...1 (a stop at 0 or 1
// is the seam's, counted by angularJumpsCrowd).
float interiorStops(int row, int count, float a, float b) {
    float lo = max(a, 0.0), hi = min(b, 0.99999994);
    return hi > lo ? stopsBelow(row, count, hi) - stopsBelow(row, count, lo) : 0.0;
}

// Whether the pixel's range of t, t +- reach (a full sweep's wrapping at 1), may hold more
// than one jump of slot i's angular paint, where paintColor's one straight jump would leave
// the others out (each side's colour taken across them): three colour stops or more (two
// hard stops, a hard stop and a kink), or one beside a seam whose colours differ.
bool angularJumpsCrowd(int i, float t, float reach) {
    int row = vPaintRamps[2 * i], count = vPaintRamps[2 * i + 1];
    float lo = t - reach, hi = t + reach;
    float stops = interiorStops(row, count, lo, hi);
    bool seam = false;
    if (vPaintGeometry[i].w >= 360.0) {
        if (lo < 0.0) stops += interiorStops(row, count, lo + 1.0, 1.0);
        if (hi > 1.0) stops += interiorStops(row, count, 0.0, hi - 1.0);
        seam = (lo < 0.0 || hi > 1.0) && any(notEqual(rampNode(uRamps, row, 0), rampNode(uRamps, row, count - 1)));
    }
    return stops >= 3.0 || (seam && stops >= 1.0);
}
#endif
