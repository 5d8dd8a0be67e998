import Foundation
import Testing

/// Broken prototypes: each gives exit 65, one diagnostic line naming the file (and line or
/// table path), and no crash.
@Suite struct BadPrototypeTests {
    /// Runs `sceneflow check FOLDER` and checks the shape of a bad-input report: exit 65, exactly
    /// one diagnostic starting with `prefix` that contains every fragment, then `FOLDER: 1 error`.
    @discardableResult
    func expectOneError(
        _ folder: String, prefix: String, _ fragments: [String], command: String = "check",
        timeout: Double = 60, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RunResult {
        let r = try Sceneflow.run([command, folder], timeout: timeout, sourceLocation: sourceLocation)
        #expect(r.status == 65, "\(r)", sourceLocation: sourceLocation)
        #expect(r.didNotCrash, "\(r)", sourceLocation: sourceLocation)
        let summary = "\(folder): 1 error"
        let diagnostics = r.errorLines.filter { $0.hasPrefix(prefix) && $0 != summary }
        #expect(diagnostics.count == 1, "one diagnostic line expected: \(r)", sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(
                diagnostics.first?.contains(fragment) == true, "\"\(fragment)\" missing: \(r)",
                sourceLocation: sourceLocation)
        }
        if command == "check" {
            #expect(r.errorLines.last == summary, "\(r)", sourceLocation: sourceLocation)
        }
        return r
    }

    @Test func missingPrototypeFolder() throws {
        let tmp = try TempFolder()
        let folder = tmp.file("Nowhere")
        try expectOneError(folder, prefix: folder, ["no prototype folder at \(folder)"])
    }

    @Test func folderWithoutPrototypeLua() throws {
        let tmp = try TempFolder()
        try tmp.image("Empty/home.png")
        let folder = tmp.file("Empty")
        try expectOneError(folder, prefix: "\(folder)/prototype.lua:", ["missing prototype.lua"])
    }

    @Test func luaSyntaxErrorNamesTheLine() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype()
        try tmp.write("Proto/prototype.lua", "return {\n  name = \"x\",\n  device = { width = 36 height = 80 },\n}\n")
        try expectOneError(folder, prefix: "\(folder)/prototype.lua:3: ", ["'}' expected"])
    }

    @Test func luaRuntimeErrorNamesTheLine() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype()
        try tmp.write("Proto/prototype.lua", "local t = nil\nlocal x = 1\nreturn t.name\n")
        try expectOneError(folder, prefix: "\(folder)/prototype.lua:3: ", ["attempt to index a nil value (local 't')"])
    }

    @Test func missingImage() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype(images: ["home.png"])
        try expectOneError(
            folder, prefix: "\(folder)/prototype.lua:", ["scenes.detail.image: ", "\"detail.png\" not found"])
        // A file spelt nearly the same beside it is suggested.
        try tmp.image("Proto/Detail.png")
        try expectOneError(
            folder, prefix: "\(folder)/prototype.lua:", ["\"detail.png\" not found", "did you mean \"Detail.png\"?"])
    }

    @Test func truncatedPNGIsCaughtByCheckAndRender() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype()
        try tmp.write("Proto/home.png", PNGWriter.truncated(width: 36, height: 80))
        try expectOneError(
            folder, prefix: "\(folder)/prototype.lua:", ["scenes.home.image: ", "home.png", "corrupt or truncated"])
        let r = try Sceneflow.run(["render", folder, "--out", tmp.file("out.png")])
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr.contains("home.png\" is corrupt or truncated"), "\(r)")
        #expect(!FileManager.default.fileExists(atPath: tmp.file("out.png")))
    }

    /// Landscape screenshots and pressed looks are checked like scene images (QA found a
    /// truncated landscape screenshot passing `check` and blacking out the window on reload).
    @Test func corruptLandscapeAndPressedImagesAreCaughtLikeSceneImages() throws {
        let tmp = try TempFolder()
        try tmp.write("Proto/land.png", PNGWriter.truncated(width: 80, height: 36))
        try tmp.write("Proto/down.png", "not a picture\n")
        let folder = try tmp.prototype(
            scenes: """
                home = { image = "home.png",
                  elements = { { label = "Open", frame = { 0, 0, 36, 20 }, pressed = "down.png", on_tap = go("detail") } },
                  landscape = { image = "land.png" } },
                detail = { image = "detail.png" },
                """)
        let check = try Sceneflow.run(["check", folder])
        #expect(check.status == 65, "\(check)")
        #expect(
            check.stderr.contains(
                "prototype.lua:8: scenes.home.landscape.image: image \"land.png\" is corrupt or truncated"),
            "\(check)")
        #expect(check.stderr.contains("prototype.lua:7: scenes.home.elements[1].pressed: "), "\(check)")
        #expect(check.stderr.contains("\(folder): 2 errors"), "\(check)")
        try tmp.write("s.lua", "prototype \"Proto\"\ntest(\"t\", function() end)\n")
        let test = try Sceneflow.run(["test", tmp.file("s.lua")])
        #expect(test.status == 65 && test.stdout.contains("down.png"), "test refuses them too (headers): \(test)")
    }

    @Test func textFileNamedPNGIsNotAnImage() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype()
        try tmp.write("Proto/detail.png", "this is not a picture\n")
        try expectOneError(
            folder, prefix: "\(folder)/prototype.lua:", ["scenes.detail.image: ", "detail.png", "is not an image"])
    }

    @Test func hugeDeclaredImageIsRejectedFromItsHeader() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype()
        try tmp.write("Proto/home.png", PNGWriter.headerClaiming(width: 30000, height: 30000))
        let r = try expectOneError(
            folder, prefix: "\(folder)/prototype.lua:", ["scenes.home.image: ", "30000x30000 px, over the limit"],
            timeout: 20)
        #expect(r.seconds < 10, "rejected before decoding: \(r)")
        // `test` checks headers before running a script, so it refuses the prototype too.
        try tmp.write("s.lua", "prototype \"Proto\"\ntest(\"t\", function() expect.scene \"home\" end)\n")
        let t = try Sceneflow.run(["test", tmp.file("s.lua")], timeout: 20)
        #expect(t.status == 65, "\(t)")
        #expect(t.stdout.contains("ERROR \(folder)/prototype.lua:"), "\(t)")
        #expect(t.didNotCrash)
    }

    @Test func sceneWithoutImage() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype(
            scenes: """
                    home = { elements = { { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = go("detail") } } },
                    detail = { image = "detail.png" },
                """)
        try expectOneError(folder, prefix: "\(folder)/prototype.lua:", ["scenes.home.image: missing"])
    }

    @Test func elementWithNegativeSize() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype(
            scenes: """
                    home = { image = "home.png", elements = {
                      { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = go("detail") },
                      { label = "Broken", frame = { 2, 40, -30, 20 } },
                    } },
                    detail = { image = "detail.png" },
                """)
        try expectOneError(folder, prefix: "\(folder)/prototype.lua:", ["scenes.home.elements[2].frame: ", "w = -30"])
    }

    @Test func elementWithNonNumericFrame() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype(
            scenes: """
                    home = { image = "home.png", elements = {
                      { label = "Open", frame = { 2, "ten", 30, 20 }, on_tap = go("detail") },
                    } },
                    detail = { image = "detail.png" },
                """)
        try expectOneError(
            folder, prefix: "\(folder)/prototype.lua:",
            ["scenes.home.elements[1].frame: ", "y (item 2) must be a finite number", "\"ten\""])
    }

    @Test func startNamingNoSceneSuggestsTheNearest() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype(start: "hom")
        try expectOneError(
            folder, prefix: "\(folder)/prototype.lua:", ["start: no scene \"hom\"", "did you mean \"home\"?"])
    }

    @Test func endlessLoopIsStoppedQuickly() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype()
        try tmp.write("Proto/prototype.lua", "-- spins\nwhile true do end\n")
        let r = try expectOneError(
            folder, prefix: "\(folder)/prototype.lua:2: ", ["did not finish", "endless loop"], timeout: 20)
        #expect(r.seconds < 5, "\(r)")
    }

    @Test func osExecuteInPrototypeHitsTheSandbox() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype()
        let marker = tmp.file("ran")
        try tmp.write("Proto/prototype.lua", "os.execute(\"touch \(marker)\")\nreturn {}\n")
        try expectOneError(folder, prefix: "\(folder)/prototype.lua:1: ", ["os is not available here", "sandbox"])
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    /// DESIGN.md §8 asks for time limits: a loop whose every instruction is an expensive C call
    /// (string.rep of 1 MB) uses few VM instructions, so the 10 s wall-clock limit stops it.
    @Test func endlessLoopOfExpensiveCallsIsStoppedQuickly() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype()
        try tmp.write("Proto/prototype.lua", "while true do local s = string.rep(\"x\", 1000000) end\n")
        let r = try Sceneflow.run(["check", folder], timeout: 30)
        #expect(!r.timedOut && r.status == 65, "\(r)")
        #expect(r.stderr.contains("10 s (an endless loop?)"), "\(r)")
    }
}
