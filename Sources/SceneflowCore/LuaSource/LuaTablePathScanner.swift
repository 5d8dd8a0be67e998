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
        var scanner = LuaSourceCursor(source)
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
}
