import Testing

@testable import SceneflowCore

/// Red-team 51 B L1: a did-you-mean offered `"Next"` and `"Nеxt"` (a Cyrillic е), which read
/// the same; a user who copied the second got another button. A name that mixes Latin,
/// Greek, Cyrillic or Armenian letters is shown with the odd letters escaped, wherever a
/// message offers or lists it.
@Suite struct MixedScriptTests {
    @Test(arguments: [
        ("N\u{435}xt", true), ("Next", false), ("Привет", false), ("Ελλάδα", false), ("Café 42", false),
        ("\u{410}pple", true), ("Ok\u{3BF}", true), ("Pay 42 €", false), ("Սn", true), ("", false),
    ])
    func mixedScriptsAreFound(text: String, mixed: Bool) {
        #expect(UnicodeText.mixesScripts(text) == mixed, "\(text)")
    }

    @Test func theOddLettersAreEscapedAndTheRestKept() {
        #expect(UnicodeText.shownExactly("N\u{435}xt") == "N\\u{435}xt")
        #expect(
            UnicodeText.shownExactly("\u{41F}p\u{438}\u{432}e\u{442}") == "\u{41F}\\u{70}\u{438}\u{432}\\u{65}\u{442}")
        #expect(UnicodeText.shownExactly("Café") == "Café")
        // Invisible characters stay escaped as before.
        #expect(UnicodeText.shownExactly("Pay\u{200E} now") == "Pay\\u{200E} now")
    }

    @Test func aHintNeverOffersTwoSuggestionsThatReadTheSame() {
        let hint = NearestName.hint(for: "Nxt", among: ["Next", "N\u{435}xt", "Back"])
        #expect(hint.contains("\"Next\""), "\(hint)")
        #expect(hint.contains("\"N\\u{435}xt\""), "\(hint)")
        #expect(hint.contains("a letter of another script"), "\(hint)")
        // Without a mixed name, no note.
        #expect(NearestName.hint(for: "Nxt", among: ["Next", "Back"]) == "; did you mean \"Next\"?")
    }
}
