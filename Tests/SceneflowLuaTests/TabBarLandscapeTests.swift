import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// A tab bar in landscape: items with a `landscape_frame` are on the landscape variants of the
/// tabs' scenes, in landscape points, hit, read and switched there as upright.
@Suite struct TabBarLandscapeTests {
    static let prototype = """
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "cars",
          tabs = {
            { label = "Cars", scene = "cars", frame = { 0, 740, 180, 60 }, landscape_frame = { 0, 320, 400, 40 } },
            { label = "Charts", scene = "charts", frame = { 180, 740, 180, 60 }, landscape_frame = { 400, 320, 400, 40 } },
          },
          scenes = {
            cars = { image = "a.png", elements = { { label = "Tesla", frame = { 0, 100, 360, 60 }, on_tap = go("car") } },
              landscape = { image = "w.png", elements = { { label = "Tesla", frame = { 0, 100, 800, 60 }, on_tap = go("car") } } } },
            car = { image = "a.png", landscape = { image = "w.png" } },
            charts = { image = "a.png", landscape = { image = "w.png" } },
          },
        }
        """

    @Test func theItemsAreOnTheLandscapeVariantsAtTheirLandscapeFrames() throws {
        let folder = TestFolders.prototype(Self.prototype, images: ["a.png", "w.png"])
        let p = try PrototypeLoader.load(directory: folder).prototype
        let wide = try #require(p.scenes["car"]?.design.landscape?.elements)
        #expect(wide.map(\.label) == ["Cars", "Charts"])
        #expect(
            wide.map(\.frame) == [
                Rect(x: 0, y: 320, width: 400, height: 40), Rect(x: 400, y: 320, width: 400, height: 40),
            ])
        #expect(ElementTree.text(p).contains("\"Cars\" → cars {0, 740, 180, 60} landscape {0, 320, 400, 40}"))
        let dot = FlowGraph.dot(p)
        #expect(
            !dot.contains("Charts (landscape)") && !dot.contains("Cars (landscape)"), "tab edges drawn once: \(dot)")
    }

    @Test func tabsSwitchAndReadInLandscape() throws {
        let results = try ScriptAPIHarness.run(
            """
            test("landscape tabs", function()
              rotate "landscape"
              tap "Tesla"
              expect.scene "car"
              local cars = element("Cars")
              assert(cars.frame.x == 0 and cars.frame.y == 320 and cars.frame.w == 400, "landscape points")
              expect.value("Cars", "selected")
              tap "Charts"
              expect.scene "charts"
              expect.value("Charts", "selected")
              tap "Cars"
              expect.scene "car"            -- the Cars stack kept its place
              rotate "portrait"
              expect.value("Cars", "selected")
              tap "Cars"
              expect.scene "cars"           -- the selected tab pops to its root
            end)
            """, prototype: Self.prototype, images: ["a", "w"])
        let result = try #require(results["landscape tabs"])
        #expect(result.step == .passed, "\(result.failure ?? "")")
    }

    @Test func overlappingLandscapeFramesAreRefused() {
        let lines = TestFolders.lines(
            Self.prototype.replacingOccurrences(
                of: "landscape_frame = { 400, 320", with: "landscape_frame = { 300, 320"),
            images: ["a.png", "w.png"])
        #expect(
            lines.contains {
                $0.contains(
                    "tabs[2].landscape_frame: {300, 320, 400, 40} overlaps the tab \"Cars\" {0, 320, 400, 40} in landscape"
                )
            }, "\(lines)")
    }
}
