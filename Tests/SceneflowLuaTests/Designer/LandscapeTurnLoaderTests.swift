import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// `landscape = { "chart", "chart_week", turn = "none" }`: how turning the device into and out
/// of a landscape sequence is drawn, as the loader reads and checks it.
@Suite struct LandscapeTurnLoaderTests {
    @Test(arguments: [("", LandscapeTurn.rotation), (", turn = \"rotation\"", .rotation), (", turn = \"none\"", .none)])
    func theTurnIsReadFromTheSequence(_ written: String, _ turn: LandscapeTurn) throws {
        let folder = TestFolders.prototype(
            DesignLoaderTests.lua(
                "landscape = { \"chart\", \"chart_week\"\(written) },", LandscapeSequenceLoaderTests.charts))
        let p = try PrototypeLoader.load(directory: folder).prototype
        #expect(p.scenes["home"]?.design.landscapeSequence == ["chart", "chart_week"])
        #expect(p.scenes["home"]?.design.landscapeTurn == turn)
    }

    @Test func badTurnsAreReportedWithTheirPlaceAndLine() {
        let text = TestFolders.lines(
            DesignLoaderTests.lua(
                "landscape = { \"chart\", turn = \"nnoe\" },",
                LandscapeSequenceLoaderTests.charts
                    + "other = { image = \"home.png\", landscape = { \"chart_week\", turn = 0.3 } },")
        ).joined(separator: "\n")
        #expect(
            text.contains(
                ":5: scenes.home.landscape.turn: unknown turn \"nnoe\"; did you mean \"none\"? (a turn is drawn as \"rotation\" or \"none\": \"none\" shows the turned screen at once)"
            ), "\(text)")
        #expect(
            text.contains(
                "scenes.other.landscape.turn: expected \"rotation\" or \"none\" (how turning the device into and out of the sequence is drawn), got the number 0.3"
            ), "\(text)")
    }
}
