import SceneflowCore
import Testing

@testable import SceneflowLua

/// Negation everywhere (issue 20, Script API): `expect.not_scene`, `expect.not_value`,
/// `expect.not_state` retry until the negation holds, and every `expect(x).to_*` matcher has a
/// `not_to_*` form that holds exactly when the positive one does not.
@Suite struct NegationTests {
    typealias H = ScriptAPIHarness

    /// Arguments for each matcher: one where the positive form holds and one where it fails.
    static let cases: [(matcher: String, holds: String, fails: String)] = [
        ("to_be", "(2).to_be(2)", "(2).to_be(3)"),
        ("to_equal", "({1, {2}}).to_equal({1, {2}})", "({1}).to_equal({2})"),
        ("to_be_truthy", "(1).to_be_truthy()", "(false).to_be_truthy()"),
        ("to_be_falsy", "(nil).to_be_falsy()", "(0).to_be_falsy()"),
        ("to_be_nil", "(nil).to_be_nil()", "(0).to_be_nil()"),
        ("to_contain", "(\"Sign in\").to_contain(\"Sign\")", "({\"a\"}).to_contain(\"b\")"),
        ("to_match", "(\"12 items\").to_match(\"^%d+\")", "(\"x\").to_match(\"^%d+\")"),
        ("to_be_close_to", "(0.3).to_be_close_to(0.1 + 0.2)", "(1).to_be_close_to(2, 0.5)"),
        ("to_be_greater_than", "(3).to_be_greater_than(2)", "(1).to_be_greater_than(2)"),
        ("to_be_less_than", "(2).to_be_less_than(3)", "(3).to_be_less_than(2)"),
    ]

    @Test func everyMatcherHasANegatedFormThatHoldsExactlyWhenThePositiveFails() throws {
        let documented = try ScriptAPIReference.entries().entries.map(\.name)
        let positives = documented.filter { $0.hasPrefix("expect(x).to_") }.map { String($0.dropFirst(10)) }
        #expect(Set(positives) == Set(Self.cases.map(\.matcher)), "a matcher without a case here")
        for positive in positives {
            #expect(documented.contains("expect(x).not_\(positive)"), "no not_\(positive) in the reference")
        }
        for c in Self.cases {
            let negatedHolds = "expect" + c.fails.replacingOccurrences(of: ".\(c.matcher)(", with: ".not_\(c.matcher)(")
            let negatedFails = "expect" + c.holds.replacingOccurrences(of: ".\(c.matcher)(", with: ".not_\(c.matcher)(")
            #expect(try H.one("expect" + c.holds).failure == nil, "\(c.holds)")
            #expect(try H.one("expect" + c.fails).failure != nil, "\(c.fails)")
            let holds = try H.one(negatedHolds)
            #expect(holds.failure == nil, "\(negatedHolds): \(holds.failure ?? "")")
            let fails = try H.one(negatedFails)
            #expect(fails.failure?.hasPrefix("expected ") == true, "\(negatedFails): \(fails.failure ?? "passed")")
            #expect(fails.failure?.contains(" not ") == true, "\(negatedFails): \(fails.failure ?? "passed")")
            #expect(fails.line == 3)
        }
    }

    @Test func negatedMatcherMessagesSayWhatWasNotExpected() throws {
        #expect(try H.one("expect({1}).not_to_equal({1})").failure == "expected {1} not to equal {1}")
        #expect(try H.one("expect(nil).not_to_be_nil()").failure == "expected nil not to be nil")
        #expect(try H.one("expect(\"ab\").not_to_contain(\"a\")").failure == "expected \"ab\" not to contain \"a\"")
    }

    @Test func notSceneRetriesUntilTheSceneChanges() throws {
        let r = try H.one("tap \"Continue\"\nexpect.not_scene \"login\"\nexpect.scene \"home\"")
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let stays = try H.one("expect.not_scene(\"login\", {timeout = 0.25})")
        #expect(
            stays.failure
                == "expect.not_scene(\"login\"): expected another scene than \"login\", but it is still current (waited 0.25 s)"
        )
        let misspelt = try H.one("expect.not_scene \"logn\"")
        #expect(misspelt.failure?.hasPrefix("expect.not_scene(\"logn\"): there is no scene \"logn\"") == true)
    }

    @Test func notValueAndNotStateRetryUntilTheNegationHolds() throws {
        let r = try H.one(
            "expect.not_value(\"Quantity\", 3)\nexpect.not_state(\"signins\", 1)\ntap \"Sign in\"\nexpect.not_state(\"signins\", 0)"
        )
        #expect(r.failure == nil, "\(r.failure ?? "")")
        let value = try H.one("expect.not_value(\"Quantity\", 2, {timeout = 0})")
        #expect(
            value.failure == "expect.not_value(\"Quantity\", 2): expected \"Quantity\" not to have value 2, but it has")
        let missing = try H.one("expect.not_value(\"Nope\", 2, {timeout = 0})")
        #expect(missing.failure?.hasPrefix("expect.not_value(\"Nope\", 2): no element labelled \"Nope\"") == true)
        let state = try H.one("expect.not_state(\"cart\", {items = 0}, {timeout = 0.1})")
        #expect(
            state.failure
                == "expect.not_state(\"cart\", {items = 0}): expected state.cart not to be {items = 0}, but it is (waited 0.1 s)"
        )
    }
}
