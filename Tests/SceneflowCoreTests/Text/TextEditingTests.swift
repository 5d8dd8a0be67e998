import SceneflowCore
import Testing

/// The text field's editing model: graphemes (accents, combining marks, emoji ZWJ sequences,
/// flags, CJK), right-to-left text kept in logical order, IME composition, selection, paste
/// and the length limit.
@Suite struct TextEditingTests {
    /// Scalars of `text`, for comparing without Swift's canonical equivalence.
    func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    @Test func typingAppendsAndTheCaretFollows() {
        var field = TextEditing()
        let changed1 = field.insert("a@b")
        #expect(changed1)
        let changed2 = field.insert(".example")
        #expect(changed2)
        #expect(field.text == "a@b.example" && field.cursor == 11 && field.anchor == 11)
        let changed3 = field.insert("")
        #expect(!changed3, "nothing typed, nothing changed")
    }

    @Test func backspaceRemovesWholeGraphemes() {
        let cases: [(String, Int)] = [
            ("Cafe\u{301}", 4),  // e + combining acute: one grapheme
            ("Caf\u{E9}", 4),  // é precomposed
            ("a\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", 2),  // family: one grapheme
            ("\u{1F1EB}\u{1F1F7}\u{1F1E9}\u{1F1EA}", 2),  // two flags
            ("\u{1F44D}\u{1F3FD}", 1),  // thumbs up + skin tone
            ("\u{6771}\u{4EAC}", 2),  // 東京
            ("\u{D55C}\u{AE00}", 2),  // 한글 (precomposed syllables)
            ("\u{1100}\u{1161}\u{11A8}", 1),  // 각 as conjoining jamo: one grapheme
            ("\u{5E9}\u{5C1}\u{5B8}\u{5DC}\u{5D5}\u{5B9}\u{5DD}", 4),  // שָׁלוֹם with points
            ("\u{0928}\u{093F}", 1),  // नि: consonant + vowel sign
        ]
        for (text, graphemes) in cases {
            var field = TextEditing(text: text)
            #expect(field.count == graphemes && field.cursor == graphemes, "\(scalars(text))")
            var steps = 0
            var before = field.text
            while field.deleteBackward() {
                steps += 1
                // Each step removes scalars from the end only: what stays is a prefix, intact.
                #expect(
                    scalars(before).starts(with: scalars(field.text)), "\(scalars(before)) → \(scalars(field.text))")
                before = field.text
            }
            #expect(steps == graphemes && field.text.isEmpty && field.cursor == 0, "\(scalars(text))")
        }
    }

    @Test func deleteForwardRemovesTheGraphemeAfterTheCaret() {
        var field = TextEditing(text: "x\u{1F469}\u{200D}\u{1F4BB}y")  // x 👩‍💻 y
        field.moveHome()
        field.moveRight()
        let changed4 = field.deleteForward()
        #expect(changed4)
        #expect(scalars(field.text) == scalars("xy") && field.cursor == 1)
        field.moveEnd()
        let changed5 = field.deleteForward()
        #expect(!changed5, "nothing after the end")
    }

    @Test func movingStepsOverGraphemesAndStopsAtTheEnds() {
        var field = TextEditing(text: "e\u{301}\u{1F1EF}\u{1F1F5}\u{65E5}")  // é 🇯🇵 日
        #expect(field.count == 3)
        field.moveLeft()
        field.moveLeft()
        #expect(field.cursor == 1)
        field.insert("-")
        #expect(scalars(field.text) == scalars("e\u{301}-\u{1F1EF}\u{1F1F5}\u{65E5}"))
        field.moveHome()
        field.moveLeft()
        #expect(field.cursor == 0)
        field.moveEnd()
        field.moveRight()
        #expect(field.cursor == 4)
        field.moveTo(99)
        #expect(field.cursor == 4)
        field.moveTo(-5)
        #expect(field.cursor == 0)
    }

    @Test func rightToLeftTextStaysInLogicalOrder() {
        var field = TextEditing()
        for letter in ["\u{5E9}", "\u{5DC}", "\u{5D5}", "\u{5DD}"] { field.insert(letter) }  // שלום typed
        field.insert(" 42 ")
        field.insert("\u{645}\u{631}\u{62D}\u{628}\u{627}")  // مرحبا
        #expect(scalars(field.text) == scalars("\u{5E9}\u{5DC}\u{5D5}\u{5DD} 42 \u{645}\u{631}\u{62D}\u{628}\u{627}"))
        field.moveHome()
        field.moveRight()
        field.insert("\u{5B8}")  // a point after the first letter joins its grapheme
        #expect(field.count == 13 && field.cursor == 1)
        #expect(scalars(field.text).prefix(3) == [0x5E9, 0x5B8, 0x5DC])
    }

    @Test func aCombiningMarkTypedAfterALetterJoinsIt() {
        var field = TextEditing(text: "Cafe")
        let changed6 = field.insert("\u{301}")
        #expect(changed6)
        #expect(field.count == 4 && field.cursor == 4)
        #expect(scalars(field.text) == scalars("Cafe\u{301}"), "kept as typed, not normalised")
        // A zero-width joiner and a second emoji typed one by one make one grapheme.
        var emoji = TextEditing(text: "\u{1F469}")
        emoji.insert("\u{200D}")
        emoji.insert("\u{1F52C}")  // 👩‍🔬
        #expect(emoji.count == 1 && emoji.cursor == 1)
    }

    @Test func selectionIsReplacedByTypingAndDeletedByBackspace() {
        var field = TextEditing(text: "hello world")
        field.selectAll()
        #expect(field.selection == 0..<11 && field.selectedText == "hello world")
        field.insert("\u{4F60}\u{597D}")  // 你好
        #expect(field.text == "\u{4F60}\u{597D}" && field.cursor == 2)
        field.moveLeft(extending: true)
        #expect(field.selectedText == "\u{597D}")
        let changed7 = field.deleteBackward()
        #expect(changed7)
        #expect(field.text == "\u{4F60}" && field.selection.isEmpty)
        field.insert("abc")
        field.moveLeft(extending: true)
        field.moveLeft(extending: true)
        field.moveLeft()
        #expect(field.cursor == 2 && field.selection.isEmpty, "left collapses a selection to its start")
        field.moveRight(extending: true)
        field.moveRight()
        #expect(field.cursor == 3 && field.selection.isEmpty, "right collapses it to its end")
        field.moveHome(extending: true)
        #expect(field.selection == 0..<3)
        field.moveEnd(extending: true)
        #expect(field.selection == 3..<4)
    }

    @Test func imeCompositionShowsAtTheCaretUntilCommitted() {
        var field = TextEditing(text: "ab")
        field.moveLeft()
        field.setMarked("\u{306B}\u{307B}", caret: 1)  // にほ, caret after に
        #expect(field.isComposing && field.text == "ab")
        let shown = field.shown()
        #expect(shown.string == "a\u{306B}\u{307B}b" && shown.caret == 2 && shown.marked == 1..<3)
        let changed8 = field.deleteBackward()
        let changed9 = field.deleteForward()
        #expect(!changed8 && !changed9, "the input method owns the keys")
        field.moveHome()
        #expect(field.cursor == 1, "moves wait for the composition")
        field.insert("\u{65E5}\u{672C}")  // 日本 committed
        #expect(!field.isComposing && field.text == "a\u{65E5}\u{672C}b" && field.cursor == 3)
        #expect(field.shown().marked == nil)
    }

    @Test func anEmptyCompositionCancelsWithoutCommitting() {
        var field = TextEditing(text: "x")
        field.setMarked("\u{B4}")  // a dead key's accent
        #expect(field.shown().string == "x\u{B4}" && field.shown().caret == 2)
        field.setMarked("")
        #expect(!field.isComposing && field.text == "x" && field.shown().string == "x")
    }

    @Test func aCompositionReplacesTheSelection() {
        var field = TextEditing(text: "delete me")
        field.selectAll()
        field.setMarked("\u{3042}")
        #expect(field.text.isEmpty && field.shown().string == "\u{3042}")
        field.setMarked("")
        #expect(field.text.isEmpty)
    }

    @Test func pastedLineBreaksBecomeSpacesAndControlsAreDropped() {
        var field = TextEditing()
        field.paste("one\r\ntwo\nthree\rfour\tfive\u{2028}six\u{0}\u{7}\u{7F}\u{9B}")
        #expect(field.text == "one two three four five six")
        #expect(TextEditing(text: "a\nb").text == "a b")
    }

    @Test func maxLengthCutsInsertionsByGraphemes() {
        var field = TextEditing(maxLength: 4)
        field.insert("\u{1F1EB}\u{1F1F7}ab")  // 🇫🇷 a b: three graphemes
        field.insert("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}xyz")  // only the family fits
        #expect(field.count == 4 && scalars(field.text).suffix(5) == [0x1F468, 0x200D, 0x1F469, 0x200D, 0x1F467])
        let changed10 = field.insert("q")
        #expect(!changed10, "full")
        field.selectAll()
        let changed11 = field.insert("12345")
        #expect(changed11)
        #expect(field.text == "1234")
        #expect(TextEditing(text: "too long", maxLength: 3).text == "too")
        #expect(TextEditing(text: "x", maxLength: -1).text.isEmpty)
    }

    @Test func secureFieldsShowOneDotPerGraphemeAndNeverTheText() {
        var field = TextEditing(text: "p\u{E4}ss\u{1F511}")  // päss🔑
        field.moveLeft()
        let shown = field.shown(secure: true)
        #expect(shown.string == String(repeating: "\u{2022}", count: 5) && shown.caret == 4)
        field.setMarked("\u{304B}")
        let composing = field.shown(secure: true)
        #expect(composing.string == String(repeating: "\u{2022}", count: 6) && composing.marked == 4..<5)
        #expect(!composing.string.contains("p"))
    }

    @Test func clearAndReplaceAllReportChanges() {
        var field = TextEditing(text: "abc", maxLength: 5)
        let changed12 = field.clear()
        #expect(changed12 && field.text.isEmpty && field.maxLength == 5)
        let changed13 = field.clear()
        #expect(!changed13)
        let changed14 = field.replaceAll(with: "Cafe\u{301} au lait")
        #expect(changed14)
        #expect(field.text == "Caf\u{E9} " && field.cursor == 5, "cut to the limit")
        let changed15 = field.replaceAll(with: "Cafe\u{301} ")
        #expect(!changed15, "same scalars")
        let changed16 = field.replaceAll(with: "Caf\u{E9} ")
        #expect(changed16, "canonically equal but written differently: changed")
    }

    @Test func generatedEditsNeverSplitAGraphemeOrLoseText() {
        let pieces = [
            "a", "\u{301}", "\u{E9}", "\u{1F469}", "\u{200D}", "\u{1F4BB}", "\u{1F1EF}", "\u{1F1F5}", "\u{65E5}",
            "\u{5D0}", "\u{627}", " ", "\u{FE0F}", "\u{1F3FD}",
        ]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        for _ in 0..<300 {
            var field = TextEditing(maxLength: next(3) == 0 ? 6 : nil)
            for _ in 0..<30 {
                let before = field
                let operation = next(9)
                switch operation {
                case 0, 1, 2: field.insert(pieces[next(pieces.count)] + pieces[next(pieces.count)])
                case 3: field.deleteBackward()
                case 4: field.deleteForward()
                case 5: field.moveLeft(extending: next(2) == 0)
                case 6: field.moveRight(extending: next(2) == 0)
                case 7: field.setMarked(next(2) == 0 ? "" : pieces[next(pieces.count)])
                default: field.moveTo(next(8))
                }
                #expect((0...field.count).contains(field.cursor) && (0...field.count).contains(field.anchor))
                if let limit = field.maxLength { #expect(field.count <= limit) }
                let shown = field.shown()
                #expect((0...shown.string.count).contains(shown.caret))
                if operation == 3 || operation == 4 {
                    // A deletion removes one run of whole graphemes: what is left is the old
                    // text's head and tail, scalars intact.
                    let old = scalars(before.text)
                    let new = scalars(field.text)
                    let head = zip(old, new).prefix { $0 == $1 }.count
                    #expect(old.suffix(new.count - head) == new.suffix(new.count - head))
                }
            }
        }
    }
}
