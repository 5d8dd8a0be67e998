import Testing

@testable import SceneflowLua

/// A matcher looked up but never called (`expect(false).to_be_truthy`, the parentheses
/// forgotten, or kept in a variable and dropped) checked nothing, and the test passed
/// (red-team 15 A2): the expectation counts as given a matcher only once the matcher runs, so
/// the test fails at its end naming the matcher. Generated from the reference: every matcher,
/// plain and soft.
@Suite struct MatcherNotCalledTests {
    typealias H = ScriptAPIHarness

    static var matchers: [String] {
        ((try? ScriptAPIReference.entries().entries) ?? []).compactMap { entry in
            entry.name.hasPrefix("expect(x).") ? String(entry.name.dropFirst("expect(x).".count)) : nil
        }
    }

    @Test func everyMatcherIsListed() {
        #expect(Self.matchers.contains("to_be_truthy") && Self.matchers.contains("not_to_equal"))
        #expect(Self.matchers.count > 15)
    }

    @Test(arguments: matchers, ["expect", "expect.soft"])
    func aMatcherNeverCalledFailsTheTest(matcher: String, form: String) throws {
        let r = try H.one("local m = \(form)(false).\(matcher)\nlocal _ = m")
        let failure = r.failure ?? "passed"
        #expect(
            failure.contains("expect(x).\(matcher) was never called") && failure.contains("checked nothing"),
            "\(form) \(matcher): \(failure)")
    }

    /// The findings' forms: inside assert(), and a matcher called once of two looked up.
    @Test func theFindingsFormsFailAndCalledOnesPass() throws {
        let inAssert = try H.one("assert(expect(scene() == \"home\").to_be_truthy)")
        #expect(inAssert.failure?.contains("to_be_truthy was never called") == true, "\(inAssert.failure ?? "passed")")
        let called = try H.one("local e = expect(1)\nlocal _ = e.to_be\ne.to_be(1)\nexpect.soft(2).to_be(2)")
        #expect(called.failure == nil, "\(called.failure ?? "")")
    }
}
