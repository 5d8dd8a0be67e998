import Foundation
import Testing

/// An overlay scene's element frames are relative to its card: `check` warns about one that
/// lies outside the card, and about a card under 1 pt, and a tap on it says "outside the
/// overlay card", not "outside the screen" for a frame inside the screen (red-team 29 F1).
@Suite struct OverlayCardBoundsTests {
    static func folder(size: String, frame: String) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.image("P/a.png", width: 90, height: 160)
        try tmp.image("P/b.png", width: 60, height: 60)
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              device = { width = 90, height = 160, scale = 1 },
              start = "a",
              scenes = {
                a = { image = "a.png", elements = { { label = "Go", frame = { 50, 0, 40, 40 },
                      on_tap = present("b", { overlay = true, position = "center", size = \(size) }) } } },
                b = { image = "b.png", elements = { { label = "Out", frame = \(frame), on_tap = dismiss() } } },
              },
            }

            """)
        return tmp
    }

    @Test(arguments: ["{ 0, 70, 40, 40 }", "{ 61, 0, 10, 10 }", "{ -20, 0, 10, 10 }"])
    func anElementOutsideItsCardIsWarnedAndNamed(frame: String) throws {
        let tmp = try Self.folder(size: "{ 60, 60 }", frame: frame)
        let check = try Sceneflow.run(["check", "P"], in: tmp.url)
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout.contains("scenes.b.elements[1].frame: \"Out\" frame"), "\(check.stdout)")
        #expect(check.stdout.contains("lies outside the 60x60 pt overlay card"), "\(check.stdout)")
        try tmp.write("s.lua", "prototype \"P\"\ntest(\"out\", function() tap \"Go\"; tap \"Out\" end)\n")
        let r = try Sceneflow.run(["test", "s.lua"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("the element lies outside the 60x60 pt overlay card of scene \"b\""), "\(r.stdout)")
        // expect.visible says the same (red-team 30 F3: "outside the screen").
        try tmp.write(
            "v.lua",
            "prototype \"P\"\ntest(\"out\", function() tap \"Go\"; expect.visible(\"Out\", { timeout = 0 }) end)\n")
        let v = try Sceneflow.run(["test", "v.lua"], in: tmp.url)
        #expect(v.status == 1, "\(v)")
        #expect(v.stdout.contains("outside the 60x60 pt overlay card of scene \"b\""), "\(v.stdout)")
    }

    @Test func anElementInsideItsCardIsNotWarned() throws {
        let tmp = try Self.folder(size: "{ 60, 60 }", frame: "{ 10, 10, 40, 40 }")
        let check = try Sceneflow.run(["check", "P"], in: tmp.url)
        #expect(check.status == 0 && !check.stdout.contains("lies outside"), "\(check.stdout)")
    }

    @Test(arguments: ["{ 5e-324, 50 }", "{ 50, 0.5 }"])
    func aCardUnderOnePointIsWarned(size: String) throws {
        let tmp = try Self.folder(size: size, frame: "{ 0, 0, 1, 1 }")
        let check = try Sceneflow.run(["check", "P"], in: tmp.url)
        #expect(check.stdout.contains("is under 1 pt wide or tall"), "\(check.stdout)")
    }
}
