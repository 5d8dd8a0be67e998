import Foundation
import Testing

/// A screenshot whose file name is not valid UTF-8 is named with its bad bytes as `\xHH` and
/// refused for what it is (exit 65), by every command that lists a folder of images (red-team
/// finding m8: `new App shots/` said the image, listed with U+FFFD, was "not found").
@Suite struct InvalidUTF8ImageNameTests {
    /// `shots/settings\xfe.png` (a 36x80 PNG) and `shots/ok.png`.
    static func folder() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.image("shots/ok.png")
        let bytes = Array(tmp.file("shots/settings").utf8) + [0xFE] + Array(".png".utf8)
        let data = PNGWriter.solid(width: 36, height: 80)
        let handle = (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { fopen($0.baseAddress!, "w") }
        }
        let file = try #require(handle)
        _ = data.withUnsafeBytes { fwrite($0.baseAddress, 1, data.count, file) }
        fclose(file)
        return tmp
    }

    static let reason =
        "the file name is not valid UTF-8 (its bad bytes shown as \\xHH); Sceneflow takes UTF-8 file names: rename it"

    @Test(arguments: [["new", "App", "shots"], ["new", "App", "--detect", "shots"]])
    func newNamesTheFileAndWhatIsWrong(_ arguments: [String]) throws {
        let tmp = try Self.folder()
        let r = try Sceneflow.run(arguments, in: tmp.url, environment: ["XDG_CACHE_HOME": tmp.file("cache")])
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr.contains("shots/settings\\xfe.png: \(Self.reason)"), "\(r.stderr)")
        #expect(!r.stderr.contains("not found") && !r.stderr.contains("\u{FFFD}"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("App/prototype.lua")), "nothing is written")
    }

    /// `check` and `detect` of a prototype whose image is missing: the file beside it whose name
    /// is not UTF-8 is suggested with its bytes and what is wrong with it, never as U+FFFD.
    @Test(arguments: [["check", "shots"], ["detect", "shots"]])
    func aPrototypeCommandNamesTheFileAndWhatIsWrong(_ arguments: [String]) throws {
        let tmp = try Self.folder()
        try tmp.write(
            "shots/prototype.lua",
            "return { name = \"P\", device = { width = 36, height = 80, scale = 1 }, start = \"home\", scenes = { home = { image = \"settings.png\" }, ok = { image = \"ok.png\" } } }\n"
        )
        let r = try Sceneflow.run(arguments, in: tmp.url, environment: ["XDG_CACHE_HOME": tmp.file("cache")])
        #expect(r.status == 65, "\(r)")
        let output = r.stdout + r.stderr
        #expect(
            output.contains(
                "file \"settings.png\" not found in the prototype folder; did you mean \"settings\\xfe.png\"? (\(Self.reason))"
            ), "\(output)")
        #expect(!output.contains("\u{FFFD}"), "\(output)")
    }
}
