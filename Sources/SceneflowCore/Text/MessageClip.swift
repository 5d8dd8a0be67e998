/// Keeps an error message readable on one console line: a Lua error re-raised through many
/// levels (`a.lua:3: a.lua:3: a.lua:3: … C stack overflow`) has its repeated prefix collapsed,
/// a line longer than `maxLength` characters has its long quoted strings shortened (so the
/// reason after a long name stays), and what is still longer is cut with a note of how much
/// was left out.
public enum MessageClip {
    /// The longest message kept whole, in characters.
    public static let maxLength = 1000

    /// The most lines a message of several lines keeps (a list of soft failures, a traceback).
    public static let maxLines = 100

    /// `message` with runs of three or more identical `part: ` prefixes collapsed into one
    /// (`a.lua:3: (repeated 200 times) C stack overflow`), then cut to `maxLength` characters.
    /// A message of several lines is clipped line by line (each to `maxLength`), keeping at
    /// most `maxLines` lines, so every entry of a list stays readable.
    public static func clip(_ message: String) -> String {
        guard message.contains("\n") else { return clipLine(message) }
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        var kept = lines.prefix(maxLines).map { clipLine(String($0)) }
        if lines.count > maxLines { kept.append("… (\(lines.count - maxLines) more lines)") }
        return kept.joined(separator: "\n")
    }

    /// One line: repeated prefixes collapsed, cut to `maxLength` characters.
    private static func clipLine(_ message: String) -> String {
        let parts = message.components(separatedBy: ": ")
        var kept: [String] = []
        var index = 0
        while index < parts.count {
            var run = 1
            while index + run < parts.count - 1, parts[index + run] == parts[index] { run += 1 }
            if run >= 3 {
                kept.append("\(parts[index]) (repeated \(run) times)")
            } else {
                kept.append(contentsOf: parts[index..<index + run])
            }
            index += run
        }
        var collapsed = kept.joined(separator: ": ")
        guard collapsed.count > maxLength else { return collapsed }
        // The quoted names (a 1 KiB test name or label) are shortened first, so the place
        // before them and the reason after them stay (red-team finding m1).
        collapsed = shorteningQuotes(collapsed)
        guard collapsed.count > maxLength else { return collapsed }
        let left = collapsed.count - maxLength
        return String(collapsed.prefix(maxLength)) + "… (\(left) more characters)"
    }

    /// The most characters of a quoted string a clipped line keeps.
    static let quotedKept = 60

    /// `line` with every double-quoted string longer than `quotedKept` characters (a `\"`
    /// inside does not end it) cut to its start, an ellipsis and its length:
    /// `"xxxx…" (1000 characters)`.
    static func shorteningQuotes(_ line: String) -> String {
        var result = ""
        var quoted: [Character]? = nil
        var escaped = false
        for character in line {
            guard var inside = quoted else {
                result.append(character)
                if character == "\"" { quoted = [] }
                continue
            }
            if character == "\"" && !escaped {
                if inside.count > quotedKept {
                    // Never ending on half an escape (`\` would escape the closing quote).
                    var kept = String(inside.prefix(quotedKept))
                    while kept.last == "\\" { kept.removeLast() }
                    result += kept + "…\" (\(inside.count) characters)"
                } else {
                    result += String(inside) + "\""
                }
                quoted = nil
                continue
            }
            escaped = character == "\\" && !escaped
            inside.append(character)
            quoted = inside
        }
        if let inside = quoted { result += String(inside) }
        return result
    }
}
