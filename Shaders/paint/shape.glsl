// Empty: GLRenderer reads a shader shape's file in its place (lib/shader_shape.glsl).
