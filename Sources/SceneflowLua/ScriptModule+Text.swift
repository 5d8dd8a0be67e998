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
    /// the same text, or when it mixes scripts (`UnicodeText.shownExactly`: a Cyrillic е among
    /// Latin letters), so a message never shows two labels that look identical.
    static func quoteLabels(_ stack: LuaStack) -> LuaCallbackResult {
        let wanted = stack.string(1) ?? ""
        let labels = stack.top < 2 ? [] : (2...stack.top).map { stack.string($0) ?? "" }
        pushList(quoted(labels, against: wanted), stack)
        return .values(1)
    }

    /// `labels` quoted, with escapes for those that look like `wanted` or one another. Each text's
    /// visible form is computed once (`UnicodeText.lookAlikeKey`); texts too long to compare get
    /// no escapes, so a failing locator costs little however long it or the labels are.
    static func quoted(_ labels: [String], against wanted: String) -> [String] {
        let keys = ([wanted] + labels).map { text in UnicodeText.lookAlikeKey(text).map { (text, $0) } }
        var spellings: [String: Set<[Unicode.Scalar]>] = [:]  // visible form → the texts that show it
        for case (let text, let key)? in keys { spellings[key, default: []].insert(Array(text.unicodeScalars)) }
        return labels.indices.map { i in
            let label = labels[i]
            let alike = keys[i + 1].map { spellings[$0.1, default: []].count > 1 } ?? false
            if UnicodeText.mixesScripts(label) { return "\"" + UnicodeText.shownExactly(label) + "\"" }
            return "\"" + (alike ? UnicodeText.escaped(label) : label) + "\""
        }
    }
}
