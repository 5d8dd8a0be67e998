import Testing

@testable import SceneflowLua

/// A label or contains locator longer than any accessibility label (1 KiB) can never match:
/// it fails at once, on the clock's first instant, instead of being matched again on every
/// retry frame of a wait (red-team 16 B-F2: a 1 MiB locator cost 8 s of real time, 25 MB
/// ran into the watchdog). Every way a locator is given, in waiting and one-shot calls.
@Suite struct LongLocatorTests {
    typealias H = ScriptAPIHarness

    @Test(arguments: [
        "tap(L)", "expect.visible(L)", "wait_for(L)", "tap({contains = L})", "expect.visible({label = L})",
        "expect.count({contains = L}, 1)", "double_tap({label = L, kind = \"hotspot\"})",
    ])
    func aLocatorLongerThanAnyLabelFailsAtOnce(_ call: String) throws {
        let r = try H.one(
            """
            local L = string.rep("x", 1025)
            local ok, problem = pcall(function() \(call) end)
            assert(not ok, "passed")
            expect(now()).to_be(0)
            error(problem, 0)
            """)
        let failure = r.failure ?? "passed"
        #expect(
            failure.contains("bytes long; no accessibility label is longer than 1024 bytes, so it can never match"),
            "\(call): \(failure.prefix(300))")
    }

    @Test func aLocatorOfTheLongestLabelsLengthStillWaits() throws {
        let r = try H.one(
            "local ok = pcall(tap, string.rep(\"x\", 1024), {timeout = 1})\nassert(not ok)\nexpect(now()).to_be_greater_than(0.9)"
        )
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }
}
