/// One token of Lua source text, with where it is written (Unicode scalar offsets into the
/// text): the small lexer `LuaTableOutline` reads table constructors with. Comments are not
/// tokens; string literals carry their decoded text.
struct LuaToken: Equatable {
    /// What the token is.
    enum Kind: Equatable {
        /// A name or keyword (`scenes`, `function`, `end`).
        case name(String)
        /// A quoted or long string literal, with its text decoded (escapes applied).
        case string(String)
        /// A numeral, as written.
        case number
        /// Punctuation: `{`, `}`, `(`, `)`, `[`, `]`, `,`, `;`, `=`, `==`, `..` and the rest.
        case symbol(String)
    }

    /// What the token is.
    let kind: Kind
    /// The offset of its first scalar.
    let start: Int
    /// The offset just past its last scalar.
    let end: Int

    /// True for the punctuation `text`.
    func isSymbol(_ text: String) -> Bool { kind == .symbol(text) }

    /// Every token of `source` (`text` is its scalars), comments skipped. Reading stops
    /// quietly at text Lua would not accept (an unclosed string ends at its line's end).
    static func tokens(of text: [Unicode.Scalar]) -> [LuaToken] {
        var cursor = LuaSourceCursor(text)
        var tokens: [LuaToken] = []
        while let c = cursor.peek {
            let start = cursor.index
            if c == "-", cursor.peek(1) == "-" {
                cursor.skipComment()
            } else if c == "\"" || c == "'" {
                cursor.skipQuoted(c)
                let raw = Array(text[(start + 1)..<max(start + 1, cursor.index - 1)])
                tokens.append(
                    LuaToken(kind: .string(LuaStringLiteral.decodeQuoted(raw)), start: start, end: cursor.index))
            } else if c == "[", let level = cursor.longBracketLevel() {
                cursor.skipLong(level)
                let body = Array(
                    text[min(start + level + 2, cursor.index)..<max(start + level + 2, cursor.index - level - 2)])
                tokens.append(
                    LuaToken(kind: .string(LuaStringLiteral.decodeLong(body)), start: start, end: cursor.index))
            } else if c.properties.isWhitespace {
                cursor.advance()
            } else if c.properties.isAlphabetic || c == "_" {
                let name = cursor.identifier()
                tokens.append(LuaToken(kind: .name(name), start: start, end: cursor.index))
            } else if ("0"..."9").contains(c) || (c == "." && cursor.peek(1).map { ("0"..."9").contains($0) } == true) {
                skipNumber(&cursor)
                tokens.append(LuaToken(kind: .number, start: start, end: cursor.index))
            } else {
                let symbol = readSymbol(&cursor)
                tokens.append(LuaToken(kind: .symbol(symbol), start: start, end: cursor.index))
            }
        }
        return tokens
    }

    /// Skips a numeral: digits, a hexadecimal prefix, a fraction and an exponent with its sign.
    private static func skipNumber(_ cursor: inout LuaSourceCursor) {
        var previous: Unicode.Scalar = " "
        while let c = cursor.peek {
            let exponentSign = (c == "+" || c == "-") && "eEpP".unicodeScalars.contains(previous)
            guard c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "." || exponentSign else { return }
            previous = c
            cursor.advance()
        }
    }

    /// Reads one punctuation token, the two- and three-character ones whole (`==` is not `=`).
    private static func readSymbol(_ cursor: inout LuaSourceCursor) -> String {
        let three = ["..."].first { matches($0, cursor) }
        let two = ["==", "~=", "<=", ">=", "..", "::", "//", "<<", ">>"].first { matches($0, cursor) }
        let symbol = three ?? two ?? String(cursor.peek!)
        for _ in symbol.unicodeScalars { cursor.advance() }
        return symbol
    }

    private static func matches(_ symbol: String, _ cursor: LuaSourceCursor) -> Bool {
        symbol.unicodeScalars.enumerated().allSatisfy { cursor.peek($0.offset) == $0.element }
    }
}
