import Testing

@testable import SceneflowLua

/// A scene's overlay style comes from the `present(scene, {overlay = true, …})` written in the
/// scenes' tables, where the prototype is read. A Lua function that returns such a present for
/// a scene no table presents so (or with other options) showed it full screen, its frames not
/// moved and a tap outside not dismissing it (red-team 13 F7): the action now fails with what
/// to do. The same present as a table's runs.
@Suite struct DynamicOverlayTests {
    static func prototype(_ extra: String) -> String {
        """
        return {
          device = { width = 360, height = 800, scale = 1 }, start = "home",
          scenes = {
            home = { image = "home.png", elements = {
              { label = "Promo", frame = { 0, 0, 360, 40 },
                on_tap = function(app) return present("promo", { overlay = true, position = "bottom", size = { 360, 300 } }) end },
              \(extra)
            } },
            promo = { image = "home.png", elements = { { label = "Close", frame = { 0, 10, 100, 40 }, on_tap = dismiss() } } },
          },
        }
        """
    }

    @Test func anOverlayNoTableDeclaresFailsTheAction() throws {
        let results = try ScriptAPIHarness.run(
            "test(\"t\", function() tap \"Promo\" end)\n", prototype: Self.prototype(""), images: ["home"])
        let failure = results["t"]?.failure ?? "passed"
        #expect(failure.contains("\"promo\" is not presented as an overlay"), "\(failure)")
    }

    /// app:present takes the options table too (it was refused: "the transition must be a
    /// name such as \"push_left\", got a table"), with the same rule.
    @Test func appPresentTakesOverlayOptions() throws {
        let declared = """
            { label = "Static", frame = { 0, 50, 360, 40 },
              on_tap = present("promo", { overlay = true, position = "bottom", size = { 360, 300 } }) },
            { label = "App", frame = { 0, 100, 360, 40 },
              on_tap = function(app) app:present("promo", { overlay = true, position = "bottom", size = { 360, 300 } }) end },
            { label = "Other", frame = { 0, 150, 360, 40 },
              on_tap = function(app) app:present("promo", { overlay = true, position = "center" }) end },
            """
        let results = try ScriptAPIHarness.run(
            """
            test("same", function() tap "App"; expect.scene "promo"; expect(element("Close").frame.y).to_be(510) end)
            test("other", function() tap "Other" end)

            """, prototype: Self.prototype(declared), images: ["home"])
        #expect(results["same"]?.failure == nil, "\(results["same"]?.failure ?? "")")
        let other = results["other"]?.failure ?? "passed"
        #expect(
            other.contains("app:present: present(\"promo\", {overlay = true, …}), but \"promo\" is not presented"),
            "\(other)")
    }

    @Test func theSameOverlayATableDeclaresRuns() throws {
        let declared = """
            { label = "Static", frame = { 0, 50, 360, 40 },
              on_tap = present("promo", { overlay = true, position = "bottom", size = { 360, 300 } }) },
            """
        let results = try ScriptAPIHarness.run(
            "test(\"t\", function() tap \"Promo\"; expect.scene \"promo\"; expect(element(\"Close\").frame.y).to_be(510) end)\n",
            prototype: Self.prototype(declared), images: ["home"])
        #expect(results["t"]?.failure == nil, "\(results["t"]?.failure ?? "")")
    }
}
