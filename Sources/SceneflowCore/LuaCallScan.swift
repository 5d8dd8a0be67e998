/// Finds the scene names Lua source text passes straight to `go`, `replace` or `present`
/// (`go("x")`, `app:go('x')`, `present "x"`): a small scanner, not a Lua parser. Comments
/// (`--`, `--[[ … ]]`) are skipped, and a string literal only counts when it is the direct
/// argument of such a call, so `print('app:go("e")')` names nothing. A name built at run time
/// is not seen.
enum LuaCallScan {
    /// The call names whose first string argument is a scene name.
    static let callNames: Set<String> = ["go", "replace", "present"]

    /// Every quoted string in `code` that is the first argument of a `go`/`replace`/`present`
    /// call, in order (repeats kept).
    static func calledNames(in code: String) -> [String] {
        let c = Array(code)
        var names: [String] = []
        var tail: [Character] = []  // the code so far, strings and comments left out
        var i = 0
        while i < c.count {
            let ch = c[i]
            if ch == "-", i + 1 < c.count, c[i + 1] == "-" {
                if let end = longBracketEnd(c, from: i + 2) {
                    i = end
                } else {
                    while i < c.count, c[i] != "\n" { i += 1 }
                }
                tail.append(" ")
                continue
            }
            if ch == "[", let end = longBracketEnd(c, from: i) {
                i = end
                tail.append("\"")  // a long string: not a name, but it breaks a call's argument
                continue
            }
            if ch == "\"" || ch == "'" {
                var j = i + 1
                var text = ""
                while j < c.count, c[j] != ch, c[j] != "\n" {
                    if c[j] == "\\", j + 1 < c.count {
                        text.append(c[j])
                        j += 1
                    }
                    text.append(c[j])
                    j += 1
                }
                if isCallArgument(tail) { names.append(text) }
                tail.append("\"")
                i = j + 1
                continue
            }
            tail.append(ch)
            i += 1
        }
        return names
    }

    /// The index just past the long bracket (`[[ … ]]`, `[==[ … ]==]`) opening at `start`, or
    /// nil when none opens there (or it is never closed: then the rest of the text).
    static func longBracketEnd(_ c: [Character], from start: Int) -> Int? {
        guard start < c.count, c[start] == "[" else { return nil }
        var j = start + 1
        var level = 0
        while j < c.count, c[j] == "=" {
            level += 1
            j += 1
        }
        guard j < c.count, c[j] == "[" else { return nil }
        let close: [Character] = ["]"] + Array(repeating: "=", count: level) + ["]"]
        var k = j + 1
        while k + close.count <= c.count {
            if Array(c[k..<(k + close.count)]) == close { return k + close.count }
            k += 1
        }
        return c.count
    }

    /// True when `tail` ends with `go`, `replace` or `present` (not part of a longer name),
    /// then optionally `(`, then spaces.
    static func isCallArgument(_ tail: [Character]) -> Bool {
        var end = tail.count
        func skipSpaces() { while end > 0, tail[end - 1].isWhitespace { end -= 1 } }
        skipSpaces()
        if end > 0, tail[end - 1] == "(" {
            end -= 1
            skipSpaces()
        }
        var start = end
        while start > 0, tail[start - 1].isLetter || tail[start - 1].isNumber || tail[start - 1] == "_" { start -= 1 }
        return callNames.contains(String(tail[start..<end]))
    }
}
