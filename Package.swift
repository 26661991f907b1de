// swift-tools-version:6.0
// Halo: animated gradient borders (SDF shapes, gradients, glow) on Linux,
// drawn by an OpenGL 3.3 renderer and by an exact CPU reference.
import PackageDescription

// No target sets compiler flags of its own (unsafeFlags): SwiftPM refuses such a package
// as a versioned dependency (`.package(url:from:)`). The test suite renders every checker
// scene, example and random scene with the exact reference, 10 to 30 times slower
// unoptimised, so its command optimises the debug build from the command line:
// `swift test -Xswiftc -O -Xcc -O3` (README.md, docs/testing.md).

let package = Package(
    name: "Halo",
    products: [
        .library(name: "Halo", targets: ["Halo"]),
        .library(name: "HaloTesting", targets: ["HaloTesting"]),
        .executable(name: "halo", targets: ["halo"]),
    ],
    targets: [
        // System libraries (Debian packages; pkg-config names).
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy",
                       providers: [.apt(["libepoxy-dev", "libegl-dev", "libgl-dev"])]),
        .systemLibrary(name: "CGLFW", pkgConfig: "glfw3",
                       providers: [.apt(["libglfw3-dev"])]),
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        // Dear ImGui 1.86 with its GLFW and OpenGL 3 backends (imgui.pc, which requires stb's stb.pc).
        .systemLibrary(name: "CImGui", pkgConfig: "imgui",
                       providers: [.apt(["libimgui-dev", "libstb-dev"])]),
        .systemLibrary(name: "CText", pkgConfig: "harfbuzz",
                       providers: [.apt(["libharfbuzz-dev", "libfreetype-dev", "libfontconfig-dev"])]),
        // fontconfig matching and FreeType outline decomposition (callback APIs) in C.
        .target(name: "CHaloText", dependencies: ["CText"]),
        // The preview's controls: Dear ImGui (C++) behind a C interface that Swift imports.
        .target(name: "CHaloImGui", dependencies: ["CImGui", "CGLFW"]),
        // libpng's setjmp/longjmp error handling stays inside this C shim.
        .target(name: "CHaloPNG", dependencies: ["CLibPNG"]),
        // The exact glow's convolution passes, built for AVX-512, AVX2+FMA and plain x86-64 (the widest chosen at load).
        .target(name: "CHaloConvolution"),
        // Float pixels to 8-bit RGBA (the one rounding), vectorised.
        .target(name: "CHaloPixels"),

        // Fonts and text layout (docs/scene-format.md "Text"): fontconfig, HarfBuzz, FreeType. No GL.
        .target(name: "HaloText", dependencies: ["CHaloText", "CText"]),
        // Scene model, decoder and maths. No GL.
        .target(name: "HaloCore", dependencies: ["HaloText", "CHaloPixels"]),
        // PNG reading and writing (libpng), atomic file output.
        .target(name: "HaloPNG", dependencies: ["CHaloPNG", "HaloCore"]),
        // The exact CPU reference renderer. No GL.
        .target(name: "HaloReference", dependencies: ["HaloCore", "CHaloConvolution"]),
        // The OpenGL 3.3 renderer (headless through EGL).
        .target(name: "HaloGL", dependencies: ["HaloCore", "CEpoxy"]),
        // Scene export as HTML/CSS and as SwiftUI source (docs/code-export.md). No GL.
        .target(name: "HaloExport", dependencies: ["HaloCore"]),
        // The public library: re-exports the above and adds the high-level API.
        .target(name: "Halo", dependencies: ["HaloCore", "HaloPNG", "HaloReference", "HaloGL"]),
        // Reference-image testing: comparison, tolerance, heat maps, the suite runner and its
        // reports, the shared GPU renderer, the random scene generator. `halo test`,
        // `halo diff` and Halo's own tests use it.
        .target(name: "HaloTesting", dependencies: ["Halo", "HaloExport"]),
        // The live preview window (GLFW, GL 3.3 core): `halo preview`.
        .target(name: "HaloPreview", dependencies: ["Halo", "CGLFW", "CHaloImGui"]),
        // The command-line tool.
        .executableTarget(name: "halo", dependencies: ["Halo", "HaloTesting", "HaloPreview", "HaloExport"]),
        // tools/css-parity: Chromium's rendering of scenes' HTML exports against their exact images.
        .executableTarget(name: "halo-css-parity", dependencies: ["Halo", "HaloTesting"]),
        // tools/soak: renders one scene many times per backend and reports resident memory.
        .executableTarget(name: "halo-soak", dependencies: ["Halo"]),
        // tools/fuzz: the decoder's libFuzzer target (built with -sanitize=fuzzer -DHALO_FUZZ);
        // a plain build makes a replay tool for the inputs the fuzzer saves.
        .executableTarget(name: "halo-fuzz-decoder", dependencies: ["HaloCore"], path: "Fuzz/DecoderFuzzer"),

        .testTarget(name: "HaloTests", dependencies: ["Halo", "HaloTesting", "HaloPreview", "HaloExport", "halo"]),
    ]
)
