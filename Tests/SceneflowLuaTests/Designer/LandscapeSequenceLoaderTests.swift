import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// `landscape = { "chart", "chart_week", ... }`: a portrait scene's landscape sequence as the
/// loader reads and checks it.
@Suite struct LandscapeSequenceLoaderTests {
    static let charts = """
        chart = { image = "detail.png", elements = {
          { label = "Week", frame = { 700, 0, 100, 100 }, on_tap = replace("chart_week", "push_left", 0.3) } } },
        chart_week = { image = "detail.png", on_swipe = { right = replace("chart", "push_right", 0.3) } },
        """

    @Test func aListOfScenesIsTheSequenceAndEachKnowsItsOwner() throws {
        let folder = TestFolders.prototype(
            DesignLoaderTests.lua("landscape = { \"chart\", \"chart_week\" },", Self.charts))
        let p = try PrototypeLoader.load(directory: folder).prototype
        #expect(p.scenes["home"]?.design.landscapeSequence == ["chart", "chart_week"])
        #expect(p.scenes["home"]?.design.landscapeScene == "chart")
        #expect(p.scenes["chart"]?.design.portraitScene == "home")
        #expect(p.scenes["chart_week"]?.design.portraitScene == "home")
        #expect(p.landscapeOwners["chart_week"] == "home")
    }

    @Test func aSingleNameIsASequenceOfOne() throws {
        let folder = TestFolders.prototype(DesignLoaderTests.lua("landscape = { \"chart\" },", Self.charts))
        let p = try PrototypeLoader.load(directory: folder).prototype
        #expect(p.scenes["home"]?.design.landscapeSequence == ["chart"])
        #expect(p.scenes["chart_week"]?.design.portraitScene == nil, "not named: an ordinary scene")
    }

    @Test func badSequencesAreReportedWithTheirIndexAndLine() {
        let text = TestFolders.lines(
            DesignLoaderTests.lua(
                "landscape = { \"chart\", \"chart_weak\", \"chart\", 4 },",
                Self.charts + "other = { image = \"home.png\", landscape = { \"chart\", image = \"detail.png\" } },")
        ).joined(separator: "\n")
        #expect(
            text.contains(
                ":5: scenes.home.landscape[2]: no scene \"chart_weak\"; did you mean \"chart_week\"? (each item of landscape = { ... } names a landscape scene of this scene's sequence)"
            ), "\(text)")
        #expect(
            text.contains(
                ":5: scenes.home.landscape[3]: \"chart\" is already in this landscape sequence; each scene once"),
            "\(text)")
        #expect(
            text.contains("scenes.home.landscape[4]: expected the name of a landscape scene, got the number 4"),
            "\(text)")
        #expect(text.contains("scenes.other.landscape: expected a list of landscape scenes"), "\(text)")
    }

    @Test func aSceneInTwoSequencesOrWithALandscapeOfItsOwnIsRefused() {
        let text = TestFolders.lines(
            DesignLoaderTests.lua(
                "landscape = { \"chart\", \"chart_week\" },",
                Self.charts + "\n"
                    + """
                    settings = { image = "home.png", landscape = { "chart_week", "wide" } },
                    wide = { image = "detail.png", landscape = "chart" },
                    """)
        ).joined(separator: "\n")
        #expect(
            text.contains(
                ":10: scenes.settings.landscape[1]: scene \"chart_week\" is already in the landscape sequence of \"home\"; a scene of a landscape sequence belongs to one portrait scene"
            ), "\(text)")
        #expect(
            text.contains(
                "scenes.settings.landscape[2]: scene \"wide\" is the landscape scene of \"settings\" and cannot have a landscape of its own"
            ), "\(text)")
    }
}
