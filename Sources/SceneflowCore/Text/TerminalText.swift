/// Text made safe for a terminal: a test name, label, log message or error from a script
/// could carry escape sequences (`\u{1B}[2J` clears the screen, `\u{1B}]0;…\u{07}` retitles the
/// window, a BEL rings) that the console would pass straight to the terminal. Control
/// characters are shown as escapes instead, the way Lua writes them in source.
public enum TerminalText {
    /// `text` with every control character except line breaks and tabs written as an escape:
    /// `\r`, `\u{1B}` (C0, DEL and the C1 range U+0080–U+009F), and the line and
    /// paragraph separators U+2028/U+2029 as `\u{2028}`/`\u{2029}` (terminals and editors
    /// break lines there), and the bidirectional overrides and isolates (`isBidiControl`). `\n` stays when `keepNewlines` (multi-line messages), else `\n`.
    /// With `keepTabs` false a tab is written `\t` too (one-line event logs, where a tab in a
    /// scene name would read as spacing).
    public static func escaped(_ text: String, keepNewlines: Bool = true, keepTabs: Bool = true) -> String {
        guard
            text.unicodeScalars.contains(where: {
                needsEscape($0, keepNewlines: keepNewlines) || (!keepTabs && $0 == "\t")
            })
        else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepNewlines: keepNewlines) || (!keepTabs && scalar == "\t") else {
                out.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    /// A file path as one line shows it: every control character escaped, line breaks and tabs
    /// too (`HN/n\nl.lua`), since a path is never meant to span lines.
    public static func path(_ path: String) -> String { oneLine(path) }

    /// Text from a script shown in a one-line field of the console (a test name, a `skip()`
    /// reason, a step name, a log or warning message): every control character escaped, line
    /// breaks and tabs too (`a\nb`), so the field cannot spill onto a line of its own that
    /// reads like another of the console's lines. (A failure message may span lines; the
    /// console indents its lines instead.)
    public static func oneLine(_ text: String) -> String { escaped(text, keepNewlines: false, keepTabs: false) }

    /// True for the scalars `escaped` rewrites.
    static func needsEscape(_ scalar: Unicode.Scalar, keepNewlines: Bool) -> Bool {
        let v = scalar.value
        if v == 0x0A { return !keepNewlines }
        return (v < 0x20 && v != 0x09) || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            || isBidiControl(v)
    }

    /// The bidirectional formatting characters (U+202A–U+202E embeddings and overrides,
    /// U+2066–U+2069 isolates): one in a test name reverses the rest of the console line, its
    /// times and counts included (red-team finding o12; the "Trojan Source" characters).
    public static func isBidiControl(_ v: UInt32) -> Bool {
        (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }
}
