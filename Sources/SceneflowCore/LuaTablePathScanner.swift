/// Finds where a nested key of a Lua table constructor is written in source text, by reading
/// the text as tokens (skipping comments and strings) and following `name = {` … `}` nesting:
/// the key `header` of the path `scenes.settings.landscape.scroll.header` is the `header =`
/// written directly inside `scroll = {`, inside `landscape = {`, inside `settings = {`,
/// inside `scenes = {`. Tables built by code (locals, functions) are not followed, so callers
/// use the answer only when it is a single line.
enum LuaTablePathScanner {
    /// The 1-based lines where the last key of `path` is set (`key =`, identifier keys only)
    /// inside table constructors whose keys end with the rest of `path`, in file order.
    static func lines(setting path: [String], in source: String) -> [Int] {
        guard let key = path.last else { return [] }
        let parents = Array(path.dropLast())
        var scanner = Cursor(Array(source.unicodeScalars))
        var stack: [String?] = []
        var hits: [Int] = []
        while let c = scanner.peek {
            if c == "-", scanner.peek(1) == "-" {
                scanner.skipComment()
            } else if c == "\"" || c == "'" {
                scanner.skipQuoted(c)
            } else if c == "[", let level = scanner.longBracketLevel() {
                scanner.skipLong(level)
            } else if c == "{" {
                stack.append(nil)
                scanner.advance()
            } else if c == "}" {
                _ = stack.popLast()
                scanner.advance()
            } else if c.properties.isAlphabetic || c == "_" {
                let line = scanner.line
                let name = scanner.identifier()
                scanner.skipSpaces()
                guard scanner.peek == "=", scanner.peek(1) != "=" else { continue }
                scanner.advance()
                if name == key, stack.count >= parents.count,
                    stack.suffix(parents.count).elementsEqual(parents.map { Optional($0) })
                {
                    hits.append(line)
                }
                scanner.skipSpaces()
                if scanner.peek == "{" {
                    stack.append(name)
                    scanner.advance()
                }
            } else {
                scanner.advance()
            }
        }
        return hits
    }

    /// A position in the source's scalars with its 1-based line.
    private struct Cursor {
        let text: [Unicode.Scalar]
        var index = 0
        var line = 1

        init(_ text: [Unicode.Scalar]) { self.text = text }

        var peek: Unicode.Scalar? { index < text.count ? text[index] : nil }
        func peek(_ ahead: Int) -> Unicode.Scalar? { index + ahead < text.count ? text[index + ahead] : nil }

        mutating func advance() {
            if peek == "\n" { line += 1 }
            index += 1
        }

        mutating func identifier() -> String {
            var name = ""
            while let c = peek, c.properties.isAlphabetic || c == "_" || ("0"..."9").contains(c) {
                name.unicodeScalars.append(c)
                advance()
            }
            return name
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

        /// Skips a string quoted with `quote`, backslash escapes included.
        mutating func skipQuoted(_ quote: Unicode.Scalar) {
            advance()
            while let c = peek, c != quote, c != "\n" {
                if c == "\\" { advance() }
                advance()
            }
            advance()
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
}
