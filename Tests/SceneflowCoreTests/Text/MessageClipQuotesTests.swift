import Foundation
import Testing

@testable import SceneflowCore

/// `MessageClip.shorteningQuotes` over bytes (red-team 10 R1 and m1): one pass at any length,
/// the same result as for a short message, escapes and multi-byte characters respected.
@Suite struct MessageClipQuotesTests {
    static func shortened(_ text: String, maxBytes: Int = .max) -> (text: String, leftOut: Int) {
        var text = text
        return text.withUTF8 { MessageClip.shorteningQuotes(utf8: $0, maxBytes: maxBytes) }
    }

    @Test(arguments: [61, 1_000, 100_000, 2_000_000])
    func aQuotedStringOfAnyLengthIsShortenedTheSameWay(length: Int) {
        let line = "tap(\"" + String(repeating: "é", count: length) + "\"): no element labelled it"
        let kept = "tap(\"" + String(repeating: "é", count: MessageClip.quotedKept) + "…\" (\(length) characters)"
        #expect(Self.shortened(line).text == kept + "): no element labelled it")
        #expect(Self.shortened(line).leftOut == 0)
    }

    @Test func shortQuotesEscapesAndAnOpenQuote() {
        #expect(Self.shortened("a \"short\" b").text == "a \"short\" b")
        let escaped = "x(\"a\\\"" + String(repeating: "y", count: 100) + "\") z"
        #expect(
            Self.shortened(escaped).text == "x(\"a\\\"" + String(repeating: "y", count: 58) + "…\" (102 characters)) z")
        // A cut never leaves a backslash that would escape the closing quote.
        let slashes = "\"" + String(repeating: "k", count: 59) + "\\\\" + String(repeating: "k", count: 10) + "\""
        #expect(Self.shortened(slashes).text == "\"" + String(repeating: "k", count: 59) + "\\\\…\" (70 characters)")
        // A string of escaped backslashes keeps a visible start (it was shortened to nothing).
        let backslashes = "\"" + String(repeating: "\\\\", count: 100) + "\""
        #expect(
            Self.shortened(backslashes).text == "\"" + String(repeating: "\\\\", count: 60) + "…\" (100 characters)")
        let open = "e: \"" + String(repeating: "o", count: 500)
        #expect(Self.shortened(open).text == "e: \"" + String(repeating: "o", count: 60) + "…\" (500 characters)")
        #expect(Self.shortened("e: \"open").text == "e: \"open")
    }

    @Test func theByteLimitCountsWhatIsLeftOut() {
        let line = String(repeating: "z", count: 5_000)
        let result = Self.shortened(line, maxBytes: 1_000)
        #expect(result.text == String(repeating: "z", count: 1_000))
        #expect(result.leftOut == 4_000)
    }
}
