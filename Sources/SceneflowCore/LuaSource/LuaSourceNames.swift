/// The state keys a prototype's Lua source names: what its actions may set later
/// (`app.state.signed_in = true`, `app.state["signed in"]`, `app.state = { fresh = true }`). A
/// script reading a state key that the source never names, and that the state never had,
/// misspelt it.
public enum LuaSourceNames {
    /// The longest string literal kept, in characters (a key is short; a long text is not one).
    public static let longestLiteral = 200

    /// Lua's reserved words: never a key the source names, whatever it does with its state.
    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in", "local",
        "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// The keys `source` names on its state, comments skipped: the name after `state.`, the
    /// string in `state["…"]`, and the keys of a table constructor written right after
    /// `state =`. When the source uses its state any other way (`local s = app.state`,
    /// `state[key]` with a computed key), its keys cannot be followed: then every name and
    /// short string literal of the source counts, Lua's reserved words aside.
    public static func stateKeys(in source: String) -> Set<String> {
        let tokens = LuaToken.tokens(of: Array(source.unicodeScalars))
        var keys: Set<String> = []
        var followed = true
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            guard tokens[index].kind == .name("state") else { continue }
            let next = tokens.indices.contains(index + 1) ? tokens[index + 1] : nil
            if next?.isSymbol(".") == true, case .name(let key)? = tokens.dropFirst(index + 2).first?.kind {
                keys.insert(key)
            } else if next?.isSymbol("[") == true, case .string(let key)? = tokens.dropFirst(index + 2).first?.kind,
                tokens.dropFirst(index + 3).first?.isSymbol("]") == true
            {
                keys.insert(key)
            } else if next?.isSymbol("=") == true, tokens.dropFirst(index + 2).first?.isSymbol("{") == true {
                keys.formUnion(constructorKeys(tokens, from: index + 3))
            } else {
                followed = false
            }
        }
        if followed { return keys }
        var all: Set<String> = []
        for token in tokens {
            switch token.kind {
            case .name(let name) where !keywords.contains(name): all.insert(name)
            case .string(let text) where text.count <= longestLiteral: all.insert(text)
            default: break
            }
        }
        return all
    }

    /// The keys (`name =`, `["text"] =`) at the top level of the table constructor whose
    /// contents start at `start` (just after its `{`).
    static func constructorKeys(_ tokens: [LuaToken], from start: Int) -> Set<String> {
        var keys: Set<String> = []
        var depth = 1
        var index = start
        while index < tokens.count, depth > 0 {
            let token = tokens[index]
            if token.isSymbol("{") || token.isSymbol("(") || token.isSymbol("[") {
                if depth == 1, token.isSymbol("["), case .string(let key)? = tokens.dropFirst(index + 1).first?.kind,
                    tokens.dropFirst(index + 2).first?.isSymbol("]") == true,
                    tokens.dropFirst(index + 3).first?.isSymbol("=") == true
                {
                    keys.insert(key)
                }
                depth += 1
            } else if token.isSymbol("}") || token.isSymbol(")") || token.isSymbol("]") {
                depth -= 1
            } else if depth == 1, case .name(let key) = token.kind,
                tokens.dropFirst(index + 1).first?.isSymbol("=") == true
            {
                keys.insert(key)
            }
            index += 1
        }
        return keys
    }
}
