import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// QA pass 2, items 3, 4, 10 and 12: scroll regions the loader refuses (a band under 44 pt, a
/// region on an overlay scene, a `height` shorter than the screen), with their lines, and
/// `scroll` moves that would need too many drags failing at once.
@Suite struct ScrollLimitScriptTests {
    static func prototype(scenes: String) -> String {
        """
        return {
          device = { width = 360, height = 800, scale = 1 }, start = "home",
          scenes = {
        \(scenes)
          },
        }
        """
    }

    @Test func aBandUnder44PointsIsALoadErrorWithTheNumbersAndLine() {
        let lines = TestFolders.lines(
            Self.prototype(
                scenes: """
                    home = { image = "home.png",
                      scroll = { header = 400, footer = 399.99 } },
                    """))
        #expect(
            lines.contains {
                $0.contains(
                    "prototype.lua:5: scenes.home.scroll.header: header = 400 pt + footer = 399.99 pt = 799.99 pt leaves a scrolling band only 0.01 pt tall"
                ) && $0.contains("at least 44 pt")
            }, "\(lines)")
    }

    @Test func scrollOnAnOverlaySceneIsALoadError() {
        let lines = TestFolders.lines(
            Self.prototype(
                scenes: """
                    home = { image = "home.png", elements = { { label = "Share", frame = { 0, 700, 360, 80 },
                      on_tap = present("sheet", { overlay = true, position = "bottom", size = { 360, 300 } }) } } },
                    sheet = { image = "settings.png",
                      scroll = { header = 250, footer = 10 } },
                    """))
        #expect(
            lines.contains {
                $0.contains(
                    "prototype.lua:7: scenes.sheet.scroll: scroll regions are for full-screen scenes, not overlays")
            }, "\(lines)")
    }

    @Test func aHeightShorterThanTheScreenIsALoadErrorWithItsLine() {
        let lines = TestFolders.lines(
            Self.prototype(
                scenes: """
                    home = { image = "home.png",
                      scroll = { header = 56,
                        height = 100 } },
                    """))
        #expect(
            lines.contains {
                $0.contains(
                    "prototype.lua:6: scenes.home.scroll.height: height = 100 pt is shorter than the 800 pt screen")
            }, "\(lines)")
    }

    @Test func theLandscapeBandErrorHasItsLineBesideAPortraitHeader() {
        let lines = TestFolders.lines(
            Self.prototype(
                scenes: """
                    home = { image = "home.png",
                      scroll = { header = 56, footer = 48 },
                      landscape = { image = "detail.png", scroll = { header = 300, footer = 100 } } },
                    """))
        #expect(
            lines.contains {
                $0.contains(
                    "prototype.lua:6: scenes.home.landscape.scroll.header: header = 300 pt + footer = 100 pt = 400 pt leaves no room to scroll"
                ) && $0.hasSuffix("(turned to landscape)")
            }, "\(lines)")
    }

    @Test func aScrollNeedingTooManyDragsFailsAtOnceNamingTheBand() throws {
        let text = Self.prototype(
            scenes: """
                home = { image = "home.png", scroll = { header = 700, footer = 56, height = 16000 } },
                """)
        let results = try ScriptAPIHarness.run(
            """
            test("far", function()
              local t = now()
              local ok, problem = pcall(scroll, "down", 10000)
              if ok then error("scroll should fail", 0) end
              if now() - t > 1 then error("not at once", 0) end
              error(problem, 0)
            end)
            test("clamped", function()
              scroll("up", 100000)  -- already at the top: nothing to drag
              scroll("down", 3000)
            end)
            """, prototype: text, images: ["home"])
        let far = try #require(results["far"])
        #expect(
            far.failure?.contains(
                "scroll(\"down\", 10000): moving the content 10000 pt takes 285 drags in the scrolling band of scene \"home\", which is only 44 pt tall (at most 100 drags of 35.2 pt each)"
            ) == true, "\(far.failure ?? "passed")")
        let clamped = try #require(results["clamped"])
        #expect(clamped.failure == nil, "\(clamped.failure ?? "")")
    }
}
