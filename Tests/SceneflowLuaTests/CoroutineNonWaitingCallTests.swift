import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Red-team 54 A A1: calls that never wait run anywhere in a test, a coroutine of the script's
/// own included, as Scripting.md says: an `expect.soft(x)` matcher that held, or a `step`,
/// inside `coroutine.wrap` failed the test ("gestures, waits and expectations run inside
/// test(…)") while the hard `expect(x)` passed. A soft failure there is listed once, as any
/// soft failure; a call that waits is still refused there.
@Suite struct CoroutineNonWaitingCallTests {
    typealias H = ScriptAPIHarness

    @Test(arguments: [
        "coroutine.wrap(function() expect.soft(1).to_be(1) end)()",
        "coroutine.resume(coroutine.create(function() expect.soft(\"a\").to_match(\"a\") end))",
        "coroutine.wrap(function() step(\"s\", function() expect(1).to_be(1) end) end)()",
        "coroutine.wrap(function() expect(2).to_be_greater_than(1) end)()",
    ])
    func aNonWaitingCallThatHoldsPassesInACoroutine(_ body: String) throws {
        let r = try H.one(body + "\nlog.message(\"on\")")
        #expect(r.failure == nil, "\(body): \(r.failure ?? "")")
        #expect(r.log.map(\.message) == ["on"])
    }

    @Test func aSoftFailureInACoroutineIsListedOnceAndTheTestGoesOn() throws {
        let r = try H.one("coroutine.wrap(function() expect.soft(1).to_be(2) end)()\nlog.message(\"on\")")
        #expect(r.log.map(\.message) == ["on"])
        #expect(r.failure == "1 soft expectation failed:\n  line 3: expected 1 to be 2", "\(r.failure ?? "passed")")
    }

    @Test func aWaitingCallInACoroutineIsStillRefused() throws {
        let r = try H.one("coroutine.wrap(function() tap \"Continue\" end)()")
        #expect(r.failure?.contains("not in a coroutine of the script's own") == true, "\(r.failure ?? "passed")")
    }
}
