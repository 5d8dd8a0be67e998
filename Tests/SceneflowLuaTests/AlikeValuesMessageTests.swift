import Foundation
import Testing

@testable import SceneflowLua

/// A failure whose two values print alike says why they differ, in every expectation that
/// compares values: NaN equals no value, itself included; `to_be` compares tables by identity
/// (red-team 58 A W1: `expect.state("m", 0/0)` read "expected state.m to be NaN, got NaN").
@Suite struct AlikeValuesMessageTests {
    typealias H = ScriptAPIHarness

    /// The fixture prototype with a state key `m` that holds NaN.
    static let nanState = H.prototype.replacingOccurrences(
        of: "state = { signins = 0,", with: "state = { m = 0/0, signins = 0,")

    @Test(arguments: [
        ("expect(0/0).to_be(0/0)", "NaN equals no value, itself included"),
        ("expect(0/0).to_equal(0/0)", "NaN equals no value, itself included"),
        ("expect({0/0}).to_equal({0/0})", "NaN equals no value, itself included"),
        ("expect({}).to_be({})", "to_be compares tables by identity; use to_equal"),
        ("expect.state(\"m\", 0/0, {timeout = 0})", "NaN equals no value, itself included"),
    ])
    func aFailureBetweenValuesThatPrintAlikeSaysWhy(_ body: String, _ reason: String) throws {
        #expect(Self.nanState != H.prototype, "the fixture's state changed")
        let results = try H.run("test(\"t\", function()\n\(body)\nend)\n", prototype: Self.nanState)
        let failure = try #require(results["t"]?.failure, "\(body) passed")
        #expect(failure.contains("(they print alike: \(reason)"), "\(body): \(failure)")
    }

    /// A list whose element prints as the value wanted says why that element is not it.
    @Test(arguments: [
        ("expect({0/0}).to_contain(0/0)", "NaN equals no value, itself included"),
        ("expect({1, 0.1 + 0.2}).to_contain(0.3)", "the values differ where their text does not show it"),
    ])
    func aListWithAnElementThatPrintsAlikeSaysWhy(_ body: String, _ reason: String) throws {
        let failure = try #require(try H.one(body).failure, "\(body) passed")
        #expect(failure.contains("(an element prints alike: \(reason))"), "\(body): \(failure)")
    }

    /// Values that print differently get no note.
    @Test func valuesThatPrintDifferentlyGetNoNote() throws {
        let failure = try #require(try H.one("expect(1).to_be(2)").failure)
        #expect(!failure.contains("print alike"), "\(failure)")
    }
}
