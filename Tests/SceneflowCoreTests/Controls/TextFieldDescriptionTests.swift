import Testing

@testable import SceneflowCore

/// How `inspect` and `graph` show a text field: its settings and actions, and for a secure
/// field only the length of its initial text.
@Suite struct TextFieldDescriptionTests {
    static let secure = Element(
        label: "Password", frame: Rect(x: 16, y: 160, width: 328, height: 44), kind: "text_field",
        control: .textField(
            TextField(
                placeholder: "Password", initialText: "hunter2", secure: true,
                background: OverlayColor(236, 230, 238))))
    static let search = Element(
        label: "Search", frame: Rect(x: 16, y: 96, width: 328, height: 44), kind: "text_field",
        control: .textField(
            TextField(
                fontSize: 16, color: OverlayColor(28, 27, 31, 128), placeholder: "Search apps", initialText: "cats",
                keyboard: .url, maxLength: 40, onSubmit: .go(scene: "results", transition: .cut))))

    @Test func inspectShowsTheSettingsButNeverASecureText() {
        let secure = SceneExtras.describe(Self.secure)
        #expect(
            secure == #" font 17 color #000000 background #ECE6EE placeholder "Password" secure value (7 characters)"#)
        #expect(!secure.contains("hunter"))
        let search = SceneExtras.describe(Self.search)
        #expect(
            search.hasPrefix(
                #" font 16 color #1C1B1F80 placeholder "Search apps" value "cats" keyboard url max_length 40 on_submit: "#
            ))
    }

    @Test func graphListsEachFieldWithItsPlaceholder() {
        let caption = FlowGraph.controlsCaption(
            Scene(name: "form", image: "form.png", elements: [Self.search, Self.secure]))
        #expect(caption.components(separatedBy: "<BR/>").count == 3, "one line per field: \(caption)")
        #expect(caption.contains("text_field") && caption.contains("Search apps") && caption.contains("on_submit"))
        #expect(caption.contains("secure") && !caption.contains("hunter"), "\(caption)")
    }
}
