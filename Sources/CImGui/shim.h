// Dear ImGui (Debian's libimgui-dev 1.86, with its GLFW and OpenGL 3 backends in
// libimgui.a) is C++: only CHaloImGui includes its headers. This module exists for
// pkg-config's flags (imgui.pc: -I/usr/include/imgui, -limgui, and stb's -lstb), which
// reach CHaloImGui's compile and the final link through the dependency.
