import Testing

/// `to_equal`, `to_contain` and `expect.state` compare tables by their own keys and values, in
/// both directions, whatever metatables the tables carry (red-team finding M1: a table with an
/// `__index` parent or default passed `to_equal` against a table it differs from).
@Suite struct DeepEqualityTests {
    typealias H = ScriptAPIHarness

    /// Lua expressions for tables whose own contents differ from `{x = 1}` but whose metatables
    /// make them look alike to code that reads `t.x` or walks `pairs(t)`.
    static let differentFromX1 = [
        "setmetatable({}, {__index = {x = 1}})",
        "setmetatable({}, {__index = function() return 1 end})",
        "setmetatable({}, {__index = {x = 2}})",
        "setmetatable({y = 1}, {__index = {x = 1}})",
        "setmetatable({x = 2}, {__eq = function() return true end})",
        "setmetatable({}, {__pairs = function() return next, {x = 1}, nil end})",
        "setmetatable({x = 1, y = 5}, {__index = {y = 5}})",
        "{x = setmetatable({}, {__index = {1}})}",
    ]

    /// Tables whose own contents are `{x = 1}`, with metatables that must not change the verdict.
    static let sameAsX1 = [
        "{x = 1}",
        "setmetatable({x = 1}, {__index = {y = 2}})",
        "setmetatable({x = 1}, {__index = function() return 7 end})",
        "setmetatable({x = 1}, {__eq = function() return false end})",
    ]

    @Test(arguments: differentFromX1)
    func tablesWithOtherOwnContentsAreNotEqualEitherWay(_ other: String) throws {
        for (x, y) in [(other, "{x = 1}"), ("{x = 1}", other)] {
            let equal = try H.one("expect(\(x)).to_equal(\(y))")
            #expect(equal.failure?.contains("to equal") == true, "\(x) to_equal \(y) passed")
            let notEqual = try H.one("expect(\(x)).not_to_equal(\(y))")
            #expect(notEqual.failure == nil, "\(x) not_to_equal \(y): \(notEqual.failure ?? "")")
        }
        let contained = try H.one("expect({\(other)}).to_contain({x = 1})")
        #expect(contained.failure != nil, "{\(other)} to_contain {x = 1} passed")
    }

    @Test(arguments: sameAsX1)
    func tablesWithTheSameOwnContentsAreEqualEitherWay(_ same: String) throws {
        for (x, y) in [(same, "{x = 1}"), ("{x = 1}", same)] {
            let r = try H.one("expect(\(x)).to_equal(\(y))")
            #expect(r.failure == nil, "\(x) to_equal \(y): \(r.failure ?? "")")
        }
    }

    /// Tables that loop back on themselves compare as their unfolding: loops of different
    /// lengths that unfold alike are equal, and ones that differ anywhere are not, at once,
    /// never "nested deeper than 200 levels" (red-team 63 A E1: `a.x = a` against a loop of two
    /// failed both `to_equal` and, with a difference two levels down, `not_to_equal`).
    @Test(arguments: [
        ("local a = {} a.x = a local b, c = {}, {} b.x = c c.x = b", true),
        ("local a = {} a.x = a local b, c, d = {}, {}, {} b.x = c c.x = d d.x = b", true),
        ("local a, e = {}, {} a.x = e e.x = a local b, c, d = {}, {}, {} b.x = c c.x = d d.x = b", true),
        ("local a = {} a.x = a local b, c = {}, {} b.x = c c.x = b c.y = 1", false),
        ("local a = {n = 1} a.x = a local b, c = {n = 1}, {n = 2} b.x = c c.x = b", false),
        ("local a = {} a.x = a a.y = a local b, c = {}, {} b.x = c b.y = b c.x = b c.y = c", true),
    ])
    func loopsCompareAsTheirUnfolding(_ tables: String, equal: Bool) throws {
        let toEqual = try H.one("\(tables) expect(a).to_equal(b) expect(b).to_equal(a)")
        #expect((toEqual.failure == nil) == equal, "\(tables): \(toEqual.failure ?? "passed")")
        let notEqual = try H.one("\(tables) expect(a).not_to_equal(b) expect(b).not_to_equal(a)")
        #expect((notEqual.failure == nil) == !equal, "\(tables): \(notEqual.failure ?? "passed")")
        for r in [toEqual, notEqual] {
            #expect(r.failure?.contains("nested deeper") != true, "\(tables): \(r.failure ?? "")")
        }
    }

    /// `to_contain` looks at every element of a list, past its holes, and refuses a table that
    /// is no list in both forms (red-team 64 A C1: `table.pack(1, nil, 3)` did not contain 3,
    /// so `not_to_contain(3)` passed, and `not_to_contain("apple")` passed on `{apple = true}`).
    @Test(arguments: [
        ("table.pack(1, nil, 3)", "3", true), ("table.pack(1, nil, 3)", "2", false),
        ("(function() local t = {1, 2, 3} t[2] = nil return t end)()", "3", true),
        ("{[2] = 5}", "5", true), ("{[2] = 5}", "6", false), ("{}", "1", false), ("{1, {x = 1}}", "{x = 1}", true),
    ])
    func aListIsSearchedPastItsHoles(_ list: String, _ element: String, found: Bool) throws {
        let contain = try H.one("expect(\(list)).to_contain(\(element))")
        #expect((contain.failure == nil) == found, "\(list) to_contain \(element): \(contain.failure ?? "passed")")
        let notContain = try H.one("expect(\(list)).not_to_contain(\(element))")
        #expect(
            (notContain.failure == nil) == !found,
            "\(list) not_to_contain \(element): \(notContain.failure ?? "passed")")
    }

    @Test(arguments: [
        "{apple = true}", "{1, 2, x = 3}", "{[0] = 1}", "{[1.5] = 1}",
    ])
    func aTableThatIsNoListIsRefusedEitherWay(_ table: String) throws {
        for form in ["to_contain", "not_to_contain"] {
            let r = try H.one("expect(\(table)).\(form)(1)")
            #expect(
                r.failure?.contains("x must be a string or a list") == true,
                "\(table) \(form): \(r.failure ?? "passed")")
        }
    }

    @Test func theInheritedFieldExampleFailsWithBothTables() throws {
        let r = try H.one("expect(setmetatable({}, {__index = {x = 2}})).to_equal({x = 1})")
        #expect(r.failure == "expected {} to equal {x = 1}")
    }
}
