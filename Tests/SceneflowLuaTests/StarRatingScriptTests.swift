import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// The star-rating script API against the issue's geometry: a 320×153 pt control at (0, 100)
/// with five 50×48 pt stars and a 20 pt band; `on_change` counts calls in the prototype's
/// Lua state and goes to "thanks" for 4 or more.
@Suite("Star ratings from Lua scripts")
struct StarRatingScriptTests {
    static func prototype(_ extra: String = "") -> String {
        """
        local changes = 0
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "rate",
          scenes = {
            rate = { image = "rate.png", elements = {
              { label = "Your rating", frame = { 0, 100, 320, 153 }, control = "star_rating",
                star_size = { 50, 48 }, \(extra)
                on_change = function(app, value)
                  changes = changes + 1
                  if value >= 4 then app:go("thanks", "crossfade", 0.3) end
                end },
              { label = "Locked", frame = { 0, 400, 320, 153 }, control = "star_rating", value = 2, read_only = true,
                star_size = { 50, 48 }, on_change = function(app) app:go("thanks") end },
              { label = "Help", frame = { 300, 700, 50, 50 } },
            } },
            thanks = { image = "rate.png", elements = { { label = "Back", frame = { 0, 0, 50, 50 }, on_tap = back() } } },
          },
        }
        """
    }

    /// Runs `lua` headless with `ScriptAPIHarness` on this prototype; the result per test.
    static func run(_ lua: String, prototype: String = prototype()) throws -> [String: ScriptAPIHarness.Result] {
        try ScriptAPIHarness.run(lua, prototype: prototype, images: ["rate"])
    }

    /// The `on_change` values reported in a test's timeline.
    static func changes(_ result: ScriptAPIHarness.Result?) -> [Double] {
        (result?.timeline ?? []).compactMap {
            if case .controlValue(_, _, let value, "changed") = $0.kind { return value } else { return nil }
        }
    }

    @Test func rateDragsThroughTheInputPathAndFiresOneChange() throws {
        let result = try Self.run(
            """
            test("rate", function()
              set_value("Your rating", 3)
              expect.value("Your rating", 3)
              expect.scene "rate"
              rate("Your rating", 4)
              expect.scene "thanks"
              back()
              expect.value("Your rating", 4)
            end)
            """)["rate"]
        #expect(result?.step == .passed, "\(result?.failure ?? "")")
        #expect(Self.changes(result) == [4])
        // The drag went through the input path: a press, 12 moves and a release.
        let timeline = result?.timeline ?? []
        #expect(timeline.filter { if case .input = $0.kind { true } else { false } }.count == 14)
        #expect(!timeline.contains { if case .gesture = $0.kind { true } else { false } })
    }

    @Test func everyValueCanBeRatedAtEveryStep() throws {
        for step in ["1", "0.5", "0.1"] {
            let result = try Self.run(
                """
                test("all", function()
                  local s = \(step)
                  for n = math.floor(3 / s + 0.5), 0, -1 do
                    rate("Your rating", n * s)
                    expect.value("Your rating", n * s)
                  end
                end)
                """, prototype: Self.prototype("step = \(step),"))["all"]
            #expect(result?.step == .passed, "step \(step): \(result?.failure ?? "")")
            #expect(Self.changes(result).count == Int((3 / Double(step)!).rounded()) + 1)
        }
    }

    @Test func readOnlyRateChangesNothingAndElementReadsTheAccessibilityValue() throws {
        let result = try Self.run(
            """
            test("locked", function()
              rate("Locked", 5)
              expect.value("Locked", 2)
              increment("Locked")
              expect.value("Locked", 2)
              set_value("Locked", 3.5)            -- programmatic: allowed, snapped to 4
              local e = element("Locked")
              assert(e.value == 4 and e.read_only and e.accessibility_value == "4 of 5 stars", e.accessibility_value)
              assert(element("Your rating").accessibility_value == "No rating")
              expect.scene "rate"
            end)
            """)["locked"]
        #expect(result?.step == .passed, "\(result?.failure ?? "")")
        #expect(Self.changes(result).isEmpty)
    }

    @Test(arguments: [
        (
            #"rate("Your ratin", 3)"#,
            #"rate("Your ratin", 3): no element labelled "Your ratin" in scene "rate"; did you mean "Your rating"?"#
        ),
        (
            #"rate("Your rating", 3.5)"#,
            #"rate("Your rating", 3.5): "Your rating" takes values from 0 to 5 in steps of 1"#
        ),
        (#"rate("Help", 1)"#, #"rate("Help", 1): no star rating labelled "Help" in scene "rate""#),
        (#"set_value("Your rating", 0/0)"#, #"set_value("Your rating", "#),
        (
            #"expect.value("Your rating", 2)"#,
            #"expect.value("Your rating", 2): expected value 2 but "Your rating" has 0"#
        ),
        (#"increment(42)"#, "increment(42): expected an accessibility label (a string) or a locator table"),
        (#"expect.valeu("Your rating", 2)"#, #"expect.valeu is not available; did you mean "value"?"#),
    ])
    func failuresNameTheScriptLine(call: String, expected: String) throws {
        let result = try Self.run("test(\"bad\", function()\n  \(call)\nend)\n")["bad"]
        #expect(result?.line == 3)
        #expect(result?.failure?.hasPrefix(expected) == true, "\(result?.failure ?? "passed")")
    }
}
