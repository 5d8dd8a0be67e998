/// How a Lua file is written, read from the file so an added element looks like its
/// neighbours: line ending, indentation step, quote, spaces inside braces and trailing
/// separators in multi-line tables.
struct LuaFileStyle: Equatable {
    /// `"\n"` or `"\r\n"` (when most line breaks are CRLF).
    var lineEnding = "\n"
    /// One indentation step: a tab or some spaces.
    var indentUnit = "  "
    /// The quote strings are written in.
    var quote: Character = "\""
    /// True for `{ 1, 2 }`, false for `{1, 2}`.
    var padded = true
    /// True when multi-line tables end their last field with a separator.
    var trailingSeparator = true

    /// The style of `outline`'s text; `sample` (an element written in the list being edited)
    /// decides the quote and brace padding when there is one.
    init(_ outline: LuaTableOutline, sample: LuaTableConstructor? = nil) {
        let text = outline.text
        let crlf = zip(text, text.dropFirst()).filter { $0.0 == "\r" && $0.1 == "\n" }.count
        let lf = text.filter { $0 == "\n" }.count
        if crlf * 2 > lf { lineEnding = "\r\n" }
        indentUnit = Self.indentUnit(text)
        let tables = outline.all
        let strings = tables.flatMap(\.fields).compactMap(\.stringStart).map { text[$0] }
        if let label = sample?.field("label")?.stringStart {
            quote = Character(text[label])
        } else if strings.filter({ $0 == "'" }).count > strings.filter({ $0 == "\"" }).count {
            quote = "'"
        }
        let oneLine = tables.filter { !$0.fields.isEmpty && !Self.spansLines(text, $0.open, $0.close) }
        if let sample, !sample.fields.isEmpty {
            padded = text[sample.open + 1] == " "
        } else if !oneLine.isEmpty {
            padded = oneLine.filter { text[$0.open + 1] == " " }.count * 2 >= oneLine.count
        }
        let multi = tables.filter { !$0.fields.isEmpty && Self.spansLines(text, $0.open, $0.close) }
        if !multi.isEmpty {
            trailingSeparator = multi.filter { $0.fields.last?.separator != nil }.count * 2 >= multi.count
        }
    }

    /// True when a line break lies between offsets `from` and `to`.
    static func spansLines(_ text: [Unicode.Scalar], _ from: Int, _ to: Int) -> Bool {
        from < to && text[from..<to].contains("\n")
    }

    /// The indentation step: a tab when most indented lines start with one, else the most
    /// common increase in leading spaces from one line to the next (2 when there is none).
    static func indentUnit(_ text: [Unicode.Scalar]) -> String {
        var tabs = 0
        var spaced = 0
        var increases: [Int: Int] = [:]
        var previous = 0
        var lineStart = 0
        for i in 0...text.count where i == text.count || text[i] == "\n" {
            let line = text[lineStart..<i]
            lineStart = i + 1
            guard line.contains(where: { !$0.properties.isWhitespace }) else { continue }
            if line.first == "\t" { tabs += 1 }
            let spaces = line.prefix { $0 == " " }.count
            if spaces > 0 { spaced += 1 }
            if spaces > previous { increases[spaces - previous, default: 0] += 1 }
            previous = spaces
        }
        if tabs > spaced { return "\t" }
        let step = increases.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? 2
        return String(repeating: " ", count: step)
    }
}
