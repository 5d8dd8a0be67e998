/// Lua string literals both ways: the text a literal stands for (escapes applied, as Lua 5.4's
/// lexer does), and a literal for any text in a chosen quote (what `sceneflow hotspot` writes
/// a label as).
public enum LuaStringLiteral {
    /// `text` as a Lua literal between `quote` (`"` or `'`): the quote and backslash escaped,
    /// the usual control characters as `\n`, `\r`, `\t`, others (and DEL) as three-digit
    /// `\ddd` so a digit after them is never read as part of the escape, and what would make
    /// the line read otherwise than it runs (`readsOtherwise`) as Lua 5.4's `\u{202E}`. Other
    /// Unicode is written as is (the file is UTF-8). Every writer of Lua source uses it.
    public static func quoted(_ text: String, quote: Character = "\"") -> String {
        let q = quote == "'" ? "'" : "\""
        var out = q
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where String(scalar) == q: out += "\\" + q
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let digits = String(scalar.value)
                out += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            case _ where readsOtherwise(scalar):
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + q
    }

    /// True for a character that makes a line of source read otherwise than it runs (red-team
    /// finding m10, "Trojan Source"): the bidirectional overrides, embeddings and isolates, the
    /// invisible direction marks (U+200E, U+200F, U+061C), the C1 controls and the Unicode
    /// line and paragraph separators (an editor breaks the line there; Lua does not).
    static func readsOtherwise(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return TerminalText.isBidiControl(v) || (0x80...0x9F).contains(v) || v == 0x2028 || v == 0x2029
            || v == 0x200E || v == 0x200F || v == 0x061C
    }

    /// The text of a quoted literal's body (between its quotes, as written): `\n`, `\t`, `\\`,
    /// `\"`, `\ddd`, `\xXX`, `\u{XXX}`, `\z` and a backslash before a line break decoded.
    /// An escape Lua would refuse is kept as written (the loader reports it, not this).
    static func decodeQuoted(_ body: [Unicode.Scalar]) -> String {
        var out = String.UnicodeScalarView()
        var bytes: [UInt8] = []  // \ddd and \xXX give bytes, which may form UTF-8 together
        func flushBytes() {
            guard !bytes.isEmpty else { return }
            out.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
            bytes = []
        }
        var i = 0
        while i < body.count {
            let c = body[i]
            guard c == "\\", i + 1 < body.count else {
                flushBytes()
                out.append(c)
                i += 1
                continue
            }
            let e = body[i + 1]
            i += 2
            let simple: [Unicode.Scalar: Unicode.Scalar] = [
                "n": "\n", "t": "\t", "r": "\r", "a": "\u{07}", "b": "\u{08}", "f": "\u{0C}", "v": "\u{0B}",
                "\\": "\\", "\"": "\"", "'": "'", "\n": "\n",
            ]
            if let plain = simple[e] {
                flushBytes()
                out.append(plain)
            } else if ("0"..."9").contains(e) {
                var value = Int(e.value - 48)
                var digits = 1
                while digits < 3, i < body.count, ("0"..."9").contains(body[i]) {
                    value = value * 10 + Int(body[i].value - 48)
                    digits += 1
                    i += 1
                }
                bytes.append(UInt8(truncatingIfNeeded: value))
            } else if e == "x", i + 1 < body.count, let value = UInt8(String(body[i]) + String(body[i + 1]), radix: 16)
            {
                bytes.append(value)
                i += 2
            } else if e == "u", i < body.count, body[i] == "{", let close = body[i...].firstIndex(of: "}"),
                let value = UInt32(String(String.UnicodeScalarView(body[(i + 1)..<close])), radix: 16),
                let scalar = Unicode.Scalar(value)
            {
                flushBytes()
                out.append(scalar)
                i = close + 1
            } else if e == "z" {
                while i < body.count, body[i].properties.isWhitespace { i += 1 }
            } else {
                flushBytes()
                out.append(c)
                out.append(e)
            }
        }
        flushBytes()
        return String(out)
    }

    /// The text of a long literal's body (between `[==[` and `]==]`): as written, without a
    /// first line break (Lua skips it).
    static func decodeLong(_ body: [Unicode.Scalar]) -> String {
        var scalars = body[...]
        if scalars.first == "\r" { scalars = scalars.dropFirst() }
        if scalars.first == "\n" { scalars = scalars.dropFirst() }
        return String(String.UnicodeScalarView(scalars))
    }
}
