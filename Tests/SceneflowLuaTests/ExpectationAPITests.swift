import SceneflowCore
import Testing

@testable import SceneflowLua

/// Waiting, locators, reading state, expectations and matchers: each working, and its
/// failure message.
@Suite struct ExpectationAPITests {
    typealias H = ScriptAPIHarness

    @Test func waitAdvancesTheVirtualClock() throws {
        let r = try H.one("local t = now()\nwait(0.5)\nexpect(now() - t).to_be_close_to(0.5, 1/60)")
        #expect(r.failure == nil, "\(r.failure ?? "")")
        #expect(try H.one("wait(-1)").failure == "wait: expected a finite number of seconds >= 0, got -1")
    }

    @Test func waitForReturnsTheElementOrTheCondition() throws {
        let r = try H.one(
            "local e = wait_for \"Quantity\"\nexpect(e.value).to_be(\"2\")\nexpect(e.kind).to_be(\"stepper\")\n"
                + "expect(e.frame).to_equal({x = 200, y = 730, w = 100, h = 40})\n"
                + "expect(wait_for(function() return scene() == \"login\" and 7 end)).to_be(7)")
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let missing = try H.one("wait_for(\"Nope\", 0.5)")
        #expect(
            missing.failure?.hasPrefix("wait_for(\"Nope\"): no element labelled \"Nope\" in scene \"login\"") == true)
        #expect(missing.failure?.hasSuffix("(waited 0.5 s)") == true)
        let never = try H.one("wait_for(function() return false end, 0.25)")
        #expect(never.failure == "wait_for(<function>): the condition stayed false (waited 0.25 s)")
    }

    @Test func withTimeoutChangesTheDefaultForABlock() throws {
        let r = try H.one("with_timeout(0.2, function() tap \"Nope\" end)")
        #expect(r.failure?.hasSuffix("(waited 0.2 s)") == true, "\(r.failure ?? "")")
        #expect(
            try H.one("with_timeout(\"x\", print)").failure
                == "with_timeout: expected a finite number of seconds >= 0, got \"x\"")
    }

    @Test func withinNarrowsToASceneOrAContainer() throws {
        let r = try H.one("within(\"Card\", function() tap \"Like\" end)\nexpect.scene \"liked\"")
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let ambiguous = try H.one("tap \"Like\"")
        #expect(ambiguous.failure?.contains("2 elements match \"Like\" in scene \"login\"") == true)
        let scene = try H.one("within(\"login\", function() tap \"Continue\" end)\nexpect.scene \"home\"")
        #expect(scene.failure == nil, "\(scene.failure ?? "")")
        let wrongScene = try H.one("within(\"home\", function() tap(\"Continue\", {timeout = 0}) end)")
        #expect(wrongScene.failure == "tap(\"Continue\"): within(\"home\"): the current scene is \"login\"")
    }

    @Test func readingState() throws {
        let r = try H.one(
            """
            expect(scene()).to_be("login")
            expect(#elements()).to_be(11)
            expect(elements()[4].label).to_be("Continue")
            expect(element("Offscreen").visible).to_be(false)
            expect(element("Back")).to_be_nil()
            tap "Sign in"
            expect(history()).to_equal({"login", "home"})
            expect(state.signins).to_be(1)
            expect(state.cart).to_equal({items = 0})
            """)
        #expect(r.failure == nil, "\(r.failure ?? "")")
        #expect(
            try H.one("state.signins = 3").failure?.contains("the prototype's state is read-only in scripts") == true)
        #expect(
            try H.one("element(\"Like\")").failure
                == "element(\"Like\"): 2 elements match \"Like\" in scene \"login\": \"Like\" (hotspot at {20, 20, 40, 40}), \"Like\" (hotspot at {20, 300, 40, 40}); make the locator exact or add index = n"
        )
    }

    @Test func everyTestStartsFresh() throws {
        let results = try H.run(
            """
            test("signs in", function()
              tap "Sign in"
              expect.state("signins", 1)
            end)
            test("starts from scratch", function()
              expect.scene "login"
              expect(history()).to_equal({"login"})
              expect.state("signins", 0)
            end)
            """)
        #expect(results["signs in"]?.failure == nil)
        #expect(results["starts from scratch"]?.failure == nil, "\(results["starts from scratch"]?.failure ?? "")")
    }

    @Test func expectSceneAndItsMessages() throws {
        #expect(try H.one("tap \"Continue\"\nexpect.scene \"home\"").failure == nil)
        #expect(
            try H.one("expect.scene(\"home\", {timeout = 0})").failure
                == "expect.scene(\"home\"): expected scene \"home\" but the current scene is \"login\"")
        #expect(
            try H.one("expect.scene \"hmoe\"").failure
                == "expect.scene(\"hmoe\"): there is no scene \"hmoe\"; did you mean \"home\"? (the current scene is \"login\")"
        )
    }

    @Test func visibleAndHidden() throws {
        #expect(try H.one("expect.visible \"Continue\"\nexpect.hidden \"Offscreen\"").failure == nil)
        // A label no scene has is a typo: hidden fails rather than passing (red-team finding).
        #expect(
            try H.one("expect.hidden \"Nope\"").failure?.contains(
                "no scene of the prototype has an element labelled \"Nope\"") == true)
        #expect(
            try H.one("expect.visible(\"Offscreen\", {timeout = 0})").failure?.hasPrefix(
                "expect.visible(\"Offscreen\"): the element lies outside the ") == true)
        // Worded as a tap words it, with its size and frame (one geometry: red-team 30 F3).
        #expect(
            try H.one("expect.visible(\"Offscreen\", {timeout = 0})").failure?.contains("pt screen (frame {") == true)
        #expect(
            try H.one("expect.hidden(\"Continue\", {timeout = 0})").failure
                == "expect.hidden(\"Continue\"): \"Continue\" is visible in scene \"login\"")
    }

    @Test func valueCountAndState() throws {
        #expect(try H.one("expect.value(\"Quantity\", 2)\nexpect.value(\"Quantity\", \"2\")").failure == nil)
        #expect(
            try H.one("expect.value(\"Quantity\", 3, {timeout = 0})").failure
                == "expect.value(\"Quantity\", 3): expected value 3 but \"Quantity\" has \"2\"")
        #expect(try H.one("expect.count({contains = \"Continue\"}, 2)\nexpect.count(\"Back\", 0)").failure == nil)
        // A label no scene has is a typo: counting 0 of it would always pass (NegativeLocatorTypoTests).
        #expect(
            try H.one("expect.count(\"Nope\", 0)").failure
                == "expect.count(\"Nope\", 0): no scene of the prototype has an element labelled \"Nope\"")
        #expect(
            try H.one("expect.count({contains = \"Continue\"}, 3, {timeout = 0})").failure
                == "expect.count({contains = \"Continue\"}, 3): expected 3 matching elements in scene \"login\", found 2: \"Continue\", \"Continue with Google\""
        )
        #expect(
            try H.one("expect.state(\"signins\", 2, {timeout = 0})").failure
                == "expect.state(\"signins\", 2): expected state.signins to be 2, got 0")
        #expect(
            try H.one("expect.state(\"signin\", 0, {timeout = 0})").failure
                == "expect.state(\"signin\", 0): the state has no key \"signin\"; did you mean \"signins\"?")
    }

    @Test func matchersOnPlainValues() throws {
        let r = try H.one(
            """
            expect(1 + 1).to_be(2)
            expect("a").not_to_be("b")
            expect({1, {2}}).to_equal({1, {2}})
            expect(true).to_be_truthy()
            expect(nil).to_be_falsy()
            expect("Sign in").to_contain("Sign")
            expect({"a", "b"}).to_contain("b")
            expect("12 items").to_match("^%d+ items$")
            expect(0.3).to_be_close_to(0.1 + 0.2)
            expect(3).to_be_greater_than(2)
            expect(2).to_be_less_than(3)
            """)
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let failing = try H.one("expect(history()).to_equal({\"home\"})")
        #expect(failing.failure == "expected {\"login\"} to equal {\"home\"}")
        #expect(failing.line == 3)
        #expect(
            try H.one("expect(1).to_eqaul(1)").failure?.hasPrefix(
                "expect(x).to_eqaul is not a matcher; did you mean \"to_equal\"?") == true)
        #expect(
            try H.one("expect.secne(\"x\")").failure?.hasPrefix(
                "expect.secne is not available; did you mean \"scene\"?") == true)
    }

    @Test func logEntriesCarryLevelTimeAndLine() throws {
        let r = try H.one("log.message(\"hello\", 42)\nwait(0.5)\nlog.warn(\"slow\")\nlog.debug(\"d\")\nprint(\"p\")")
        #expect(r.failure == nil)
        #expect(r.log.map(\.level) == [.message, .warning, .debug, .message])
        #expect(r.log.map(\.message) == ["hello 42", "slow", "d", "p"])
        #expect(r.log.map(\.line) == [3, 5, 6, 7])
        #expect(r.log[1].clockTime >= r.log[0].clockTime + 0.5 - 1e-9)
    }

    @Test func hooksSkipAndOnly() throws {
        let path = H.write(
            """
            before_each(function() tap "Continue" end)
            after_each(function() log.message("after", scene()) end)
            test("starts at home", function() expect.scene "home" end)
            skip("later", function() end, "not yet")
            only("focus", function() expect.scene "home" end)
            """)
        let runtime = try ScriptRuntime(scriptPath: path)
        #expect(
            runtime.tests.map(\.skipReason) == [nil, "not yet", nil])
        #expect(runtime.tests.map(\.only) == [false, false, true], "the runner leaves the others out")
        let results = try H.run(
            "before_each(function() tap \"Continue\" end)\nafter_each(function() log.message(\"after\", scene()) end)\ntest(\"starts at home\", function() expect.scene \"home\" end)\n"
        )
        #expect(results["starts at home"]?.failure == nil)
        #expect(results["starts at home"]?.log.last?.message == "after home")
        let broken = try H.run(
            "before_each(function() tap(\"Nope\", {timeout = 0}) end)\ntest(\"t\", function() end)\n")
        #expect(broken["t"]?.failure?.hasPrefix("in before_each: ") == true, "\(broken["t"]?.failure ?? "")")
    }

    @Test func sandboxAndModules() throws {
        let module = try H.one(
            "local steps = require \"helpers.steps\"\nsteps.sign_in()\nexpect.state(\"signins\", 1)",
            extra: ["helpers/steps.lua": "local M = {}\nfunction M.sign_in() tap \"Sign in\" end\nreturn M\n"])
        #expect(module.failure == nil, "\(module.failure ?? "")")
        #expect(try H.one("require \"../../etc/passwd\"").failure?.contains("module names are letters, digits") == true)
        #expect(try H.one("require \"nothere\"").failure?.contains("no module \"nothere\"") == true)
        #expect(try H.one("os.execute(\"true\")").failure?.contains("os.execute is not available in scripts") == true)
        #expect(try H.one("io.open(\"/etc/passwd\")").failure?.contains("io is not available here") == true)
        #expect(try H.one("assert(load(string.dump(print)))").failure?.contains("string.dump is not available") == true)
        #expect(
            try H.one("expect(os.time()).to_be_greater_than(0)\nexpect(type(os.clock())).to_be(\"number\")").failure
                == nil)
        let own = try H.one("local co = coroutine.wrap(function() tap \"Continue\" end)\nco()")
        #expect(
            own.failure?.contains(
                "run inside test(\"name\", function() ... end) (not in a coroutine of the script's own)") == true)
    }
}
