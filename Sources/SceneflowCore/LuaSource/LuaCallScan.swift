/// Finds the scene names Lua source text passes straight to `go`, `replace` or `present`
/// (`go("x")`, `app:go('x')`, `present "x"`): a small scanner over `LuaSourceCursor`, not a
/// Lua parser. Comments (`--`, `--[[ … ]]`) are skipped, and a string literal only counts when
/// it is the direct argument of such a call, so `print('app:go("e")')` names nothing. A name
/// built at run time is not seen.
enum LuaCallScan {
    /// The call names whose first string argument is a scene name.
    static let callNames: Set<String> = ["go", "replace", "present"]

    /// Where the scan is relative to a call: nothing, just after a call name, or after its `(`.
    private enum State { case none, afterName, afterParen }

    /// Every quoted string in `code` that is the first argument of a `go`/`replace`/`present`
    /// call, in order (repeats kept). Blanks and comments between the name, `(` and the
    /// string are allowed; anything else (a long string included) breaks the call.
    static func calledNames(in code: String) -> [String] { calls(in: code).map(\.name) }

    /// The same calls as `calledNames(in:)`, each with the 1-based line its string starts on.
    static func calls(in code: String) -> [(name: String, line: Int)] {
        var cursor = LuaSourceCursor(code)
        var names: [(name: String, line: Int)] = []
        var state = State.none
        while let c = cursor.peek {
            if c == "-", cursor.peek(1) == "-" {
                cursor.skipComment()  // a blank as far as a call is concerned
            } else if c == "\"" || c == "'" {
                let line = cursor.line
                let text = cursor.skipQuoted(c)
                if state != .none { names.append((text, line)) }
                state = .none
            } else if c == "[", let level = cursor.longBracketLevel() {
                cursor.skipLong(level)
                state = .none
            } else if LuaSourceCursor.isBlank(c) {
                cursor.advance()
            } else if LuaSourceCursor.isNameCharacter(c) {
                state = callNames.contains(cursor.identifier()) ? .afterName : .none
            } else if c == "(" && state == .afterName {
                state = .afterParen
                cursor.advance()
            } else {
                state = .none
                cursor.advance()
            }
        }
        return names
    }
}
