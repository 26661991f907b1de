/// The built-in functions of GLSL 3.30 (The OpenGL Shading Language 3.30, chapter 8,
/// "Built-in Functions"), for a did-you-mean after "no function with name" (``CompileLog``).
enum GLSLBuiltins {
    static let functions: [String] = [
        // 8.1 Angle and trigonometry
        "radians", "degrees", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "asinh", "acosh", "atanh",
        // 8.2 Exponential
        "pow", "exp", "log", "exp2", "log2", "sqrt", "inversesqrt",
        // 8.3 Common
        "abs", "sign", "floor", "trunc", "round", "roundEven", "ceil", "fract", "mod", "modf", "min", "max", "clamp",
        "mix", "step", "smoothstep", "isnan", "isinf", "floatBitsToInt", "floatBitsToUint", "intBitsToFloat", "uintBitsToFloat",
        // 8.4 Geometric
        "length", "distance", "dot", "cross", "normalize", "faceforward", "reflect", "refract",
        // 8.5 Matrix
        "matrixCompMult", "outerProduct", "transpose", "determinant", "inverse",
        // 8.6 Vector relational
        "lessThan", "lessThanEqual", "greaterThan", "greaterThanEqual", "equal", "notEqual", "any", "all", "not",
        // 8.7 Texture lookup
        "textureSize", "texture", "textureProj", "textureLod", "textureOffset", "texelFetch", "texelFetchOffset",
        "textureProjOffset", "textureLodOffset", "textureProjLod", "textureProjLodOffset", "textureGrad",
        "textureGradOffset", "textureProjGrad", "textureProjGradOffset",
        // 8.8 Fragment processing
        "dFdx", "dFdy", "fwidth",
        // 8.9 Noise
        "noise1", "noise2", "noise3", "noise4",
    ]
}
