import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// The locators keep the elements they read while `sf.elements_revision()` stays the same
/// (a retry frame on an unchanged settled scene reads nothing again). These tests change
/// every kind of thing a script can read of the elements, with and without a frame between
/// the change and the next read, and check that no locator, `element()`, `elements()` or
/// wait is ever answered from the elements before the change; and that what a script gets
/// is its own: changing it changes nothing Sceneflow keeps.
@Suite struct ElementsCacheTests {
    /// "a" (Old, Shared at y 100) is replaced by "b" after 1 s of clock; b holds a control of
    /// each kind, an overlay's opener and a 1 s push to "c".
    static let prototype = """
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "a",
          scenes = {
            a = { image = "a.png", after = 1, on_after = replace("b", "none"), elements = {
              { label = "Old", frame = { 0, 0, 100, 40 } },
              { label = "Shared", frame = { 0, 100, 100, 40 } },
            } },
            b = { image = "a.png", elements = {
              { label = "New", frame = { 0, 0, 100, 40 } },
              { label = "Shared", frame = { 0, 200, 100, 40 } },
              { label = "Wi-Fi", frame = { 0, 300, 60, 40 }, control = "toggle", value = "off",
                states = { off = "a.png", on = "a.png" } },
              { label = "Stars", frame = { 0, 360, 320, 60 }, control = "star_rating" },
              { label = "Name", frame = { 0, 440, 320, 44 }, control = "text_field" },
              { label = "Menu", frame = { 0, 500, 100, 40 },
                on_tap = present("sheet", { overlay = true, position = "center", size = { 200, 200 } }) },
              { label = "Next", frame = { 0, 560, 100, 40 }, on_tap = go("c", "push_left", 1) },
            } },
            sheet = { image = "a.png", elements = { { label = "Close", frame = { 10, 10, 50, 40 }, on_tap = dismiss() } } },
            c = { image = "a.png", elements = { { label = "Far", frame = { 100, 100, 50, 40 } } } },
            long = { image = "a.png", scroll = { header = 60, footer = 0, height = 2000 }, elements = {
              { label = "Row", frame = { 0, 1500, 360, 60 } },
            } },
          },
        }
        """

    static func run(_ tests: String, prototype: String = prototype, images: [String] = ["a"]) throws -> [String:
        ScriptAPIHarness.Result]
    {
        let results = try ScriptAPIHarness.run(tests, prototype: prototype, images: images)
        for (name, result) in results.sorted(by: { $0.key < $1.key }) {
            #expect(result.failure == nil, "\(name): \(result.failure ?? "")")
        }
        return results
    }

    @Test func aSceneChangedByATimerIsReadAnew() throws {
        let results = try Self.run(
            """
            test("timer", function()
              assert(element "Old", "Old is in a")
              expect(element("Shared").frame.y).to_be(100)
              expect.visible "Old"
              wait_for "New"
              expect(element "Old").to_be_nil()
              expect(element("Shared").frame.y).to_be(200)
              expect(#elements()).to_be(7)
              expect.hidden "Old"
            end)

            """)
        #expect(results.count == 1)
    }

    @Test func aControlsValueChangedWithNoFrameBetweenIsReadAnew() throws {
        let results = try Self.run(
            """
            test("values", function()
              wait_for "New"
              expect(element("Wi-Fi").value).to_be("off")
              choose("Wi-Fi", "on")
              expect(element("Wi-Fi").value).to_be("on")
              expect(element("Stars").value).to_be(0)
              set_value("Stars", 3)
              expect(element("Stars").value).to_be(3)
              expect(wait_for("Stars").value).to_be(3)
              increment "Stars"
              expect(element("Stars").value).to_be(4)
              expect(element("Name").value).to_be("")
              type_text("Name", "abc")
              expect(element("Name").value).to_be("abc")
              expect.value("Name", "abc")
              clear_text "Name"
              expect(element("Name").value).to_be("")
            end)

            """)
        #expect(results.count == 1)
    }

    @Test func anOverlayAppearingAndGoingIsReadAnew() throws {
        let results = try Self.run(
            """
            test("overlay", function()
              wait_for "New"
              tap "Menu"
              expect.scene "sheet"
              local close = element "Close"
              expect(close.frame.x).to_be(90)  -- in the card, centred: (360 - 200) / 2 + 10
              expect(element "New").to_be_nil()
              expect(#elements()).to_be(1)
              tap "Close"
              expect.scene "b"
              expect(element "Close").to_be_nil()
              assert(element "New", "New is back")
            end)

            """)
        #expect(results.count == 1)
    }

