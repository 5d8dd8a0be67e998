import Testing

@testable import SceneflowCore

/// Keyboard focus between text fields (Tab, Shift+Tab in the window): reading order (rows top to
/// bottom, each left to right, as a screen reader walks the screen), whatever order the scene
/// declares its elements in; a field reached with Tab takes the keyboard with its text selected;
/// Return still submits.
@Suite struct TextFieldFocusOrderTests {
    static func field(_ label: String, _ x: Double, _ y: Double, text: String = "") -> Element {
        Element(
            label: label, frame: Rect(x: x, y: y, width: 150, height: 40), kind: "text_field",
            control: .textField(TextField(initialText: text, onSubmit: .go(scene: "sent", transition: .cut))))
    }

    /// Declared out of reading order: Email (second row) first, then City / Postcode (third row,
    /// right before left), then Name (first row); a toggle between the rows.
    static func session() -> Session {
        let elements = [
            field("Email", 10, 100), field("Postcode", 190, 160), field("City", 10, 165, text: "Bern"),
            field("Name", 10, 40), StateControlSessionTests.wifi,
        ]
        return TextFieldSessionTests.session(elements)
    }

    @Test func readingOrderIsRowsTopToBottomEachLeftToRight() {
        let frames = [
            Rect(x: 10, y: 100, width: 150, height: 40), Rect(x: 190, y: 160, width: 150, height: 40),
            Rect(x: 10, y: 165, width: 150, height: 40), Rect(x: 10, y: 40, width: 150, height: 40),
        ]
        #expect(ReadingOrder.indices(frames) == [3, 0, 2, 1])
        #expect(ReadingOrder.indices([]) == [])
        let same = Rect(x: 1, y: 1, width: 5, height: 5)
        #expect(ReadingOrder.indices([same, same, same]) == [0, 1, 2], "ties keep declaration order")
    }

    /// Any frames of one height (rows of fields): the order is a permutation, and a frame wholly
    /// below another's bottom edge never comes before it.
    @Test(arguments: 0..<40)
    func readingOrderIsAPermutationThatNeverReadsUpwards(_ seed: Int) {
        var random = SplitMix(seed: UInt64(seed))
        let frames = (0..<Int(random.next() % 12)).map { _ in
            Rect(
                x: Double(random.next() % 300), y: Double(random.next() % 700), width: Double(1 + random.next() % 100),
                height: 40)
        }
        let order = ReadingOrder.indices(frames)
        #expect(order.sorted() == Array(frames.indices))
        for (i, a) in order.enumerated() {
            for b in order[(i + 1)...] {
                #expect(
                    !(frames[a].y >= frames[b].y + frames[b].height), "\(frames[a]) read before \(frames[b]) above it")
            }
        }
    }

    @Test func tabAndShiftTabWalkTheFieldsInReadingOrder() throws {
        let s = Self.session()
        var walked: [String?] = []
        for _ in 0..<6 { walked.append(s.handleKey(.focusNext)) }
        #expect(walked == ["Name", "Email", "Wi-Fi", "City", "Postcode", nil])
        #expect(s.focusedTextField == nil, "past the last: nothing has the keyboard")
        var back: [String?] = []
        for _ in 0..<3 { back.append(s.handleKey(.focusPrevious)) }
        #expect(back == ["Postcode", "City", "Wi-Fi"])
        #expect(s.focusedTextField == nil, "a toggle has focus, not the keyboard")
        #expect(s.handleKey(.focusPrevious) == "Email")
        #expect(s.focusedTextField?.label == "Email")
    }

    @Test func aFieldReachedWithTabSelectsItsTextAndTypingReplacesIt() throws {
        let s = Self.session()
        Self.tap(s, Point(x: 50, y: 60))  // Name
        s.typeText("Ada")
        #expect(s.handleKey(.focusNext) == "Email")
        #expect(s.handleKey(.focusNext) == "Wi-Fi")
        #expect(s.handleKey(.focusNext) == "City")
        #expect(try s.textField("City").editing.selectedText == "Bern", "Tab selects the whole text")
        s.typeText("Basel")
        #expect(try s.textField("City").value == "Basel")
        #expect(try s.textField("Name").value == "Ada", "leaving with Tab keeps the text")
        #expect(s.handleKey(.focusPrevious) == "Wi-Fi")
        #expect(s.handleKey(.focusPrevious) == "Email")
        s.typeText("a@b.example\n")  // Return submits as before
        OrientationTests.run(s, for: 0.2)
        #expect(s.currentScene == "sent")
    }

    static func tap(_ s: Session, _ p: Point) { LandscapeSceneTests.tap(s, p.x, p.y) }
}

/// A small deterministic generator for generated inputs.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state = state &+ 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
