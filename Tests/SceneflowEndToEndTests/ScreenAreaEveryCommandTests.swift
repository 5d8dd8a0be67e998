import Foundation
import SceneflowCore
import Testing

/// A scene's `screen` area that is not inside its image (a rect past its edges, or `"auto"`
/// finding no phone frame) is refused by every command that opens the prototype, as `check`
/// refuses it: `test` passed a tap-only script and `inspect` and `graph` exited 0, since the
/// area was only looked at when a frame was drawn (red-team 16 A-F2, B-F1).
@Suite struct ScreenAreaEveryCommandTests {
    @Test(arguments: ["{ 0, 0, 5000, 5000 }", "{ 30, 0, 10, 10 }", "\"auto\""])
    func aScreenAreaCheckRefusesIsRefusedEverywhere(_ screen: String) throws {
        let tmp = try TempFolder()
        try tmp.write("P/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 9, 9)))
        try tmp.write("P/next.png", PNGWriter.solid(width: 36, height: 80, rgb: (9, 9, 200)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              device = { width = 36, height = 80, scale = 1 },
              start = "home",
              scenes = {
                home = { image = "home.png", elements = { { label = "Go", frame = { 0, 0, 36, 40 }, on_tap = go("next") } } },
                next = { image = "next.png", screen = \(screen), elements = { { label = "Back", frame = { 0, 0, 36, 40 }, on_tap = back() } } },
              },
            }

            """)
        try tmp.write("t.lua", "prototype \"P\"\ntest(\"taps\", function() tap \"Go\" expect.scene \"next\" end)\n")
        let check = try Sceneflow.run(["check", "P"], in: tmp.url)
        #expect(check.status == 65, "\(check)")
        let message = try #require(check.stderr.split(separator: "\n").first.map(String.init), "\(check)")
        #expect(message.contains("scenes.next.image"), "\(message)")
        for command in [["test", "t.lua"], ["test", "t.lua", "--jobs", "2"], ["inspect", "P"], ["graph", "P"]] {
            let r = try Sceneflow.run(command, in: tmp.url, timeout: 60)
            #expect(r.didNotCrash && r.status == 65, "\(screen) \(command): \(r)")
            #expect(
                r.output.contains(message.replacingOccurrences(of: "P/prototype.lua", with: "")),
                "\(screen) \(command): \(r.output)")
        }
    }
}
