import Foundation
import Testing

/// A prototype Lua action queued by a test's last call (a text field's `on_change` after
/// `type_text` or `clear_text`, a toggle's after `tap`) still runs before the test's verdict:
/// its error or endless loop fails the test, as it does when a later call follows (red-team
/// finding: such a test passed, in every report).
@Suite struct LastGestureActionTests {
    static let scenes = """
          home = { image = "home.png", elements = {
            { label = "Field", control = "text_field", frame = { 0, 10, 36, 20 }, value = "abc",
              on_change = function(app, text) error("change boom") end },
            { label = "Loop", control = "text_field", frame = { 0, 30, 36, 20 },
              on_change = function(app, text) while true do end end },
            { label = "Ok", control = "text_field", frame = { 0, 50, 36, 20 },
              on_change = function(app, text) end },
          } },
          detail = { image = "detail.png" },
        """

    @Test(arguments: [
        ("type_text(\"Field\", \"x\")", "change boom"),
        ("clear_text \"Field\"", "change boom"),
        ("type_text(\"Loop\", \"x\")", "Loop"),
    ])
    func anActionQueuedByTheLastCallFailsTheTest(call: String, message: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: Self.scenes)
        try tmp.write(
            "last.lua",
            """
            prototype "Proto"
            test("ends with the call", function()
              type_text("Ok", "start")
              \(call)
            end)

            """)
        let r = try Sceneflow.run(["test", tmp.file("last.lua"), "--json", tmp.file("r.json")])
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("FAIL  ends with the call") && r.stdout.contains(message), "\(r)")
    }

    @Test func aQuietActionQueuedByTheLastCallStillPasses() throws {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: Self.scenes)
        try tmp.write(
            "last.lua", "prototype \"Proto\"\ntest(\"quiet\", function() type_text(\"Ok\", \"x\") end)\n")
        let r = try Sceneflow.run(["test", tmp.file("last.lua")])
        #expect(r.status == 0 && r.stdout.contains("PASS  quiet"), "\(r)")
    }
}
