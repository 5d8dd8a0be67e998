import Testing

@testable import SceneflowCore

/// Clicks and drags in a text field with a text measure (the window's): a press puts the caret
/// at the grapheme boundary nearest to it, measured with the line geometry the field is drawn
/// with (`TextFieldLine`), whether the field had the keyboard or not; a drag selects; such a press
/// makes no tap. Without a measure (scripts) a tap still puts the caret at the end.
@Suite struct TextFieldPointerTests {
    /// "abcdef" at 10 pt on a scale-2 device with a fixed 0.6 em advance: 12 px (6 pt) a letter;
    /// the frame starts at x 20 pt, the text box (padding 8) at x 28 pt.
    static func session(measured: Bool = true) -> Session {
        let field = Element(
            label: "Name", frame: Rect(x: 20, y: 100, width: 200, height: 40), kind: "text_field",
            control: .textField(TextField(fontSize: 10, initialText: "abcdef")))
        let s = TextFieldSessionTests.session([field])
        if measured { s.textMeasure = FixedAdvanceText() }
        return s
    }

    static func press(_ s: Session, _ x: Double, to end: Double? = nil) {
        s.handle(InputEvent(.down, Point(x: x, y: 120), at: s.now))
        if let end {
            s.handle(InputEvent(.move, Point(x: (x + end) / 2, y: 120), at: s.now + 0.05))
            s.handle(InputEvent(.move, Point(x: end, y: 125), at: s.now + 0.1))
        }
        s.handle(InputEvent(.up, Point(x: end ?? x, y: 120), at: s.now + 0.15))
        OrientationTests.run(s, for: 0.5)
    }

    @Test func aClickPutsTheCaretAtTheNearestBoundary() throws {
        let s = Self.session()
        Self.press(s, 28 + 6 * 2 + 2.9)  // just left of the middle of "c": before it
        #expect(s.focusedTextField?.label == "Name", "an unfocused field takes the keyboard")
        #expect(try s.textField("Name").editing.cursor == 2)
        s.typeText("X")
        #expect(try s.textField("Name").value == "abXcdef")
        Self.press(s, 28 + 6 * 1 + 3.1)  // focused now: just right of the middle of "b": after it
        #expect(try s.textField("Name").editing.cursor == 2)
        Self.press(s, 21)  // left of the text: the start
        #expect(try s.textField("Name").editing.cursor == 0)
        Self.press(s, 210)  // right of the text: the end
        #expect(try s.textField("Name").editing.cursor == 7)
        let taps = s.timeline.events.filter { if case .gesture = $0.kind { true } else { false } }
        #expect(taps.isEmpty, "presses in a field make no tap: \(taps)")
    }

    /// Every boundary: a click anywhere between two boundaries' midpoints gives that boundary.
    @Test(arguments: 0...6)
    func everyBoundaryIsReachedFromBothSides(_ boundary: Int) throws {
        for offset in [-2.9, 0, 2.9] {
            let s = Self.session()
            let x = 28 + 6 * Double(boundary) + offset
            guard x > 20 else { continue }
            Self.press(s, x)
            #expect(try s.textField("Name").editing.cursor == boundary, "x \(x)")
        }
    }

    @Test func aDragSelectsAndTypingReplacesTheSelection() throws {
        let s = Self.session()
        Self.press(s, 28 + 6 * 1, to: 28 + 6 * 4)  // from between a|b to between d|e
        #expect(try s.textField("Name").editing.selectedText == "bcd")
        s.typeText("Z")
        #expect(try s.textField("Name").value == "aZef")
        Self.press(s, 28 + 6 * 3, to: 28)  // backwards
        #expect(try s.textField("Name").editing.selectedText == "aZe")
    }

    @Test func withoutAMeasureATapPutsTheCaretAtTheEnd() throws {
        let s = Self.session(measured: false)
        Self.press(s, 28 + 6 * 2)
        #expect(try s.textField("Name").editing.cursor == 6)
    }

    /// The line geometry the SDL layer draws with: boundaries grow by the measured prefix, the
    /// line scrolls left just enough to keep the caret (2 pt wide) in the box while the field has
    /// the keyboard, and a click maps through that scroll.
    @Test func theLineScrollsToKeepTheCaretInView() {
        let shown = TextShown(string: String(repeating: "m", count: 40), caret: 40)
        let box = Rect(x: 10, y: 0, width: 100, height: 40)
        let line = TextFieldLine(
            shown: shown, fontSize: 10, textBox: box, scale: 2, keepsCaretInView: true, measure: FixedAdvanceText())
        #expect(line.x(1) == 12 && line.x(40) == 480)
        #expect(line.scroll == 480 + 4 - 200, "caret end at the box's right edge")
        #expect(line.boundary(nearest: line.left + line.x(40)) == 40)
        #expect(line.boundary(nearest: 20) == 40 - 200 / 12, "the box's left edge shows a later boundary")
        let still = TextFieldLine(
            shown: shown, fontSize: 10, textBox: box, scale: 2, keepsCaretInView: false, measure: FixedAdvanceText())
        #expect(still.scroll == 0 && still.boundary(nearest: 20 + 12) == 1)
    }
}
