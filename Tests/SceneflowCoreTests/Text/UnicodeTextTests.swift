import SceneflowCore
import Testing

/// Names and labels as editors and file systems write them (issue 14.4): NFC comparison,
/// Playwright-style white space in locators, look-alikes and the escapes that show them.
@Suite struct UnicodeTextTests {
    @Test func nfcComposesWhatMacOSDecomposes() {
        #expect(UnicodeText.nfc("Releve\u{301}.png").unicodeScalars.elementsEqual("Relev\u{E9}.png".unicodeScalars))
        #expect(UnicodeText.nfc("Cafe\u{301}").unicodeScalars.count == 4)
    }

    @Test func locatorKeysNormaliseWhiteSpaceAsPlaywrightDoes() {
        for written in [
            "Pay 42,00\u{A0}\u{20AC}", "Pay 42,00\u{202F}\u{20AC}", "  Pay   42,00 \u{20AC} ",
            "Pay\u{2009}42,00\u{3000}\u{20AC}",
            "Pay 42,00\u{FEFF}\u{20AC}", "P\u{200B}ay 42,00 \u{20AC}",
        ] {
            #expect(UnicodeText.locatorKey(written) == "Pay 42,00 \u{20AC}", "\(UnicodeText.escaped(written))")
        }
        #expect(UnicodeText.locatorKey("Cafe\u{301}").unicodeScalars.elementsEqual("Caf\u{E9}".unicodeScalars))
        // Invisible marks other than white space and U+200B stay: they are part of the label.
        #expect(UnicodeText.locatorKey("Pay\u{200E} now") != "Pay now")
    }

    @Test func lookAlikesAreTextsThatDifferButLookTheSame() {
        #expect(UnicodeText.looksAlike("detail\u{A0}", "detail"))
        #expect(UnicodeText.looksAlike("Pay\u{200E} now", "Pay now"))
        #expect(UnicodeText.looksAlike("Cafe\u{301}", "Caf\u{E9}"))
        #expect(UnicodeText.looksAlike("\u{FB01}le", "file"))
        #expect(!UnicodeText.looksAlike("Open", "open"))
        #expect(!UnicodeText.looksAlike("Open", "Open"))
        #expect(!UnicodeText.looksAlike("Cafe", "Caf\u{E9}"))
    }

    @Test func escapesShowOnlyWhatTheEyeCannotSee() {
        #expect(UnicodeText.escaped("Pay 42,00\u{A0}\u{20AC}") == "Pay 42,00\\u{A0}\u{20AC}")
        #expect(UnicodeText.escaped("Cafe\u{301}") == "Cafe\\u{301}")
        #expect(UnicodeText.escaped("Caf\u{E9} \u{1F600}") == "Caf\u{E9} \u{1F600}")
        #expect(UnicodeText.escaped("Pay\u{200E} now\u{200B}") == "Pay\\u{200E} now\\u{200B}")
        #expect(UnicodeText.escaped("\u{FB01}le") == "\\u{FB01}le")
    }

    @Test func aDidYouMeanThatWouldLookIdenticalIsEscaped() {
        #expect(
            NearestName.hint(for: "detail", among: ["home", "detail\u{A0}"])
                == "; did you mean \"detail\\u{A0}\"? (it looks like \"detail\" but differs in invisible or look-alike characters, shown as \\u{…})"
        )
        #expect(
            NearestName.hint(for: "Caf\u{E9}", among: ["Cafe\u{301}"])
                == "; did you mean \"Cafe\\u{301}\"? (it looks like \"Caf\u{E9}\" but differs in invisible or look-alike characters, shown as \\u{…})"
        )
        #expect(NearestName.hint(for: "detial", among: ["detail"]) == "; did you mean \"detail\"?")
    }
}
