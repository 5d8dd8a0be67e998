import SceneflowCore
import Testing

@testable import SceneflowLua

/// A did-you-mean for a matcher never proposes a check of another meaning: `to_be_true` is
/// not a typo of `to_be_truthy` (which `"no"` and `0` pass), nor `to_be_false` of
/// `to_be_falsy` (which `nil` passes); when a check of the exact meaning exists
/// (`to_be(true)`), the hint names it.
@Suite struct MatcherHintMeaningTests {
    typealias H = ScriptAPIHarness

    /// Every matcher of `expect(x)`, negations included.
    static let matchers: [String] = {
        let plain = [
            "to_be", "to_equal", "to_be_truthy", "to_be_falsy", "to_be_nil", "to_contain", "to_match",
            "to_be_close_to", "to_be_greater_than", "to_be_less_than",
        ]
        return plain + plain.map { "not_" + $0 }
    }()

    /// Names other tools use for a check Sceneflow spells otherwise, and the exact check.
    static let exact: [(typed: String, hint: String)] = [
        ("to_be_true", "to_be(true)"), ("to_be_false", "to_be(false)"),
        ("not_to_be_true", "not_to_be(true)"), ("not_to_be_false", "not_to_be(false)"),
        ("to_not_be_true", "not_to_be(true)"), ("to_not_be_false", "not_to_be(false)"),
        ("to_be_null", "to_be_nil()"), ("to_be_undefined", "to_be_nil()"), ("to_be_defined", "not_to_be_nil()"),
    ]

    @Test(arguments: exact.map(\.typed))
    func theHintNamesTheCheckOfTheSameMeaning(_ typed: String) throws {
        let hint = try #require(Self.exact.first { $0.typed == typed }).hint
        let failure = try H.one("expect(true).\(typed)()").failure ?? ""
        #expect(failure == "expect(x).\(typed) is not a matcher; did you mean \"\(hint)\"?", "\(failure)")
    }

    /// No matcher is offered as a typo of another (each pair differs in meaning), and the
    /// words that only look alike (`true` and `truthy`) are not typos of each other in any
    /// matcher name.
    @Test func noMatcherIsAHintForAnother() {
        for a in Self.matchers {
            for b in Self.matchers where a != b {
                #expect(NearestName.suggestion(for: a, among: [b]) == nil, "\(a) -> \(b)")
            }
        }
        for (word, looser) in [("true", "truthy"), ("false", "falsy"), ("null", "nil")] {
            for name in Self.matchers where name.contains(looser) && looser != "nil" {
                let typed = name.replacingOccurrences(of: looser, with: word)
                #expect(NearestName.suggestion(for: typed, among: Self.matchers) == nil, "\(typed) -> \(name)")
            }
        }
    }

    /// A real typo still gets its hint.
    @Test func typosKeepTheirHint() throws {
        for (typed, meant) in [
            ("to_be_truthyy", "to_be_truthy"), ("to_be_flasy", "to_be_falsy"), ("to_eqaul", "to_equal"),
        ] {
            let failure = try H.one("expect(true).\(typed)()").failure ?? ""
            #expect(failure == "expect(x).\(typed) is not a matcher; did you mean \"\(meant)\"?", "\(failure)")
        }
    }
}
