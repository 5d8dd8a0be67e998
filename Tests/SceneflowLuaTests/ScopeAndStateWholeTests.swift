import Testing

@testable import SceneflowLua

/// Red team 14's wrong verdicts: `expect(state)` compared the read-only proxy (an empty table)
/// with the expected contents, so `to_equal` failed on the exact state and `not_to_equal`
/// passed (F1); inside `within(scene)` while another scene shows, `expect.hidden` passed and
/// `element()` read nil although every locator there fails, as `tap` and `expect.count` did (F7).
@Suite struct ScopeAndStateWholeTests {
    typealias H = ScriptAPIHarness

    @Test func theStateComparesByItsContents() throws {
        let r = try H.one(
            """
            expect(state).to_equal({ signins = 0, cart = { items = 0 } })
            expect(state).not_to_equal({ signins = 1, cart = { items = 0 } })
            tap "Sign in"
            expect(state).to_equal({ signins = 1, cart = { items = 0 } })
            """)
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let wrong = try H.one("expect(state).not_to_equal({ signins = 0, cart = { items = 0 } })")
        #expect(wrong.failure?.contains("not to equal") == true, "\(wrong.failure ?? "passed")")
    }

    /// Every locator call inside a scene scope that is not the current scene fails with why.
    static let calls = [
        "expect.hidden(\"Back\", {timeout = 0})", "element(\"Back\")", "expect.visible(\"Back\", {timeout = 0})",
        "expect.count(\"Back\", 0, {timeout = 0})", "tap(\"Back\", {timeout = 0})", "elements()",
    ]

    @Test(arguments: calls)
    func aLocatorInsideAnotherScenesScopeFails(call: String) throws {
        let r = try H.one("within(\"home\", function() \(call) end)")
        #expect(r.failure?.contains("the current scene is \"login\"") == true, "\(call): \(r.failure ?? "passed")")
    }
}
