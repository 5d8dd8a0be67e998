import Foundation
import Testing

/// Scenes that reach themselves (red-team finding M8: a scene presenting itself as an overlay
/// passed `check`, then drawing it recursed without end and the worker died on signal 11; a
/// `go` back to the same overlay scene 110 times did the same). Every way a scene can put
/// itself on the stack again, many times over, must run, draw and report without a crash.
@Suite struct SelfReferenceNavigationTests {
    /// The actions by which scene "home" puts itself on the stack again.
    static let selfActions = [
        "present(\"home\", { overlay = true })",
        "present(\"home\", { overlay = true, position = \"center\" })",
        "present(\"home\")",
        "go(\"home\")",
        "go(\"home\", \"none\")",
        "go(\"home\", \"push_left\", 0.1)",
        "replace(\"home\")",
    ]

    /// "home" with "Again" doing `action` and "Modal" presenting "home" as an overlay (in the
    /// style `action` gives it, when it presents one: a scene has one overlay style).
    static func scenes(_ action: String) -> String {
        let modal = action.contains("overlay") ? action : "present(\"home\", { overlay = true })"
        return """
                home = {
                  image = "home.png",
                  elements = {
                    { label = "Again", frame = { 0, 0, 36, 20 }, on_tap = \(action) },
                    { label = "Modal", frame = { 0, 20, 36, 20 }, on_tap = \(modal) },
                    { label = "Open", frame = { 0, 60, 36, 20 }, on_tap = go("detail") },
                  },
                },
                detail = { image = "detail.png", elements = { { label = "Back", frame = { 0, 0, 36, 20 }, on_tap = back() } } },
            """
    }

    @Test(arguments: selfActions)
    func aSceneThatPutsItselfOnTheStackRunsAndDraws(_ action: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: Self.scenes(action))
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("modal then again", function()
              tap "Modal"
              for _ = 1, 150 do tap "Again" end
              expect.scene "home"
              expect.visible "Again"
            end)
            test("again then modal", function()
              for _ = 1, 150 do tap "Again" end
              tap "Modal"
              expect.scene "home"
            end)

            """)
        for extra in [[], ["--frames", "frames"]] {
            let r = try Sceneflow.run(["test", "s.lua"] + extra, in: tmp.url, timeout: 300)
            #expect(r.didNotCrash && !r.timedOut, "\(action) \(extra): \(r)")
            #expect(r.status == 0, "\(action) \(extra): \(r)")
        }
        for command in [["check", "Proto"], ["render", "Proto", "--out", "r.png"], ["inspect", "Proto"]] {
            let r = try Sceneflow.run(command, in: tmp.url, timeout: 120)
            #expect(r.didNotCrash && (r.status == 0 || r.status == 1), "\(action) \(command): \(r)")
        }
    }
}
