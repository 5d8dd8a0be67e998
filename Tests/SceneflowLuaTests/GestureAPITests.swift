import SceneflowCore
import Testing

@testable import SceneflowLua

/// Every gesture of the script API working, and its failure message.
@Suite struct GestureAPITests {
    typealias H = ScriptAPIHarness

    @Test func tapUsesTheExactLabelAmongSimilarOnes() throws {
        // Case 1: "Continue" and "Continue with Google": the exact label wins, never both.
        let r = try H.one("tap \"Continue\"\nexpect.scene \"home\"\nexpect(history()).to_equal({\"login\", \"home\"})")
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }

    @Test func containsLocatorIsStrictAndIndexPicksOne() throws {
        let strict = try H.one("tap {contains = \"Continue\"}")
        #expect(
            strict.failure
                == "tap({contains = \"Continue\"}): 2 elements match {contains = \"Continue\"} in scene \"login\": \"Continue\" (hotspot at {20, 500, 320, 48}), \"Continue with Google\" (hotspot at {20, 560, 320, 48}); make the locator exact (e.g. \"Continue\") or add index = n"
        )
        #expect(strict.line == 3)
        let indexed = try H.one("tap {contains = \"Continue\", index = 2}\nexpect.scene \"google\"")
        #expect(indexed.failure == nil, "\(indexed.failure ?? "")")
        let pattern = try H.one("tap {pattern = \"^Continue w\"}\nexpect.scene \"google\"")
        #expect(pattern.failure == nil, "\(pattern.failure ?? "")")
    }

    @Test func tapOnAMisspeltLabelSuggestsTheRightOne() throws {
        let r = try H.one("tap(\"Sing in\", {timeout = 0.5})")
        let failure = try #require(r.failure)
        #expect(
            failure.hasPrefix(
                "tap(\"Sing in\"): no element labelled \"Sing in\" in scene \"login\"; did you mean \"Sign in\"? (labels on screen: \"Card\", \"Like\""
            ), "\(failure)")
        #expect(failure.hasSuffix("(waited 0.5 s)"), "\(failure)")
        #expect(r.line == 3)
    }

    @Test func badLocatorsAreExplained() throws {
        #expect(
            try H.one("tap {contans = \"x\"}").failure?.contains(
                "unknown locator key \"contans\"; did you mean \"contains\"?") == true)
        #expect(
            try H.one("tap(42)").failure?.contains("expected an accessibility label (a string) or a locator table")
                == true)
        #expect(try H.one("tap {pattern = \"[\"}").failure?.contains("bad Lua pattern \"[\"") == true)
        #expect(
            try H.one("tap(\"Continue\", 5)").failure?.contains("options must be a table such as {timeout = 2}") == true
        )
    }

    @Test func disabledElementsAreHitButDoNothing() throws {
        let r = try H.one(
            "tap \"Disabled\"\nexpect.scene \"login\"\nexpect(element(\"Disabled\").enabled).to_be(false)")
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }

    @Test func doubleTapFiresTheDoubleTapAction() throws {
        let r = try H.one("double_tap \"Photo\"\nexpect.scene \"zoomed\"")
        #expect(r.failure == nil, "\(r.failure ?? "")")
        #expect(r.timeline.contains { if case .gesture(.doubleTap, _, "Photo") = $0.kind { true } else { false } })
        let single = try H.one("tap \"Photo\"\nexpect.scene \"login\"")
        #expect(single.failure == nil, "a single tap does not trigger on_double_tap")
        let missing = try H.one("double_tap(\"Phot\", {timeout = 0})")
        #expect(
            missing.failure?.hasPrefix(
                "double_tap(\"Phot\"): no element labelled \"Phot\" in scene \"login\"; did you mean \"Photo\"?")
                == true)
    }

    @Test func longPressHoldsLongEnough() throws {
        let r = try H.one("long_press \"Message\"\nexpect.scene \"menu\"\ntap \"Close\"\nexpect.scene \"login\"")
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let short = try H.one("long_press(\"Message\", 0.2)\nexpect.scene \"login\"")
        #expect(short.failure == nil, "0.2 s is a tap, not a long press: \(short.failure ?? "")")
        let bad = try H.one("long_press(\"Message\", -1)")
        #expect(bad.failure == "long_press(\"Message\"): seconds must be a number >= 0, got -1")
    }

    @Test func tenSwipesMoveTenPages() throws {
        // Case 4: ten swipes in a row each move exactly one page.
        let r = try H.one(
            "swipe \"left\"\nexpect.scene \"page1\"\nfor i = 1, 10 do swipe \"left\"; expect.scene(\"page\" .. (i + 1)) end"
        )
        #expect(r.failure == nil, "\(r.failure ?? "")")
        // Movements the recogniser would not take for a swipe are refused, not silently sent.
        #expect(
            try H.one("swipe(\"left\", {distance = 20})").failure
                == "swipe(\"left\", {distance = 20}): distance must be a number from 40 to 10000, got 20")
        #expect(
            try H.one("swipe(\"left\", {duration = 5})").failure
                == "swipe(\"left\", {duration = 5}): duration must be a number from 0.0166667 to 1, got 5")
        #expect(
            try H.one("swipe(\"left\", {dist = 300})").failure
                == "swipe(\"left\", {dist = 300}): unknown option \"dist\" (options: on, distance, duration, timeout)")
        let bad = try H.one("swipe \"lfet\"")
        #expect(
            bad.failure
                == "swipe(\"lfet\"): the direction is the finger's: \"left\", \"right\", \"up\" or \"down\"; did you mean \"left\"?"
        )
    }

    @Test func swipeOnAnElementStartsThere() throws {
        let r = try H.one("swipe(\"left\", {on = \"Quantity\", duration = 0.3})\nexpect.scene \"page1\"")
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let missing = try H.one("swipe(\"left\", {on = \"Nope\", timeout = 0})")
        #expect(missing.failure?.contains("no element labelled \"Nope\" in scene \"login\"") == true)
    }

    @Test func dragGoesThroughTheGestureRecognizer() throws {
        // A quick drag to the left is recognised as a swipe left: the scene's swipe action runs.
        let r = try H.one("drag(\"Quantity\", {100, 750}, 0.3)\nexpect.scene \"page1\"")
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let slow = try H.one("drag({300, 400}, {x = 100, y = 400}, 1.5)\nexpect.scene \"login\"")
        #expect(slow.failure == nil, "a drag over 1.5 s is not a swipe: \(slow.failure ?? "")")
        #expect(slow.timeline.contains { if case .gesture(.drag, _, _) = $0.kind { true } else { false } })
        let bad = try H.one("drag(\"Nope\", {1, 2})")
        #expect(
            bad.failure?.hasPrefix("drag(\"Nope\", {1, 2}) from: no element labelled \"Nope\"") == true,
            "\(bad.failure ?? "")")
    }

    @Test func tapAtHitsThePoint() throws {
        let r = try H.one("tap_at(180, 524)\nexpect.scene \"home\"")
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let outside = try H.one("tap_at(500, 10)")
        #expect(outside.failure == "tap_at(500, 10): expected a point on the 360x800 pt screen")
    }

    @Test func backReversesAndExplainsWhenItCannot() throws {
        let r = try H.one("tap \"Continue\"\nback()\nexpect.scene \"login\"")
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let start = try H.one("back()")
        #expect(start.failure == "back(): nothing to go back to: \"login\" is the only scene on the stack")
    }

    @Test func aTapRightAfterATransitionIsDeliveredOnceSettled() throws {
        // Case 3: the second tap is issued as soon as the first transition ends; none is ignored.
        let r = try H.one("tap \"Continue\"\ntap \"Back\"\nexpect.scene \"login\"")
        #expect(r.failure == nil, "\(r.failure ?? "")")
        #expect(!r.timeline.contains { if case .inputIgnored = $0.kind { true } else { false } })
    }

    @Test func unknownOptionsAndNaNPointsAreRefused() throws {
        #expect(
            try H.one("tap(\"Continue\", {timout = 1})").failure
                == "tap(\"Continue\"): unknown option \"timout\"; did you mean \"timeout\"? (options: timeout)")
        #expect(
            try H.one("tap_at(0/0, 5)").failure == "tap_at(NaN, 5): x and y must be numbers (points)"
                || H.one("tap_at(0/0, 5)").failure == "tap_at(nan, 5): x and y must be numbers (points)")
        #expect(
            try H.one("drag({0/0, 5}, {100, 100})").failure?.contains(
                "from must be a point {x, y} on the 360x800 pt screen") == true)
    }

    @Test func twoTapsStayTwoTaps() throws {
        // A double-tap action on the element must not swallow the second of two tap() calls.
        let r = try H.one("tap \"Photo\"\ntap \"Photo\"\nexpect.scene \"login\"")
        #expect(r.failure == nil, "\(r.failure ?? "")")
        #expect(!r.timeline.contains { if case .gesture(.doubleTap, _, _) = $0.kind { true } else { false } })
    }

    @Test func coveredAndOffscreenElementsAreNotTappedBlindly() throws {
        // "Card" is covered at its centre by nothing, but its top-left corner holds "Like":
        // the tap goes to an uncovered point of the card.
        let card = try H.one("tap \"Card\"\nexpect.scene \"login\"")
        #expect(card.failure == nil, "\(card.failure ?? "")")
        #expect(
            try H.one("tap \"Offscreen\"").failure
                == "tap(\"Offscreen\"): the element lies outside the 360x800 pt screen (frame {0, 900, 100, 40})")
    }

    @Test func gesturesRecordSteps() throws {
        let r = try H.one("tap \"Continue\"\nexpect.scene \"home\"")
        #expect(r.steps.map(\.call) == ["tap(\"Continue\")", "expect.scene(\"home\")"])
        #expect(r.steps.map(\.line) == [3, 4])
        #expect(r.steps.allSatisfy { $0.passed && $0.clockEnd != nil && $0.wallSeconds != nil })
        let failing = try H.one("tap(\"Nope\", {timeout = 0})")
        #expect(failing.steps.count == 1 && failing.steps[0].passed == false && failing.steps[0].clockEnd == nil)
    }
}
