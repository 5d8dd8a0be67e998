import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Scripts on scroll regions (QA items 6–7): elements under the fixed header count as hidden,
/// regions that cannot move and elements that can never show fail at once.
@Suite struct ScrollScriptTests {
    /// `list` scrolls (56 pt header, 48 pt footer, 3000 pt content); `still` has a scroll region
    /// whose content is no taller than the 800 pt screen.
    static let prototype = """
        return {
          name = "Scroll", device = { width = 360, height = 800, scale = 1 }, start = "list",
          scenes = {
            list = { image = "home.png", scroll = { header = 56, footer = 48, height = 3000 },
              elements = {
                { label = "Back", frame = { 0, 0, 56, 56 }, on_tap = go("still") },
                { label = "Row 1500", frame = { 10, 1470, 340, 50 }, on_tap = go("still") },
                { label = "Beyond", frame = { 0, 3100, 360, 48 } },
              } },
            still = { image = "home.png", scroll = { header = 56, footer = 48, height = 800 },
              elements = { { label = "Row", frame = { 0, 300, 360, 50 } } } },
          },
        }
        """

    static func run(_ script: String) throws -> [String: ScriptAPIHarness.Result] {
        try ScriptAPIHarness.run(script, prototype: prototype, images: ["home"])
    }

    @Test func rowsScrolledUnderTheHeaderAreHiddenAndPartlyCoveredOnesTappable() throws {
        let results = try Self.run(
            """
            test("under the header", function()
              scroll("down", 1470)  -- Row 1500 at screen y 0…50: wholly under the 56 pt header
              expect(element("Row 1500").visible).to_be(false)
              expect.hidden "Row 1500"
              for _, e in ipairs(elements()) do
                if e.visible and e.label == "Row 1500" then error("listed as visible", 0) end
              end
            end)
            test("visible under the header", function()
              scroll("down", 1470)
              expect.visible("Row 1500", {timeout = 0.1})
            end)
            test("tap under the header", function()
              scroll("down", 1470)
              tap("Row 1500", {timeout = 0.1})
            end)
            test("tap below the screen", function()
              tap("Row 1500", {timeout = 0.1})
            end)
            test("tap beyond the content", function()
              tap("Beyond", {timeout = 0.1})
            end)
            test("partly covered", function()
              scroll("down", 1450)  -- Row 1500 at screen y 20…70: 14 pt show below the header
              expect.visible "Row 1500"
              tap "Row 1500"
              expect.scene "still"
            end)
            """)
        let hidden = try #require(results["under the header"])
        #expect(hidden.failure == nil, "\(hidden.failure ?? "")")
        #expect(
            results["visible under the header"]?.failure?.contains(
                "the element is scrolled under the fixed header or footer") == true,
            "\(results["visible under the header"]?.failure ?? "passed")")
        #expect(
            results["tap under the header"]?.failure?.contains(
                "the element is scrolled under the fixed header or footer (frame {10, 0, 340, 50} on screen)") == true,
            "\(results["tap under the header"]?.failure ?? "passed")")
        #expect(
            results["tap below the screen"]?.failure?.contains(
                "the element lies outside the 360x800 pt screen (frame {10, 1470, 340, 50}), further along the scroll region; scroll_to its label first"
            ) == true, "\(results["tap below the screen"]?.failure ?? "passed")")
        #expect(
            results["tap beyond the content"]?.failure?.contains("lies outside the 360x3000 pt content") == true,
            "\(results["tap beyond the content"]?.failure ?? "passed")")
        let partly = try #require(results["partly covered"])
        #expect(partly.failure == nil, "\(partly.failure ?? "")")
    }

    @Test func scrollingARegionThatCannotMoveFailsAtOnce() throws {
        let results = try Self.run(
            """
            test("still", function()
              tap "Back"
              expect.scene "still"
              local t = now()
              local ok, problem = pcall(scroll, "down", 100)
              if ok then error("scroll should fail", 0) end
              if now() - t > 1 then error("not at once", 0) end
              error(problem, 0)
            end)
            test("beyond", function()
              scroll_to "Beyond"
            end)
            """)
        let still = try #require(results["still"])
        #expect(
            still.failure?.contains(
                "the scroll region of scene \"still\" cannot move: its content is 800 pt tall, no taller than the 800 pt screen"
            ) == true, "\(still.failure ?? "passed")")
        #expect(still.failure?.contains("should fail") == false && still.failure?.contains("not at once") == false)
        let beyond = try #require(results["beyond"])
        #expect(
            beyond.failure?.contains(
                "scroll_to(\"Beyond\"): \"Beyond\" frame {0, 3100, 360, 48} lies outside the 360x3000 pt content of scene \"list\""
            ) == true, "\(beyond.failure ?? "passed")")
    }

    @Test func headerAndFooterLeavingNoRoomAreLoadErrorsWithPathAndLine() {
        let lines = TestFolders.lines(
            """
            return {
              device = { width = 360, height = 800, scale = 1 }, start = "home",
              scenes = {
                home = { image = "home.png",
                  scroll = { header = 500,
                    footer = 400 } },
              },
            }
            """)
        #expect(
            lines.contains {
                $0.contains(
                    "prototype.lua:5: scenes.home.scroll.header: header = 500 pt + footer = 400 pt = 900 pt leaves no room to scroll: the screen is 800 pt tall"
                )
            }, "\(lines)")
    }
}
