import Testing

/// The matchers that only mean something for one kind of x refuse any other x in both their
/// positive and `not_` forms (red-team finding M10: `expect(state.typo).not_to_be_greater_than(5)`
/// passed for a misspelt state key, as did `not_to_match` and `not_to_contain` on nil, numbers
/// and booleans). Follows Jest, whose `toBeGreaterThan` and `toMatch` throw for a received
/// value of the wrong type, negated or not.
@Suite struct MatcherSubjectTypeTests {
    typealias H = ScriptAPIHarness

    /// `(matcher call, what x must be, wrong subjects)`.
    static let cases: [(call: String, kind: String, wrong: [String])] = [
        ("to_be_greater_than(5)", "a finite number", ["nil", "0/0", "\"10\"", "{}", "true", "1/0"]),
        ("to_be_less_than(5)", "a finite number", ["nil", "0/0", "\"1\"", "{}", "false", "-1/0"]),
        ("to_be_close_to(0, 0.1)", "a finite number", ["nil", "0/0", "\"0\"", "{}", "print"]),
        ("to_match(\"error\")", "a string", ["nil", "123", "{\"error\"}", "true", "print"]),
        ("to_contain(\"2\")", "a string or a list", ["nil", "123", "true", "print"]),
    ]

    static var calls: [String] {
        cases.flatMap { c in c.wrong.flatMap { x in ["expect(\(x)).\(c.call)", "expect(\(x)).not_\(c.call)"] } }
    }

    @Test(arguments: calls)
    func aSubjectOfTheWrongKindFailsBothForms(_ call: String) throws {
        let c = try #require(Self.cases.first { call.hasSuffix(".\($0.call)") || call.hasSuffix(".not_\($0.call)") })
        for form in [call, call.replacingOccurrences(of: "expect(", with: "expect.soft(")] {
            let r = try H.one(form)
            #expect(r.failure?.contains("x must be \(c.kind), got") == true, "\(form): \(r.failure ?? "passed")")
        }
    }

    @Test func subjectsOfTheRightKindStillWork() throws {
        let r = try H.one(
            """
            expect(6).to_be_greater_than(5)
            expect(4).not_to_be_greater_than(5)
            expect(4).to_be_less_than(5)
            expect(0.05).to_be_close_to(0, 0.1)
            expect(1).not_to_be_close_to(0, 0.1)
            expect("an error").to_match("error")
            expect("fine").not_to_match("error")
            expect("123").to_contain("2")
            expect({"1"}).not_to_contain("2")
            """)
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }
}
