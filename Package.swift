// swift-tools-version:6.0
// Sceneflow: a folder of app screenshots becomes a clickable prototype in an SDL2 window,
// driven by Lua 5.4 scripts. Layering (DESIGN.md §5): Core is pure Swift; only the SDL layer
// imports SDL; only the Lua layer imports Lua; they meet in the Runner.
import PackageDescription

// Release builds link the Swift runtime and Foundation into the executable (`-static-stdlib`,
// what `swift build --static-swift-stdlib` does): every process, each `test --jobs` worker
// included, then starts without the dynamic loader resolving Foundation's and ICU's symbols,
// 5 ms of CPU instead of 11 for `--version`. Debug builds (and the test bundle, which XCTest's
// own Foundation links dynamically) keep the shared libraries.
let staticStdlib: [SwiftSetting] = [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]

let package = Package(
    name: "Sceneflow",
    products: [
        .executable(name: "sceneflow", targets: ["SceneflowCLI"]),
        // Fuzz targets (issue 8): replays inputs when built normally; Scripts/fuzz.sh builds
        // it with libFuzzer and AddressSanitizer.
        .executable(name: "sceneflow-fuzz", targets: ["SceneflowFuzz"]),
    ],
    targets: [
        // SDL2, SDL2_image, SDL2_ttf and fontconfig: their headers only (no pkgConfig, no link), so that
        // the executable does not need them to start; CSDLShim defines the functions Swift calls and
        // opens each library with dlopen at its first call.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2Image", providers: [.apt(["libsdl2-image-dev"])]),
        // libpng and libtiff, the libraries SDL_image decodes PNG and TIFF with, for what SDL_image
        // does not offer (16-bit PNGs rounded, libtiff's messages kept); see CImageShim.
        .systemLibrary(
            name: "CPNG", pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]),
        // libtiff's headers only: CImageShim opens it with dlopen at the first TIFF.
        .systemLibrary(name: "CTIFF", providers: [.apt(["libtiff-dev"])]),
        // giflib decodes GIFs instead of SDL_image 2.6.3, whose GIF decoder crashes on damaged data.
        .systemLibrary(
            name: "CGIF", pkgConfig: "libgif",
            providers: [.apt(["libgif-dev"])]),
        .target(name: "CImageShim", dependencies: ["CPNG", "CTIFF", "CGIF"], linkerSettings: [.linkedLibrary("dl")]),
        // SDL2_ttf draws the window's text (labels, panels, the T display) anti-aliased in any
        // script; fontconfig finds the faces (DejaVu Sans, a CJK face, a face per missing character).
        .systemLibrary(name: "CSDL2TTF", providers: [.apt(["libsdl2-ttf-dev"])]),
        .systemLibrary(name: "CFontconfig", providers: [.apt(["libfontconfig-dev"])]),
        // The functions of SDL2, SDL2_image, SDL2_ttf and fontconfig that Swift calls (functions.h,
        // made by Scripts/make-sdl-functions.sh), each opening its library with dlopen at the first
        // call, as CVideoShim loads FFmpeg: `test`, `check`, `list` and `--version` never load them.
        .target(name: "CSDLShim", linkerSettings: [.linkedLibrary("dl")]),
        // FFmpeg's libraries (libavformat, libavcodec, libswscale, libavutil; Debian libavformat-dev,
        // libavcodec-dev, libswscale-dev) write `test --video` as MP4 (H.264, x264) through CVideoShim,
        // which loads them (and libyuv0's colour conversion, when present) with dlopen at the first
        // video: they are no needed library of the executable, so every other command starts without
        // resolving their ~90 dependencies.
        .target(name: "CVideoShim", linkerSettings: [.linkedLibrary("dl")]),
        // zlib's CRC-32, for the PNG chunk check that runs before any image is decoded.
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CLua", pkgConfig: "lua5.4",
            providers: [.apt(["liblua5.4-dev"])]),
        // Re-exports Lua's C macros as functions and raises Lua errors from C, so that a
        // Lua error never unwinds through a Swift frame (DESIGN.md §5 rule 3).
        .target(name: "CLuaShim", dependencies: ["CLua"]),
        // prctl(PR_SET_PDEATHSIG) for `--jobs` workers (a variadic C call Swift cannot make), and
        // glibc's mmap threshold for the window (mallopt: <malloc.h> is not in Swift's Glibc).
        .target(name: "CProcessShim"),
        // Tesseract's C API (Debian libtesseract-dev, tesseract-ocr-eng; `sceneflow detect` reads the
        // text on each screen), loaded with dlopen at the first detection, as CVideoShim loads FFmpeg.
        .target(name: "CTesseractShim", linkerSettings: [.linkedLibrary("dl")]),
        .target(name: "SceneflowCore", swiftSettings: staticStdlib),
        // Text recognition: the one place that imports Tesseract (Core stays pure Swift).
        .target(name: "SceneflowOCR", dependencies: ["SceneflowCore", "CTesseractShim"], swiftSettings: staticStdlib),
        .target(
            name: "SceneflowSDL",
            dependencies: [
                "SceneflowCore", "CSDL2", "CSDL2Image", "CSDL2TTF", "CFontconfig", "CSDLShim", "CImageShim",
                "CZlib",
            ], swiftSettings: staticStdlib),
        // The script API's Lua lives in Sources/SceneflowLua/Lua/*.lua, compiled in as string
        // constants (`EmbeddedLua`) by the EmbedLua plugin, so the binary needs no files at run time.
        .target(
            name: "SceneflowLua", dependencies: ["SceneflowCore", "CLua", "CLuaShim"], swiftSettings: staticStdlib,
            plugins: ["EmbedLua"]),
        .executableTarget(name: "EmbedLuaTool"),
        .plugin(name: "EmbedLua", capability: .buildTool(), dependencies: ["EmbedLuaTool"]),
        .target(
            name: "SceneflowRunner",
            dependencies: [
                "SceneflowCore", "SceneflowSDL", "SceneflowLua", "SceneflowOCR", "CVideoShim", "CProcessShim",
            ], swiftSettings: staticStdlib),
        .executableTarget(
            name: "SceneflowCLI",
            dependencies: ["SceneflowRunner", "SceneflowCore", "SceneflowOCR", "CProcessShim"],
            swiftSettings: staticStdlib,
            // Packed relative relocations (DT_RELR, glibc 2.36+): the ~77 000 pointers the
            // loader fixes up at every start (runner and each worker) take a fraction of the time.
            linkerSettings: [
                .unsafeFlags(
                    ["-static-stdlib", "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                    .when(configuration: .release))
            ]),
        .executableTarget(
            name: "SceneflowFuzz", dependencies: ["SceneflowRunner"], swiftSettings: staticStdlib,
            linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]),
        .testTarget(name: "SceneflowCoreTests", dependencies: ["SceneflowCore"]),
        .testTarget(name: "SceneflowSDLTests", dependencies: ["SceneflowSDL", "SceneflowCore"]),
        .testTarget(name: "SceneflowLuaTests", dependencies: ["SceneflowLua", "SceneflowCore"]),
        .testTarget(
            name: "SceneflowEndToEndTests",
            dependencies: ["SceneflowRunner", "SceneflowCore", "SceneflowOCR"]),
    ]
)
