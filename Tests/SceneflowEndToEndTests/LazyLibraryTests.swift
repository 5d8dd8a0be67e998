import Foundation
import Testing

/// FFmpeg (`test --video`), Tesseract (`detect`), and SDL2, SDL2_image, SDL2_ttf and fontconfig
/// (drawing, decoding) are loaded with dlopen at their first use, not listed as needed libraries
/// of the executable: every other command, and every `--jobs` worker, starts without resolving
/// their ~200 dependencies. A machine without one of them hears which library and Debian package
/// is missing, with exit 70, and every other command still works there
/// (SCENEFLOW_SIMULATE_MISSING_LIBRARY stands for the missing file).
@Suite struct LazyLibraryTests {
    /// The NEEDED entries of the built executable's dynamic section (`readelf -d`).
    static func neededLibraries() throws -> [String] {
        let binary = try #require(Sceneflow.binary)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["readelf", "-d", binary.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { line in
                guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
                return String(line[line.index(after: open)..<close])
            }
    }

    static var hasReadelf: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf") }

    @Test(.enabled(if: hasReadelf, "needs readelf (Debian binutils)"))
    func theExecutableNeedsNoLibraryItLoadsAtFirstUse() throws {
        let needed = try Self.neededLibraries()
        #expect(needed.contains { $0.hasPrefix("liblua5.4.so") }, "the list was read: \(needed)")
        let lazy = [
            "libavformat", "libavcodec", "libswscale", "libavutil", "libtesseract", "liblept", "libSDL2",
            "libSDL2_image", "libSDL2_ttf", "libfontconfig", "libfreetype", "libtiff",
        ]
        let listed = needed.filter { name in lazy.contains { name.hasPrefix($0 + ".so") || name.hasPrefix($0 + "-") } }
        #expect(listed.isEmpty, "loaded at first use instead: \(listed)")
    }

    /// A prototype and a passing one-test script beside it.
    static func suite(_ tmp: TempFolder) throws {
        try tmp.prototype()
        try tmp.write(
            "suite/flow.lua",
            """
            prototype "../Proto"
            test("opens the detail", function()
              tap "Open"
              expect.scene "detail"
            end)

            """)
    }

    @Test(arguments: ["libavcodec", "libavformat", "libswscale", "libavutil"])
    func videoWithoutAnFFmpegLibraryNamesItAndItsPackage(library: String) throws {
        let tmp = try TempFolder()
        try Self.suite(tmp)
        let report = tmp.file("report")
        let r = try Sceneflow.run(
            ["test", tmp.file("suite"), "--video", "on", "--report", report],
            environment: ["SCENEFLOW_SIMULATE_MISSING_LIBRARY": library])
        #expect(r.status == 70, "the system lacks a library: \(r)")
        #expect(r.didNotCrash, "\(r)")
        let pattern = try Regex(
            "^sceneflow test: --video on: cannot load FFmpeg's \(library)\\.so\\.([0-9]+) \\(Debian package \(library)([0-9]+)\\): "
        )
        let line = try #require(r.errorLines.first, "\(r)")
        let match = try #require(line.firstMatch(of: pattern), "\(r)")
        #expect(match.output[1].substring == match.output[2].substring, "soname and package agree: \(line)")
        #expect(!FileManager.default.fileExists(atPath: report + "/videos"), "no test ran")
    }

    @Test func everyOtherCommandRunsWithoutFFmpegAndTesseract() throws {
        let tmp = try TempFolder()
        try Self.suite(tmp)
        for library in ["libavcodec", "libtesseract"] {
            let environment = ["SCENEFLOW_SIMULATE_MISSING_LIBRARY": library]
            let version = try Sceneflow.run(["--version"], environment: environment)
            #expect(version.status == 0 && version.stderr.isEmpty, "\(version)")
            for jobs in ["1", "2"] {
                let test = try Sceneflow.run(["test", tmp.file("suite"), "--jobs", jobs], environment: environment)
                #expect(test.status == 0, "without \(library), --jobs \(jobs): \(test)")
            }
            let check = try Sceneflow.run(["check", tmp.file("Proto")], environment: environment)
            #expect(check.status == 0, "without \(library): \(check)")
        }
    }

    /// What never draws nor decodes a screenshot runs without SDL2, SDL2_image, SDL2_ttf and
    /// fontconfig: `--version`, `test` (with and without `--jobs`), `test --list`. So neither the
    /// runner nor a worker loads them for a prototype of PNG screenshots.
    @Test(arguments: ["libSDL2", "libSDL2_image", "libSDL2_ttf", "libfontconfig"])
    func commandsThatNeverDrawRunWithout(library: String) throws {
        let tmp = try TempFolder()
        try Self.suite(tmp)
        let environment = ["SCENEFLOW_SIMULATE_MISSING_LIBRARY": library]
        let version = try Sceneflow.run(["--version"], environment: environment)
        #expect(version.status == 0 && version.stderr.isEmpty, "\(version)")
        for jobs in ["1", "2"] {
            let test = try Sceneflow.run(["test", tmp.file("suite"), "--jobs", jobs], environment: environment)
            #expect(
                test.status == 0 && test.stdout.contains("1 passed, 0 failed"),
                "without \(library), --jobs \(jobs): \(test)")
        }
        let list = try Sceneflow.run(["test", tmp.file("suite"), "--list"], environment: environment)
        #expect(list.status == 0 && list.stdout.contains("opens the detail"), "without \(library): \(list)")
    }

    /// Drawing without one of them ends with exit 70 and names the library and its Debian package
    /// (the same major version in both); the control run shows the command works otherwise.
    @Test(arguments: [
        ("libSDL2", "SDL2"), ("libSDL2_image", "SDL2_image"), ("libSDL2_ttf", "SDL2_ttf"),
        ("libfontconfig", "fontconfig"),
    ])
    func drawingWithoutAnSDLLibraryNamesItAndItsPackage(library: String, name: String) throws {
        let tmp = try TempFolder()
        try Self.suite(tmp)
        let arguments = ["render", tmp.file("Proto"), "--scene", "detail", "--labels", "--out", tmp.file("detail.png")]
        let control = try Sceneflow.run(arguments)
        #expect(control.status == 0, "\(control)")
        try? FileManager.default.removeItem(atPath: tmp.file("detail.png"))
        let r = try Sceneflow.run(arguments, environment: ["SCENEFLOW_SIMULATE_MISSING_LIBRARY": library])
        #expect(r.status == 70, "the system lacks a library: \(r)")
        #expect(r.didNotCrash, "\(r)")
        let line = try #require(r.errorLines.last, "\(r)")
        #expect(line.hasPrefix("sceneflow: cannot load \(name)'s \(library)"), "\(r)")
        let package = try Regex(
            "\\(Debian package \(library.lowercased().replacingOccurrences(of: "_", with: "-"))[-0-9.]*[0-9]\\): ")
        #expect(line.contains(package), "\(line)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("detail.png")), "nothing drawn")
    }

    /// Scripts/make-sdl-functions.sh finds Sources/CSDLShim/functions.h current: every SDL2,
    /// SDL2_image, SDL2_ttf and fontconfig function Swift names is defined there (a missing one
    /// fails the link, an extra one is dead code).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/bash"), "needs bash"))
    func theSDLFunctionListIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/bash")
        process.arguments = [root.appendingPathComponent("Scripts/make-sdl-functions.sh").path, "--check"]
        let pipe = Pipe()
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let errors = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(errors)")
    }

    @Test func detectWithoutTesseractNamesItAndItsPackage() throws {
        let tmp = try TempFolder()
        try Self.suite(tmp)
        let r = try Sceneflow.run(
            ["detect", tmp.file("Proto"), "--no-cache"],
            environment: ["SCENEFLOW_SIMULATE_MISSING_LIBRARY": "libtesseract"])
        #expect(r.status == 70, "\(r)")
        #expect(r.didNotCrash, "\(r)")
        let pattern = try Regex(
            "^sceneflow detect: cannot load Tesseract's libtesseract\\.so\\.([0-9]+) \\(Debian package libtesseract([0-9]+)\\): "
        )
        let line = try #require(r.errorLines.first, "\(r)")
        let match = try #require(line.firstMatch(of: pattern), "\(r)")
        #expect(match.output[1].substring == match.output[2].substring, "soname and package agree: \(line)")
        #expect(r.stdout.isEmpty, "\(r)")
    }
}
