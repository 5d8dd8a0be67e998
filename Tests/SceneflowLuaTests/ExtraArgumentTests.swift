import Testing

@testable import SceneflowLua

/// Every function of the script API refuses more arguments than its signature takes, naming
/// the signature, instead of ignoring them: `swipe("left", nil, -1)` passed although the
/// distance belongs in the options table (red-team 12 m5). Generated from the reference: each
/// function with a parenthesised signature and no `...` is called with one argument too many.
@Suite struct ExtraArgumentTests {
    typealias H = ScriptAPIHarness

    /// How many arguments `signature` takes after `name` ("swipe(direction [, {on = …}])" → 2),
    /// or nil for a signature with `...` or without parentheses there.
    static func most(_ signature: String, after name: String) -> Int? {
        guard signature.hasPrefix(name + "(") else { return nil }
        let open = signature.index(signature.startIndex, offsetBy: name.count)
        var depth = 0
        var count = 0
        var sawText = false
        var previous: Character = " "
        var dots = 0
        for c in signature[open...] {
            switch c {
            case "(", "{": depth += 1
            case ")", "}": depth -= 1
            case "," where depth == 1: count += 1
            default: if depth == 1, c != " ", c != "[", c != "]" { sawText = true }
            }
            if c == "{", depth == 2 { sawText = true }  // an options table is an argument
            if depth == 0 { break }
            dots = (c == "." && previous == "." && depth == 1) ? dots + 1 : 0
            if dots >= 2 { return nil }
            previous = c
        }
        return sawText ? count + 1 : count
    }

    static var calls: [(name: String, most: Int)] {
        // expect(x) and expect.soft(x) take the first of several values, so that a multiple
        // return reads as in Lua: expect(label:find("Sign")).to_be_truthy().
        ((try? ScriptAPIReference.entries().entries) ?? []).compactMap { entry in
            ["expect", "expect.soft"].contains(entry.name)
                ? nil : most(entry.signature, after: entry.name).map { (entry.name, $0) }
        }
    }

    @Test func theSignaturesAreCountedAsTheyRead() {
        #expect(Self.most("swipe(direction [, {on = locator, distance = points}])", after: "swipe") == 2)
        #expect(Self.most("scene()", after: "scene") == 0)
        #expect(Self.most("log.warn(...)", after: "log.warn") == nil)
        #expect(Self.most("drag(from, to [, seconds [, {timeout = seconds}]])", after: "drag") == 4)
        #expect(Self.most("expect(x).to_be_close_to(y, tolerance)", after: "expect(x).to_be_close_to") == 2)
        #expect(Self.most("back([{timeout = seconds}])", after: "back") == 1)  // red-team 13 F2
        #expect(Self.calls.count > 60)
    }

    @Test(arguments: calls)
    func oneArgumentTooManyIsRefused(name: String, most: Int) throws {
        let args = Array(repeating: "nil", count: most) + ["1"]
        let callee = name.replacingOccurrences(of: "expect(x).", with: "expect(1).")
        let r = try H.one("\(callee)(\(args.joined(separator: ", ")))")
        let failure = r.failure ?? "passed"
        #expect(
            failure.contains("takes at most \(most) argument") && failure.contains("got \(most + 1)"),
            "\(name): \(failure)")
    }

    @Test func theFindingsCallIsRefusedAndTheRightOnesStillRun() throws {
        let r = try H.one("swipe(\"left\", nil, -1)")
        #expect(
            r.failure?.contains("swipe(\"left\", nil, -1): swipe takes at most 2 arguments") == true,
            "\(r.failure ?? "passed")")
        let fine = try H.one(
            "swipe(\"left\", {distance = 200})\nexpect.scene(\"page1\", {timeout = 1})\nwait_for(\"Page 1\", 1)")
        #expect(fine.failure == nil, "\(fine.failure ?? "")")
    }

    /// Every documented form runs: back({timeout = s}) was refused as "at most 0 arguments"
    /// (red-team 13 F2), and trailing nils, as a wrapper forwarding fixed slots passes them,
    /// are no values (F8).
    @Test func documentedOptionsAndTrailingNilsAreTaken() throws {
        let r = try H.one(
            """
            tap "Sign in"
            back({timeout = 2})
            expect.scene "login"
            local function forward(fn, a, b, c) return fn(a, b, c) end
            forward(tap, "Sign in")
            expect.scene("home", nil, nil)
            """)
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }

    @Test func expectTakesTheFirstOfAMultipleReturn() throws {
        let r = try H.one("expect(string.find(\"Sign in\", \"in\")).to_be(6)\nexpect.soft(pairs(state)).to_be_truthy()")
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }
}
