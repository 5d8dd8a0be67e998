import Foundation

/// Finds the line of `prototype.lua` a table-path diagnostic is about, when the source text
/// makes it unambiguous. Lua tables do not remember where they were written, so problems found
/// after the file ran (an unknown key, a missing image, a scene name that does not exist) carry
/// a table path only; this adds the line when the word the message quotes is written exactly
/// once in the file: the key `on_tapp` of `unknown key "on_tapp"` written as `on_tapp =`, or the
/// string `"detial.png"` of `file "detial.png" not found` written as a literal. When the word is
/// written more than once, or built by code, no line is given rather than a wrong one.
public enum SourceLineFinder {
    /// `diagnostic` with its `line` set from `source` (the text of `diagnostic.file`) when it
    /// has a table path, no line yet, and one quoted word of its message is written exactly once.
    public static func locate(_ diagnostic: Diagnostic, in source: String) -> Diagnostic {
        guard diagnostic.line == nil, diagnostic.path != nil else { return diagnostic }
        var located = diagnostic
        located.line = line(for: diagnostic.message, in: source) ?? line(ofPathKey: diagnostic.path!, in: source)
        return located
    }

    /// The message openings whose first quoted word names what is wrong, as written in the file.
    static let namingOpenings = ["unknown key \"", "unknown control \"", "no scene \"", "file \"", "unknown state \""]

    /// The 1-based line holding the first quoted word of `message` when it is written exactly
    /// once in `source` (as a key before `=` for an unknown key, else as a string literal), or
    /// nil; only for messages that open with one of `namingOpenings`.
    public static func line(for message: String, in source: String) -> Int? {
        guard namingOpenings.contains(where: { message.hasPrefix($0) }), let word = quotedWords(message).first
        else { return nil }
        let lines = source.components(separatedBy: "\n")
        let isKey = message.hasPrefix("unknown key ")
        let hits = lines.indices.filter { isKey ? writesKey(word, lines[$0]) : writesString(word, lines[$0]) }
        guard hits.count == 1, occurrences(of: word, in: withoutComment(lines[hits[0]])) == 1 else { return nil }
        return hits[0] + 1
    }

    /// The 1-based line holding the string literal `word` (`"home_land.png"`) when it is written
    /// exactly once in `source`, or nil: where an image that turned out unusable is named.
    public static func line(ofLiteral word: String, in source: String) -> Int? {
        let lines = source.components(separatedBy: "\n")
        let hits = lines.indices.filter { writesString(word, lines[$0]) }
        guard hits.count == 1, occurrences(of: word, in: withoutComment(lines[hits[0]])) == 1 else { return nil }
        return hits[0] + 1
    }

    /// The words between double quotes in `message`, in order.
    static func quotedWords(_ message: String) -> [String] {
        let parts = message.components(separatedBy: "\"")
        return stride(from: 1, to: parts.count - 1, by: 2).map { parts[$0] }.filter { !$0.isEmpty }
    }

    /// True when `line` (outside a `--` comment) sets key `word`: `word =` or `["word"] =`, with
    /// no identifier character (or `.`) right before it, so `on_after =` does not set `after`.
    static func writesKey(_ word: String, _ line: String) -> Bool {
        keyWrites(word, line) > 0
    }

    /// How many times `line` (outside a `--` comment) sets key `word` (see `writesKey`).
    static func keyWrites(_ word: String, _ line: String) -> Int {
        let code = withoutComment(line)
        let escaped = NSRegularExpression.escapedPattern(for: word)
        let pattern = "(?<![A-Za-z0-9_.])\(escaped)\\s*=(?!=)|\\[\\s*[\"']\(escaped)[\"']\\s*\\]\\s*=(?!=)"
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return 0 }
        return regex.numberOfMatches(in: code, range: NSRange(code.startIndex..., in: code))
    }

    /// True when `line` (outside a `--` comment) holds `word` as a string literal.
    private static func writesString(_ word: String, _ line: String) -> Bool {
        let code = withoutComment(line)
        return code.contains("\"\(word)\"") || code.contains("'\(word)'")
    }

    private static func occurrences(of word: String, in line: String) -> Int {
        line.components(separatedBy: word).count - 1
    }

    /// `line` up to a `--` comment (not one inside a string; a rough cut that is enough here).
    private static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character?
        for (offset, c) in line.enumerated() {
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "-", previous == "-" {
                return String(line.prefix(offset - 1))
            }
            previous = c
        }
        return line
    }
}
