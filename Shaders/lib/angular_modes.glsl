// A steered glow's angular modes (Sources/HaloGL/Glow/SteeredGlows.swift; docs/accuracy.md
// "Steered glows"; W. T. Freeman and E. H. Adelson, "The design and use of steerable
// filters", IEEE PAMI 13(9), 1991). The planes are real scalars in order: scalar 0 is
// cos(0) = 1, scalar 2n - 1 is cos(n theta) and scalar 2n is sin(n theta), theta the angle of
// v = p - the paint's centre (radians, atan(v.y, v.x), y down: clockwise on screen, as
// lib/paint.glsl angularGradientTDir measures t). A texel holds four consecutive scalars.

// Scalars `first` ... `first` + 3 at v. Float32: theta within about 1e-7 rad, n theta
// (n <= 160) rounded to within 3e-5 rad, so each value is within 6e-5 of exact (counted
// in SteeredGlows.floatError).
vec4 angularModeScalars(vec2 v, int first) {
    float theta = atan(v.y, v.x);
    vec4 o;
    for (int j = 0; j < 4; j++) {
        int s = first + j;
        float a = float((s + 1) / 2) * theta;
        o[j] = (s == 0 || s % 2 == 1) ? cos(a) : sin(a);
    }
    return o;
}
