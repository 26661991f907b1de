// Empty: GLRenderer puts the scene's parameter uniforms here for shader paints (p_NAME,
// Shaders/README.md "Parameters"; Sources/HaloGL/Programs/ShaderParameters.swift).
