import Testing

@testable import SceneflowLua

/// A malformed Lua pattern in a locator is named with the call and the pattern wherever the
/// error shows: also one whose bad part a label reaches only after its first characters match
/// ("G[o" against "Go"), which an empty subject never reached (red-team 12 m4: the message
/// was "[sceneflow locators]:64: malformed pattern (missing ']')", an internal chunk and line).
@Suite struct MalformedPatternTests {
    typealias H = ScriptAPIHarness

    /// Patterns Lua refuses only once matching gets to their bad part, and each call that
    /// takes a locator.
    static let cases: [(call: String, pattern: String)] = [
        ("expect.hidden", "C[o"), ("expect.visible", "Con%"), ("tap", "Sign (in"), ("expect.count", "Li%b"),
        ("element", "Con%f"), ("wait_for", "Card%1"), ("within", "Lik["),
    ]

    @Test(arguments: cases)
    func aMalformedPatternNamesTheCallAndThePattern(call: String, pattern: String) throws {
        let locator = "{pattern = \"\(pattern)\"}"
        let args = call == "expect.count" ? "(\(locator), 1)" : "(\(locator))"
        let body = call == "within" ? "within(\(locator), function() end)" : "\(call)\(args)"
        let r = try H.one(body)
        let failure = r.failure ?? "passed"
        #expect(failure.contains("bad Lua pattern \"\(pattern)\""), "\(body): \(failure)")
        #expect(!failure.contains("[sceneflow"), "\(body): \(failure)")
    }

    /// `to_match` runs the script's pattern too: its malformed part is named the same way (it
    /// read "[sceneflow expectations]:498: malformed pattern (missing ']')").
    @Test(arguments: ["G[o", "Go(", "Go%"])
    func toMatchNamesThePattern(_ pattern: String) throws {
        for call in ["to_match", "not_to_match"] {
            let body = "expect(\"Go\").\(call)(\"\(pattern)\")"
            let failure = try H.one(body).failure ?? "passed"
            #expect(failure.contains("to_match: bad Lua pattern \"\(pattern)\""), "\(body): \(failure)")
            #expect(!failure.contains("[sceneflow"), "\(body): \(failure)")
        }
    }
}
