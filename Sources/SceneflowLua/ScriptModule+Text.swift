import SceneflowCore

extension ScriptModule {
    /// `text_key(s)` → the form locators compare (`UnicodeText.locatorKey`: NFC, white space as
    /// Playwright's text locators normalise it). The Lua side keeps plain ASCII to itself and
    /// caches the rest, so an `element(label)` call stays within its few microseconds.
    static func textKey(_ stack: LuaStack) -> LuaCallbackResult {
        stack.push(UnicodeText.locatorKey(stack.string(1) ?? ""))
        return .values(1)
    }

    /// `quote_labels(wanted, label...)` → a list of the labels quoted, each written with escapes
    /// (`UnicodeText.escaped`) when it looks like `wanted` or another listed label without being
    /// the same text, so a message never shows two labels that look identical.
    static func quoteLabels(_ stack: LuaStack) -> LuaCallbackResult {
        let wanted = stack.string(1) ?? ""
        let labels = stack.top < 2 ? [] : (2...stack.top).map { stack.string($0) ?? "" }
        pushList(quoted(labels, against: wanted), stack)
        return .values(1)
    }

    /// `labels` quoted, with escapes for those that look like `wanted` or one another.
    static func quoted(_ labels: [String], against wanted: String) -> [String] {
        labels.map { label in
            let alike = ([wanted] + labels).contains { UnicodeText.looksAlike(label, $0) }
            return "\"" + (alike ? UnicodeText.escaped(label) : label) + "\""
        }
    }
}
