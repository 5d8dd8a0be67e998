import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Issue 13 item 2 (the example) and item 1's sentence on `rate`: a star rating inside a
/// centred 270 x 230 pt overlay reads, draws and takes presses where it is shown on screen,
/// and scripted gestures reach a star rating only through the path a finger takes, so a
/// control no finger can operate fails in the script too.
@Suite("Star ratings in overlays and the finger's path from scripts")
struct OverlayControlScriptTests {
    /// "entry" presents "rate" as a centred 270 x 230 pt card on a 390 x 844 pt screen: the
    /// card lies at {60, 307, 270, 230}; "Rating" at {20, 80, 230, 66} in the card is at
    /// {80, 387, 230, 66} on screen. Stars are 46 pt squares (230 / 5, 66 less the 20 pt
    /// touch band): the row spans the frame's width at its top, so star k (1-based) is centred
    /// 46k - 23 pt right of the frame's left edge and 23 pt below its top.
    static let prototype = """
        return {
          device = { width = 390, height = 844, scale = 1 },
          start = "entry",
          scenes = {
            entry = { image = "entry.png", elements = {
              { label = "Rate", frame = { 20, 700, 350, 60 },
                on_tap = present("rate", { overlay = true, position = "center", size = { 270, 230 } }) },
              { label = "Full", frame = { 20, 600, 350, 60 }, on_tap = go("full") },
              { label = "Covered", frame = { 20, 500, 350, 60 }, on_tap = go("covered") },
              { label = "Off", frame = { 20, 400, 350, 60 }, on_tap = go("off") },
              { label = "Long", frame = { 20, 300, 350, 60 }, on_tap = go("long") },
            } },
            rate = { image = "card.png", elements = {
              { label = "Rating", control = "star_rating", frame = { 20, 80, 230, 66 } },
              { label = "Close", frame = { 0, 180, 270, 50 }, on_tap = dismiss() },
            } },
            full = { image = "entry.png", elements = {
              { label = "Rating", control = "star_rating", frame = { 20, 80, 230, 66 } },
            } },
            covered = { image = "entry.png", elements = {
              { label = "Rating", control = "star_rating", frame = { 20, 80, 230, 66 } },
              { label = "Sheet", frame = { 0, 0, 390, 300 } },
            } },
            off = { image = "entry.png", elements = {
              { label = "Rating", control = "star_rating", frame = { 20, 80, 230, 66 }, enabled = false },
            } },
            long = { image = "long.png", scroll = { header = 60, footer = 0, height = 2000 }, elements = {
              { label = "Rating", control = "star_rating", frame = { 20, 1500, 230, 66 } },
            } },
          },
        }
        """

    static func run(_ body: String) throws -> ScriptAPIHarness.Result {
        let results = try ScriptAPIHarness.run(
            "test(\"t\", function()\n\(body)\nend)\n", prototype: prototype, images: ["entry", "card", "long"])
        return try #require(results["t"])
    }

    /// The card on screen.
    static let card = Rect(x: 60, y: 307, width: 270, height: 230)

    @Test func aStarRatingInAnOverlayReadsAsInAFullScreenScene() throws {
        let result = try Self.run(
            """
            tap "Full"
            local full = element("Rating")
            back()
            tap "Rate"
            expect.scene "rate"
            local e = element("Rating")
            assert(e.frame.x == 80 and e.frame.y == 387, "frame on screen: " .. e.frame.x .. ", " .. e.frame.y)
            assert(e.value == full.value, "value " .. tostring(e.value) .. " in the overlay, " .. tostring(full.value) .. " full screen")
            assert(e.accessibility_value == full.accessibility_value,
              "accessibility value " .. tostring(e.accessibility_value) .. ", full screen " .. tostring(full.accessibility_value))
            assert(e.value == 0 and e.accessibility_value == "No rating")
            expect.value("Rating", 0)
            """)
        #expect(result.step == .passed, "\(result.failure ?? "")")
    }

    @Test func rateInAnOverlayPressesOnTheDrawnStars() throws {
        let result = try Self.run(
            """
            tap "Rate"
            rate("Rating", 4)
            expect.value("Rating", 4)
            """)
        #expect(result.step == .passed, "\(result.failure ?? "")")
        let presses = result.timeline.compactMap { event -> Point? in
            if case .input(let input) = event.kind, input.phase == .down { return input.point }
            return nil
        }
        #expect(presses.count == 2, "the tap on \"Rate\" and the press of the drag")
        if let press = presses.last {
            #expect(Self.card.contains(press), "the drag starts on the card, where the stars are drawn: \(press)")
        }
    }

    @Test func aFingerOnTheDrawnStarsRatesAndOneAtCardRelativePlacesDoesNot() throws {
        let result = try Self.run(
            """
            tap "Rate"
            -- Card-relative coordinates of star 4, which lie on the dimmed screen above the card.
            tap_at(20 + 46 * 3 + 23, 80 + 23)
            expect.value("Rating", 0)
            expect.scene "rate"
            -- Star 4 where it is drawn.
            tap_at(60 + 20 + 46 * 3 + 23, 307 + 80 + 23)
            expect.value("Rating", 4)
            """)
        #expect(result.step == .passed, "\(result.failure ?? "")")
    }

    @Test func rateFailsOnAStarRatingCoveredByAnElementAbove() throws {
        let result = try Self.run(
            """
            tap "Covered"
            rate("Rating", 3)
            """)
        #expect(result.failure?.contains("rate(\"Rating\", 3)") == true, "\(result.failure ?? "passed")")
        #expect(result.failure?.contains("\"Sheet\"") == true, "names what lies over it: \(result.failure ?? "passed")")
        #expect(result.line == 4, "the rate line")
    }

    @Test func rateFailsOnADisabledStarRating() throws {
        let result = try Self.run(
            """
            tap "Off"
            rate("Rating", 3)
            """)
        #expect(result.failure?.contains("disabled") == true, "\(result.failure ?? "passed")")
        #expect(result.line == 4, "the rate line")
    }

    @Test func rateFailsOnAStarRatingScrolledOutOfView() throws {
        let result = try Self.run(
            """
            tap "Long"
            rate("Rating", 3)
            """)
        #expect(result.failure?.contains("scroll_to") == true, "\(result.failure ?? "passed")")
        #expect(result.line == 4, "the rate line")
        let scrolled = try Self.run(
            """
            tap "Long"
            scroll_to "Rating"
            rate("Rating", 3)
            expect.value("Rating", 3)
            """)
        #expect(scrolled.step == .passed, "\(scrolled.failure ?? "")")
    }
}
