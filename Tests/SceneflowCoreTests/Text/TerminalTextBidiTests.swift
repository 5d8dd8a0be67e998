import Testing

@testable import SceneflowCore

/// The console escapes the bidirectional overrides and isolates a script's text may carry: one
/// in a test name reversed the rest of the console line, its times and counts included
/// (red-team finding o12), as the control characters before them did other harm.
@Suite struct TerminalTextBidiTests {
    @Test(arguments: Array(0x202A...0x202E) + Array(0x2066...0x2069))
    func aBidiControlIsEscaped(_ value: Int) throws {
        let scalar = try #require(Unicode.Scalar(UInt32(value)))
        let text = "rlo" + String(Character(scalar)) + "LIAF"
        let shown = TerminalText.escaped(text)
        #expect(!shown.unicodeScalars.contains(scalar))
        #expect(shown == "rlo\\u{" + String(value, radix: 16, uppercase: true) + "}LIAF")
    }

    @Test func rightToLeftTextItselfStays() {
        #expect(TerminalText.escaped("שלום مرحبا") == "שלום مرحبا")
    }
}
