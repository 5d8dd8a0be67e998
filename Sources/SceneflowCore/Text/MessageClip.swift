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
    /// most `maxLines` lines, so every entry of a list stays readable. A last line that is
    /// already such a note (`… (N more lines)`, as a list cut before it got here ends) is not
    /// one of them: it is kept, or its count joins the note of the lines cut here.
    public static func clip(_ message: String) -> String {
        guard message.utf8.contains(10) else { return clipLine(message) }
        // Split on the byte: Swift reads `\r\n` as one character, so a split on characters
        // kept a message of CRLF lines as one line (red-team 33 B1).
        var lines = lines(of: message)
        let noted = lines.last.flatMap { linesLeftOut(noted: String($0)) }
        if noted != nil { lines.removeLast() }
        var kept = lines.prefix(maxLines).map { clipLine(String($0)) }
        let left = max(0, lines.count - maxLines) + (noted ?? 0)
        if left > 0 { kept.append(linesNote(left)) }
        return kept.joined(separator: "\n")
    }

    /// The lines of `text`, split at each line feed (a `\r` before it stays on its line).
    static func lines(of text: String) -> [String] {
        text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The note that ends a message cut to its first lines: `… (N more lines)`.
    public static func linesNote(_ leftOut: Int) -> String { "… (\(leftOut) more lines)" }

    /// The count of a `linesNote` line, or nil when `line` is not one.
    public static func linesLeftOut(noted line: String) -> Int? {
        guard line.hasPrefix("… ("), line.hasSuffix(" more lines)") else { return nil }
        return Int(line.dropFirst(3).dropLast(12))
    }

    /// One line: repeated prefixes collapsed, cut to `limit` (`maxLength`) characters.
    static func clipLine(_ message: String, limit: Int = maxLength) -> String {
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
        guard collapsed.count > limit else { return collapsed }
        // The quoted names (a 1 KiB test name or label) are shortened first, so the place
        // before them and the reason after them stay (red-team finding m1).
        collapsed = shorteningQuotes(collapsed)
        guard collapsed.count > limit else { return collapsed }
        let left = collapsed.count - limit
        return String(collapsed.prefix(limit)) + "… (\(left) more characters)"
    }

    /// The most characters of a quoted string a clipped line keeps.
    static let quotedKept = 60

    /// `line` with every double-quoted string longer than `quotedKept` characters (a `\"`
    /// inside does not end it) cut to its start, an ellipsis and its length:
    /// `"xxxx…" (1000 characters)`.
    static func shorteningQuotes(_ line: String) -> String {
        var line = line
        return line.withUTF8 { shorteningQuotes(utf8: $0).text }
    }

    /// `shorteningQuotes` over UTF-8 bytes (such as a string still in Lua's memory), in one
    /// pass: each byte is looked at once and only what is kept is copied, so a message of any
    /// length costs time in proportion to it (red-team 10 R1: copying the quoted characters
    /// for each one made a 64 000-character string cost 34 s). Characters are counted as
    /// Unicode scalars, an escape (`\"`, `\\`) as the one character it stands for. A quoted
    /// string still open at the end is shortened the same way.
    ///
    /// - Parameter maxBytes: the most bytes of result kept; what follows is left out and
    ///   counted (`leftOut`, in bytes of `utf8`).
    /// - Returns: the text, and how many bytes of `utf8` were left out (0 when none).
    public static func shorteningQuotes(utf8: UnsafeBufferPointer<UInt8>, maxBytes: Int = .max) -> (
        text: String, leftOut: Int
    ) {
        let quote = UInt8(ascii: "\"")
        let backslash = UInt8(ascii: "\\")
        var out: [UInt8] = []
        out.reserveCapacity(min(utf8.count, maxBytes, 1 << 20))
        var inQuote = false
        var escaped = false
        var characters = 0  // of the quoted string so far
        func close(open: Bool) {
            guard characters > quotedKept else {
                if !open { out.append(quote) }
                return
            }
            // Never ending on half an escape (`\` would escape the closing quote): an odd run of
            // trailing backslashes ends with one; an even one is whole escapes (`\\\\`), kept.
            let trailing = out.reversed().prefix { $0 == backslash }.count
            if trailing % 2 == 1 { out.removeLast() }
            out.append(contentsOf: Array("…\" (\(characters) characters)".utf8))
        }
        for index in utf8.indices {
            if out.count >= maxBytes {
                if inQuote { close(open: true) }
                return (String(decoding: out, as: UTF8.self), utf8.count - index)
            }
            let byte = utf8[index]
            guard inQuote else {
                out.append(byte)
                if byte == quote {
                    inQuote = true
                    escaped = false
                    characters = 0
                }
                continue
            }
            if byte == quote && !escaped {
                close(open: false)
                inQuote = false
                continue
            }
            if escaped {
                // The character a backslash escapes (`\"`, `\\`, `\n`): counted with it, as the
                // one character of the name it stands for.
                escaped = false
            } else {
                escaped = byte == backslash
                if byte & 0xC0 != 0x80 { characters += 1 }  // a scalar starts (not a continuation byte)
            }
            if characters <= quotedKept { out.append(byte) }
        }
        if inQuote { close(open: true) }
        return (String(decoding: out, as: UTF8.self), 0)
    }
}
