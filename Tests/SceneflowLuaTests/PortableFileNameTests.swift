import Testing

@testable import SceneflowLua

/// Baselines and captures are committed and shared, so their names must make files on Linux,
/// macOS and Windows alike, and the rule the message states is the rule applied (red-team 12
/// m6: it said "letters, digits, spaces, - and _" but took `a:b`, `con`, a trailing space and
/// U+202E RIGHT-TO-LEFT OVERRIDE, which shows `a‮b` reversed in every listing).
@Suite struct PortableFileNameTests {
    typealias H = ScriptAPIHarness

    static let refused = [
        "a:b", "a*b", "a?b", "a\\\"b", "a<b", "a>b", "a|b", "con", "NUL", "com1", "Lpt9", "aux", " lead", "trail ",
        "dot.", "a\\u{202E}b", "a\\u{200F}b", "a\\u{2066}b", "a\\u{FEFF}b",
        // Red-team 13 F6: device names Windows also keeps, and line separators.
        // Red-team 14 F3, F2: C1 control characters; a joiner with nothing to join.
        "a\\u{0085}b", "a\\u{009B}b", "\\u{200D}lead", "\\u{200C}lead",
        "COM0", "lpt0", "COM\\u{00B9}", "LPT\\u{00B3}", "CONIN$", "conout$", "con .txt", "a\\u{2028}b", "a\\u{2029}b",
    ]
    static let calls = ["capture", "expect.screenshot", "expect.tree"]

    @Test(arguments: calls, refused)
    func aNameThatIsNotPortableIsRefused(call: String, name: String) throws {
        let r = try H.one("\(call)(\"\(name)\")")
        let failure = r.failure ?? "passed"
        #expect(
            failure.contains("expected a file name that works on Linux, macOS and Windows"),
            "\(call) \(name): \(failure)")
    }

    @Test func portableNamesAreTaken() throws {
        // Only the name is checked here: a name the rule takes fails, if at all, for another reason.
        // Red-team 13 F5: a zero-width joiner makes emoji sequences, a non-joiner is everyday
        // Persian and Hindi spelling; neither hides or reorders text.
        for name in [
            "Home screen", "~x", "état-1", "a.b", "v1_2 (dark)", "console", "com10",
            "\\u{1F469}\\u{200D}\\u{1F4BB} dev screen",
            "\\u{0645}\\u{06CC}\\u{200C}\\u{062E}\\u{0648}\\u{0627}\\u{0647}\\u{0645}",
        ] {
            let r = try H.one("capture(\"\(name)\")")
            #expect(r.failure.map { !$0.contains("file name") } ?? true, "\(name): \(r.failure ?? "")")
        }
    }
}
