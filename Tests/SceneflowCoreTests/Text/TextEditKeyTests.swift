import SceneflowCore
import Testing

/// Editing keys applied to the editing model as the window delivers them, with what each did
/// (an edit fires `on_change`, a move only redraws, Return submits, Escape leaves).
@Suite struct TextEditKeyTests {
    @Test func keysEditMoveSubmitAndCancel() {
        var field = TextEditing(text: "na\u{EF}ve \u{1F600}")  // naïve 😀
        let outcome1 = field.apply(.backspace)
        #expect(outcome1 == .edited && field.text == "na\u{EF}ve ")
        let outcome2 = field.apply(.home(extending: false))
        #expect(outcome2 == .moved && field.cursor == 0)
        let outcome3 = field.apply(.left(extending: false))
        #expect(outcome3 == .unchanged, "already at the start")
        let outcome4 = field.apply(.delete)
        #expect(outcome4 == .edited && field.text == "a\u{EF}ve ")
        let outcome5 = field.apply(.end(extending: true))
        #expect(outcome5 == .moved && field.selectedText == "a\u{EF}ve ")
        let outcome6 = field.apply(.right(extending: false))
        #expect(outcome6 == .moved && field.selection.isEmpty && field.cursor == 5)
        let outcome7 = field.apply(.submit)
        let outcome8 = field.apply(.cancel)
        #expect(outcome7 == .submit && outcome8 == .cancel)
        #expect(field.text == "a\u{EF}ve ", "Return and Escape change nothing themselves")
    }

    @Test func copyAndCutTakeTheSelection() {
        var field = TextEditing(text: "\u{4E1C}\u{4EAC} Tokyo")  // 东京 Tokyo
        let outcome9 = field.apply(.copy)
        #expect(outcome9 == .unchanged, "nothing selected, nothing copied")
        let outcome10 = field.apply(.left(extending: true))
        #expect(outcome10 == .moved)
        let outcome11 = field.apply(.left(extending: true))
        #expect(outcome11 == .moved)
        let outcome12 = field.apply(.copy)
        #expect(outcome12 == .copy("yo") && field.text == "\u{4E1C}\u{4EAC} Tokyo")
        let outcome13 = field.apply(.cut)
        #expect(outcome13 == .cut("yo") && field.text == "\u{4E1C}\u{4EAC} Tok" && field.cursor == 6)
        let outcome14 = field.apply(.cut)
        #expect(outcome14 == .unchanged)
        let outcome15 = field.apply(.selectAll)
        #expect(outcome15 == .moved && field.selection == 0..<6)
        let outcome16 = field.apply(.selectAll)
        #expect(outcome16 == .unchanged)
    }

    @Test func keysWaitWhileAnInputMethodComposes() {
        var field = TextEditing(text: "ab")
        field.setMarked("\u{304B}")
        for key: TextEditKey in [
            .backspace, .delete, .left(extending: false), .home(extending: true), .selectAll, .cut,
        ] {
            let outcome17 = field.apply(key)
            #expect(outcome17 == .unchanged, "\(key)")
        }
        #expect(field.text == "ab" && field.marked == "\u{304B}")
    }
}
