import Foundation
import Testing

/// An error a Sceneflow function raises names the script's line, never a place in
/// Sceneflow's own Lua (red-team 31 F4: `[sceneflow reading]:198: the script is not bound to a
/// running prototype` for `state.count` at a script's top level, and `[sceneflow
/// reading]:200: attempt to index a number value` after an action replaced `app.state`).
@Suite struct ScriptPlaceInMessagesTests {
    static let topLevel = [
        "local c = state.count", "local s = scene()", "tap \"Open\"", "expect.scene \"home\"",
        "local e = element(\"Open\")", "wait(1)", "local t = now()", "local h = history()",
    ]

    /// Reading the prototype or acting on it at a script's top level is a load error at the
    /// script's line that says where to do it instead.
    @Test(arguments: topLevel)
    func aTopLevelCallNamesTheScriptsLine(_ code: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\n\(code)\ntest(\"opens\", function() tap \"Open\" end)\n")
        let r = try Sceneflow.run(["test", "t.lua"], in: tmp.url)
        #expect(r.status == 65 || r.status == 1, "\(r)")
        let said = r.stdout + r.stderr
        #expect(said.contains("t.lua:2:"), "\(code): \(said)")
        #expect(!said.contains("[sceneflow"), "\(code): \(said)")
        #expect(said.contains("inside test("), "\(code): \(said)")
    }

    /// An action that replaces `app.state` with something other than a table: reading `state`
    /// then says so, at the script's line.
    @Test(arguments: ["5", "\"text\"", "true"])
    func aReplacedStateIsNamed(_ value: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                    home = { image = "home.png", elements = {
                      { label = "Break", frame = { 0, 10, 36, 20 }, on_tap = function(app) app.state = \(value) end },
                    } },
                    detail = { image = "detail.png" },
                """)
        try tmp.write(
            "t.lua",
            """
            prototype "Proto"
            test("reads", function()
              tap "Break"
              local n = state.n
            end)
            test("expects", function() tap "Break"; expect.state("n", 1) end)

            """)
        let r = try Sceneflow.run(["test", "t.lua"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(!r.stdout.contains("[sceneflow"), "\(r.stdout)")
        #expect(r.stdout.contains("t.lua:4:"), "\(r.stdout)")
        #expect(r.stdout.contains("app.state"), "\(r.stdout)")
        #expect(r.stdout.contains("not a table"), "\(r.stdout)")
        #expect(!r.stdout.contains("PASS"), "\(r.stdout)")
    }
}
