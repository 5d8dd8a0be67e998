import Foundation
import Testing

/// The Lua that Sceneflow writes reads as it runs: a label or file name holding a bidirectional
/// override (U+202E) is written `\u{202E}` into `prototype.lua` and the scripts, and shown so on
/// the console (red-team finding m10: `record` and `hotspot` wrote it raw, and an editor showed
/// `"Pay ‮9.99"` reversed). `record` and edit mode write through the same literal writer
/// (`LuaStringLiteralTests.bidiControlsAndInvisibleBreaksAreEscapedByEveryWriter`).
@Suite struct BidiLuaSourceTests {
    @Test func hotspotWritesTheOverrideEscaped() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let r = try Sceneflow.run(
            ["hotspot", "add", "Proto", "home", "Pay \u{202E}9.99", "--frame", "1,40,2,2"], in: tmp.url)
        #expect(r.status == 0, "\(r)")
        let written = try String(contentsOfFile: tmp.file("Proto/prototype.lua"), encoding: .utf8)
        #expect(written.contains("\"Pay \\u{202E}9.99\""), "\(written)")
        #expect(!written.contains("\u{202E}") && !r.stdout.contains("\u{202E}"), "\(written)\n\(r)")
        #expect(r.stdout.contains("Pay \\u{202E}9.99"), "\(r)")
        // It reads back as the label it was given.
        let check = try Sceneflow.run(["check", "Proto"], in: tmp.url)
        #expect(check.status == 0, "\(check)")
        try tmp.write(
            "t.lua", "prototype \"Proto\"\ntest(\"t\", function() expect.visible \"Pay \\u{202E}9.99\" end)\n")
        #expect(try Sceneflow.run(["test", "t.lua"], in: tmp.url).status == 0)
    }

    @Test func newWritesAFileNamesOverrideEscaped() throws {
        let tmp = try TempFolder()
        try tmp.image("shots/a\u{202E}b.png")
        try tmp.image("shots/c.png")
        let r = try Sceneflow.run(["new", "App", "shots"], in: tmp.url)
        #expect(r.status == 0, "\(r)")
        for file in ["App/prototype.lua", "App/Scripts/smoke.lua"]
        where FileManager.default.fileExists(atPath: tmp.file(file)) {
            let written = try String(contentsOfFile: tmp.file(file), encoding: .utf8)
            #expect(!written.contains("\u{202E}"), "\(file): \(written)")
        }
        let written = try String(contentsOfFile: tmp.file("App/prototype.lua"), encoding: .utf8)
        #expect(written.contains("a\\u{202E}b.png"), "\(written)")
        #expect(try Sceneflow.run(["check", "App"], in: tmp.url).status == 0)
    }
}
