/// The names and short string literals a Lua source writes: what a prototype's Lua can name as
/// a key (`app.state.signed_in = true`, `app.state["signed in"]`). A script reading a state
/// key that its prototype's Lua never names, and that the state never had, misspelt it.
public enum LuaSourceNames {
    /// The longest string literal kept, in characters (a key is short; a long text is not one).
    public static let longestLiteral = 200

    /// Every name (identifier or keyword) and every string literal of at most `longestLiteral`
    /// characters in `source`, comments skipped; text Lua would not accept ends the reading.
    public static func names(in source: String) -> Set<String> {
        var found: Set<String> = []
        for token in LuaToken.tokens(of: Array(source.unicodeScalars)) {
            switch token.kind {
            case .name(let name): found.insert(name)
            case .string(let text) where text.count <= longestLiteral: found.insert(text)
            default: break
            }
        }
        return found
    }
}
