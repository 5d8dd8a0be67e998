import Testing

@testable import SceneflowCore

/// Counts in messages agree with their nouns; command hints quote paths for the shell.
@Suite struct MessageWordingTests {
    @Test func countsAgreeWithTheirNoun() {
        #expect(counted(1, "scene") == "1 scene")
        #expect(counted(0, "scene") == "0 scenes")
        #expect(counted(2, "warning") == "2 warnings")
        #expect(counted(1, "hitch", "hitches") == "1 hitch")
        #expect(counted(3, "hitch", "hitches") == "3 hitches")
    }

    @Test func shellQuotingLeavesPlainPathsAndQuotesTheRest() {
        #expect(shellQuoted("Prototypes/Notes") == "Prototypes/Notes")
        #expect(shellQuoted("/tmp/café-1.0/x_y") == "/tmp/café-1.0/x_y")
        #expect(shellQuoted("My App") == "'My App'")
        #expect(shellQuoted("Bob's shots/Scripts") == "'Bob'\\''s shots/Scripts'")
        #expect(shellQuoted("a$b") == "'a$b'")
        #expect(shellQuoted("~/x") == "'~/x'")
        #expect(shellQuoted("") == "''")
        // Control characters are written as escapes in $'…' (red-team 26 F5).
        #expect(shellQuoted("e\u{1B}[1m\r'\\\u{7}\u{202E}") == "$'e\\E[1m\\r\\'\\\\\\x07\\u202E'")
        #expect(shellQuoted("-rf") == "./-rf")
    }
}
