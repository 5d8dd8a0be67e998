/// A position in Lua source text (its Unicode scalars) with its 1-based line, and the skips
/// a scanner needs to read past comments and strings: the small lexer shared by
/// `LuaTablePathScanner` (where a key is written) and `LuaCallScan` (which scenes code names).
/// Not a Lua parser.
struct LuaSourceCursor {
    /// The source's scalars.
    let text: [Unicode.Scalar]
    /// The position of the next scalar.
    var index = 0
    /// The 1-based line of the next scalar.
    var line = 1

    /// A cursor at the start of `source`.
    init(_ source: String) { text = Array(source.unicodeScalars) }
    /// A cursor at the start of `scalars`.
    init(_ scalars: [Unicode.Scalar]) { text = scalars }

    /// The next scalar, nil at the end.
    var peek: Unicode.Scalar? { index < text.count ? text[index] : nil }
    /// The scalar `ahead` places after the next one, nil past the end.
    func peek(_ ahead: Int) -> Unicode.Scalar? { index + ahead < text.count ? text[index + ahead] : nil }

    /// Moves one scalar on, counting lines.
    mutating func advance() {
        if peek == "\n" { line += 1 }
        index += 1
    }

    /// Reads a Lua name starting here (letters, digits, `_`).
    mutating func identifier() -> String {
        var name = ""
        while let c = peek, Self.isNameCharacter(c) {
            name.unicodeScalars.append(c)
            advance()
        }
        return name
    }

    /// Whether `c` may be part of a name: a letter (any script's), a digit or `_`. ASCII is
    /// answered without a Unicode property look-up, which is slow and most of what a scan of
    /// `prototype.lua` meets.
    static func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII {
            return ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) || c == "_"
        }
        return c.properties.isAlphabetic
    }

    /// Whether `c` is white space (Unicode's property; ASCII answered directly).
    static func isBlank(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return c == " " || ("\t"..."\r").contains(c) }
        return c.properties.isWhitespace
    }

    /// Skips blanks, new lines included (`header\n= 3` is legal Lua).
    mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" || c == "\n" || c == "\r" { advance() }
    }

    /// Skips `--` to the end of the line, or a `--[[ … ]]` long comment.
    mutating func skipComment() {
        advance()
        advance()
        if peek == "[", let level = longBracketLevel() { return skipLong(level) }
        while let c = peek, c != "\n" { advance() }
    }

    /// Skips a string quoted with `quote` (a line at most), backslash escapes included, and
    /// returns its text as written between the quotes (escapes not decoded).
    @discardableResult
    mutating func skipQuoted(_ quote: Unicode.Scalar) -> String {
        advance()
        var text = ""
        while let c = peek, c != quote, c != "\n" {
            if c == "\\", let next = peek(1) {
                text.unicodeScalars.append(c)
                advance()
                text.unicodeScalars.append(next)
            } else {
                text.unicodeScalars.append(c)
            }
            advance()
        }
        advance()
        return text
    }

    /// The level of a long bracket opening here (`[[` 0, `[==[` 2), or nil.
    func longBracketLevel() -> Int? {
        var ahead = 1
        while peek(ahead) == "=" { ahead += 1 }
        return peek(ahead) == "[" ? ahead - 1 : nil
    }

    /// Skips a long string or comment of `level` from its opening bracket to its close.
    mutating func skipLong(_ level: Int) {
        for _ in 0..<(level + 2) { advance() }
        while peek != nil {
            if peek == "]" {
                var ahead = 1
                while peek(ahead) == "=" { ahead += 1 }
                if ahead - 1 == level, peek(ahead) == "]" {
                    for _ in 0...ahead { advance() }
                    return
                }
            }
            advance()
        }
    }
}