    @Test func aTransitionMidWayIsReadAnewOnEveryFrame() throws {
        let moving = try ScriptAPIHarness.run(
            """
            test("mid-way", function()
              wait(1)  -- the push started at 0.5 s: half-way
              local x1 = element("Far").frame.x
              wait(0.1)
              local x2 = element("Far").frame.x
              assert(x1 > 100 and x2 < x1, "moving left: " .. x1 .. " then " .. x2)
              expect(elements()[1].frame.x).to_be(x2)
              wait(1)
              expect(element("Far").frame.x).to_be(100)
            end)

            """,
            prototype: """
                return {
                  device = { width = 360, height = 800, scale = 1 },
                  start = "a",
                  scenes = {
                    a = { image = "a.png", after = 0.5, on_after = go("c", "push_left", 1),
                          elements = { { label = "Here", frame = { 0, 0, 100, 40 } } } },
                    c = { image = "a.png", elements = { { label = "Far", frame = { 100, 100, 50, 40 } } } },
                  },
                }
                """, images: ["a"])
        #expect(moving["mid-way"]?.failure == nil, "\(moving["mid-way"]?.failure ?? "")")
    }

    @Test func aScrollIsReadAnew() throws {
        let results = try Self.run(
            """
            test("scroll", function()
              local y1 = element("Row").frame.y
              expect(element("Row").visible).to_be(false)
              scroll("down", 1000)
              local y2 = element("Row").frame.y
              expect(y2).to_be(y1 - 1000)
              expect(element("Row").visible).to_be(true)
              expect.visible "Row"
              within("long", function() expect(element("Row").frame.y).to_be(y2) end)
            end)

            """,
            prototype: Self.prototype.replacingOccurrences(of: "start = \"a\"", with: "start = \"long\""))
        #expect(results.count == 1)
    }

    @Test func turningTheDeviceAndSwitchingTabsAreReadAnew() throws {
        let results = try Self.run(
            """
            test("turn", function()
              expect(element("Tesla").frame.w).to_be(360)
              expect(element("Cars").value).to_be("selected")
              expect(element("Charts").value).to_be_nil()
              rotate "landscape"
              expect(element("Tesla").frame.w).to_be(800)
              expect(element("Cars").frame.y).to_be(320)
              tap "Charts"
              expect(element("Charts").value).to_be("selected")
              expect(element("Cars").value).to_be_nil()
              rotate "portrait"
              expect(element("Charts").frame.y).to_be(740)
            end)

            """, prototype: TabBarLandscapeTests.prototype, images: ["a", "w"])
        #expect(results.count == 1)
    }

    /// A script may change the tables it gets from element(), elements() and wait_for: the
    /// next read is as the scene is, never as the script left its copy.
    @Test func whatAScriptChangesInItsTablesChangesNothingSceneflowKeeps() throws {
        let results = try Self.run(
            """
            -- element() fails on a locator no scene of the prototype has (a typo): a changed
            -- copy added nothing that any scene has.
            local function nowhere(loc)
              local ok, err = pcall(element, loc)
              assert(not ok and tostring(err):find("no scene of the prototype has", 1, true), tostring(err))
            end
            test("mutate", function()
              local e = element "Old"
              e.label, e.kind, e.frame.x, e.visible, e.index = "Changed", "zzz", 999, false, 7
              local again = element "Old"
              expect(again.frame.x).to_be(0)
              expect(again.visible).to_be(true)
              expect(again.index).to_be(1)
              assert(again ~= e, "a new table each time")
              nowhere "Changed"
              nowhere {kind = "zzz"}
              local list = elements()
              list[1].frame.y, list[1].label = -5, "Fake"
              table.remove(list, 2)
              list[#list + 1] = { label = "Extra", kind = "element", frame = { x = 0, y = 0, w = 1, h = 1 } }
              expect(#elements()).to_be(2)
              expect(elements()[1].label).to_be("Old")
              expect(element("Old").frame.y).to_be(0)
              nowhere "Extra"
              nowhere "Fake"
              local w = wait_for "Old"
              w.frame.x, w.label = 777, "Gone"
              expect(element("Old").frame.x).to_be(0)
              expect.visible "Old"
              expect.count("Old", 1)
              tap "Old"
              within("a", function()
                local inner = elements()
                inner[1].label = "Inner"
                expect(elements()[1].label).to_be("Old")
              end)
            end)

            """,
            prototype: Self.prototype.replacingOccurrences(
                of: "after = 1, on_after = replace(\"b\", \"none\"), ", with: ""))
        #expect(results.count == 1)
    }
}
