import SceneflowCore
import Testing

@testable import SceneflowLua

/// Every did-you-mean the script API can give, checked against the API tables (issue 20): a
/// hint must never send a script to a function of different or opposite effect (`step` was
/// told "did you mean skip?", which would silently skip a test; `not_to_equal` was told
/// `to_equal`, the opposite check).
@Suite struct HintSafetyTests {
    /// The names a hint chooses among, per namespace: globals (a misspelt global's hint), the
    /// fields of `expect` and the matchers of `expect(x)`.
    static func namespaces() throws -> [String: [String]] {
        let names = try ScriptAPIReference.entries().entries.map(\.name)
        let path = ScriptAPIHarness.write("test(\"t\", function() end)\n")
        let globals = try ScriptRuntime(scriptPath: path).globalNames
        let fields = names.filter { $0.hasPrefix("expect.") }.map { String($0.dropFirst(7)) }
        let matchers = names.filter { $0.hasPrefix("expect(x).") }.map { String($0.dropFirst(10)) }
        return ["global": globals, "expect field": fields, "matcher": matchers]
    }

    /// Every string one edit (delete, insert, substitute, swap) away from `name`.
    static func oneEditAway(_ name: String) -> Set<String> {
        let chars = Array(name)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz_")
        var out = Set<String>()
        for i in chars.indices {
            var deleted = chars
            deleted.remove(at: i)
            out.insert(String(deleted))
            for c in alphabet where c != chars[i] {
                var changed = chars
                changed[i] = c
                out.insert(String(changed))
            }
            if i + 1 < chars.count {
                var swapped = chars
                swapped.swapAt(i, i + 1)
                out.insert(String(swapped))
            }
        }
        for i in 0...chars.count {
            for c in alphabet {
                var inserted = chars
                inserted.insert(c, at: i)
                out.insert(String(inserted))
            }
        }
        out.remove(name)
        return out
    }

    /// The pairs of API names one or two edits apart, and every typo of one of them: the hint
    /// for a typo of `a` must name `a` whenever it names a name no nearer than `a`.
    @Test func aTypoBetweenTwoNamesNamesBoth() throws {
        var pairs = 0
        for (space, names) in try Self.namespaces() {
            let known = Set(names)
            for a in names {
                let near = names.filter { $0 != a && NearestName.editDistance(a, $0) <= 2 }
                guard !near.isEmpty else { continue }
                pairs += near.count
                for typo in Self.oneEditAway(a) where !known.contains(typo) {
                    let hint = NearestName.hint(for: typo, among: names)
                    let toA = NearestName.editDistance(typo, a)
                    for other in near where hint.contains("\"\(other)\"") {
                        if NearestName.editDistance(typo, other) >= toA {
                            #expect(
                                hint.contains("\"\(a)\""),
                                "\(space) \(typo) (a typo of \(a)) is told\(hint), never \(a)")
                        }
                    }
                }
            }
        }
        #expect(pairs > 0, "the API has names one or two edits apart (skip and step, to_be and not_to_be…)")
    }

    /// A name with a negation word (`not_`, `no_`) never gets a hint without one, nor the
    /// reverse, in any namespace.
    @Test func noHintCrossesANegation() throws {
        for (space, names) in try Self.namespaces() {
            let known = Set(names)
            for a in names {
                let probes = a.hasPrefix("not_") ? [String(a.dropFirst(4))] : ["not_" + a, "no_" + a, a + "_not"]
                for probe in probes where !known.contains(probe) {
                    let hint = NearestName.hint(for: probe, among: names)
                    let negated = probe.hasPrefix("not_") || probe.hasPrefix("no_") || probe.hasSuffix("_not")
                    for name in names where hint.contains("\"\(name)\"") {
                        #expect(name.hasPrefix("not_") == negated, "\(space) \(probe) is told\(hint)")
                    }
                }
            }
        }
    }

    /// Names a Playwright Test user reaches for, in Lua's style, and the only hints allowed for
    /// each (nil: no hint; a list: hints naming only those).
    static let reachedFor: [(typed: String, space: String, allowed: [String])] = [
        ("step", "global", ["step"]),
        ("describe", "global", []),
        ("fixme", "global", []),
        ("slow", "global", []),
        ("fail", "global", []),
        ("use", "global", []),
        ("info", "global", []),
        ("expect_soft", "global", []),
        ("to_have_text", "matcher", []),
        ("to_be_enabled", "matcher", []),
        ("to_be_disabled", "matcher", []),
        ("to_be_truthy", "expect field", []),
        ("enabled", "expect field", []),
        ("disabled", "expect field", []),
        ("before_al", "global", ["before_all"]),
        ("beforeAll", "global", ["before_all"]),
        ("not_visible", "expect field", ["hidden"]),
        ("not_hidden", "expect field", ["visible"]),
        ("to_be_visible", "expect field", ["visible"]),
        ("to_be_hidden", "expect field", ["hidden"]),
        ("not_to_equal", "matcher", ["not_to_equal"]),
        ("to_not_equal", "matcher", ["not_to_equal"]),
        ("to_be_null", "matcher", ["to_be_nil"]),
        ("to_not_be_nil", "matcher", ["not_to_be_nil"]),
        ("to_have_value", "expect field", ["value"]),
        ("not_to_be_null", "matcher", ["not_to_be_nil"]),
        ("to_be_defined", "matcher", ["not_to_be_nil"]),
        ("to_be_undefined", "matcher", ["to_be_nil"]),
        ("to_have_length", "matcher", []),
    ]

    @Test func namesFromPlaywrightGetOnlyHintsOfTheSameEffect() throws {
        let spaces = try Self.namespaces()
        for c in Self.reachedFor {
            let names = try #require(spaces[c.space])
            if names.contains(c.typed) {
                #expect(c.allowed == [c.typed], "\(c.typed) exists")
                continue
            }
            let script: String
            switch c.space {
            case "global": script = "\(c.typed)()"
            case "expect field": script = "expect.\(c.typed)(\"Continue\")"
            default: script = "expect(1).\(c.typed)()"
            }
            let failure = try #require(try ScriptAPIHarness.one(script).failure, "\(script) passed")
            let hint = failure.range(of: "; did you mean").map { String(failure[$0.lowerBound...]) } ?? ""
            // A hint names a function as itself or as its call (`"to_be_nil()"`).
            func named(_ name: String) -> Bool { hint.contains("\"\(name)\"") || hint.contains("\"\(name)()\"") }
            for name in names where named(name) {
                #expect(c.allowed.contains(name), "\(c.space) \(c.typed) is told\(hint)")
            }
            if !c.allowed.isEmpty {
                #expect(c.allowed.contains { named($0) }, "\(c.space) \(c.typed) is told\(hint)")
            }
        }
    }
}
