/// Text typed in the window, written as `type_text` / `clear_text` (Session+TextFields.swift).
///
/// Edits to a field are gathered until the next line is written (or the window closes), then
/// written from the difference between the text the script leaves the field at and the text
/// the field holds: text added at the end becomes `type_text("Email", "added")`; any other
/// change `clear_text("Email")` and `type_text("Email", "whole text")`. Return adds `"\n"`
/// (`type_text` presses Return for it). The text written is the real text, for a secure field
/// too: the script must type the password to replay (reports and `inspect` only show dots).
extension ScriptRecorder {
    /// The `controlState` kinds a text field records for its edits and Return.
    static let textEdits: Set<String> = ["typed", "pasted", "edited", "cut", "cleared", "submitted"]

    /// Notes an edit of field `key`; Return writes the field's lines at once.
    func noteText(_ key: RatingKey, submitted: Bool, _ session: Session) {
        if !pendingTexts.contains(key) { pendingTexts.append(key) }
        if submitted { flushTexts(session, submitted: key) }
    }

    /// Writes the lines of every field edited since its text was last written.
    func flushTexts(_ session: Session, submitted: RatingKey? = nil) {
        let keys = pendingTexts
        pendingTexts = []
        for key in keys { lines += textLines(key, submitted: key == submitted, session) }
    }

    private func textLines(_ key: RatingKey, submitted: Bool, _ session: Session) -> [String] {
        guard let text = session.storedText(scene: key.scene, label: key.label) else { return [] }
        let initial =
            Self.shownElements(key.scene, session).first { $0.label == key.label }?.control?.textField?.initialText
            ?? ""
        let old = scriptTexts[key] ?? initial
        scriptTexts[key] = text
        let locator = locators[key.label] ?? Self.quote(key.label)
        let enter = submitted ? "\n" : ""
        let oldScalars = Array(old.unicodeScalars)
        let newScalars = Array(text.unicodeScalars)
        if newScalars.starts(with: oldScalars) {
            let added = String(String.UnicodeScalarView(newScalars.dropFirst(oldScalars.count))) + enter
            return added.isEmpty ? [] : ["type_text(\(locator), \(Self.quote(added)))"]
        }
        var out = ["clear_text(\(locator))"]
        if !text.isEmpty || submitted { out.append("type_text(\(locator), \(Self.quote(text + enter)))") }
        return out
    }
}
