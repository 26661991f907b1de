// Empty: GLRenderer reads a shader paint's file in its place (lib/shader_paint.glsl).
