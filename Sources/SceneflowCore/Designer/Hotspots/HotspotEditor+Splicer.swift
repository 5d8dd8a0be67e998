import Foundation

extension HotspotEditor {
    /// The text edits one hotspot change makes, as replacements of scalar ranges of the
    /// original text, applied together at the end so every other scalar stays as it was.
    struct Splicer {
        /// The original text's scalars.
        let text: [Unicode.Scalar]
        /// The replacements (original range, new scalars).
        private(set) var splices: [(range: Range<Int>, with: String)] = []
        /// Where the changed element is (an offset of the original text) and the text it
        /// starts with in the result, for `changedLine`.
        private var mark = 0
        private var markText = ""

        init(text: [Unicode.Scalar]) { self.text = text }

        /// The edited text.
        var result: String {
            var scalars = text
            for splice in splices.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                scalars.replaceSubrange(splice.range, with: Array(splice.with.unicodeScalars))
            }
            return String(String.UnicodeScalarView(scalars))
        }

        /// The 1-based line of the result where the changed element starts.
        var changedLine: Int {
            let shift = splices.filter { $0.range.lowerBound < mark }.reduce(0) {
                $0 + $1.with.unicodeScalars.count - $1.range.count
            }
            let new = Array(result.unicodeScalars)
            var at = min(max(mark + shift, 0), new.count)
            if !markText.isEmpty {
                let wanted = Array(markText.unicodeScalars)
                while at + wanted.count <= new.count, Array(new[at..<(at + wanted.count)]) != wanted { at += 1 }
            }
            return new[..<min(at, new.count)].filter { $0 == "\n" }.count + 1
        }

        /// Replaces the original scalars `range`.
        mutating func replace(_ range: ClosedRange<Int>, with replacement: String) {
            splices.append((range.lowerBound..<(range.upperBound + 1), replacement))
            mark = range.lowerBound
            markText = replacement
        }

        /// Makes `changedLine` the line where `element` is written at or after the last change.
        mutating func markElement(_ element: String) { markText = element }

        /// Makes `changedLine` the line holding original offset `offset` (before any splice).
        mutating func mark(_ offset: Int) {
            mark = offset
            markText = ""
        }

        /// The value of `field` as written, on one line and at most 40 characters.
        func excerpt(_ field: LuaTableField) -> String {
            let raw = String(String.UnicodeScalarView(text[field.valueStart..<max(field.valueStart, field.valueEnd)]))
            let flat = raw.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: " ")
            return flat.count > 40 ? String(flat.prefix(39)) + "…" : flat
        }

        // MARK: lines

        /// The offset where the line holding `offset` starts.
        func lineStart(_ offset: Int) -> Int {
            var i = min(offset, text.count)
            while i > 0, text[i - 1] != "\n" { i -= 1 }
            return i
        }

        /// The offset of the line break ending the line holding `offset` (the text's end on
        /// the last line).
        func lineEnd(_ offset: Int) -> Int {
            var i = offset
            while i < text.count, text[i] != "\n" { i += 1 }
            return i
        }

        /// The blanks that start the line holding `offset`.
        func indentation(_ offset: Int) -> String {
            let start = lineStart(offset)
            return String(String.UnicodeScalarView(text[start...].prefix { $0 == " " || $0 == "\t" }))
        }

        /// True when only blanks come before `offset` on its line.
        func startsLine(_ offset: Int) -> Bool {
            text[lineStart(offset)..<offset].allSatisfy { $0 == " " || $0 == "\t" }
        }

        /// True when only blanks or a `--` comment follow `offset` on its line.
        func endsLine(_ offset: Int) -> Bool {
            let rest = text[offset..<lineEnd(offset)].drop { $0 == " " || $0 == "\t" || $0 == "\r" }
            return rest.isEmpty || (rest.first == "-" && rest.dropFirst().first == "-")
        }

        /// True when the table's closing brace starts its line (a table written over lines).
        func isMultiline(_ table: LuaTableConstructor) -> Bool {
            table.close < text.count && LuaFileStyle.spansLines(text, table.open, table.close)
                && startsLine(table.close)
        }

        /// The indentation for a new field at the end of `table`: the last field's when it
        /// starts a line, else one step in from the closing brace's line.
        func fieldIndent(_ table: LuaTableConstructor, _ style: LuaFileStyle) -> String {
            if let last = table.fields.last, startsLine(last.start) { return indentation(last.start) }
            return indentation(isMultiline(table) ? table.close : table.open) + style.indentUnit
        }

        // MARK: edits

        /// `{`, then each item on its own line one step in from `indent`, then `}` at `indent`.
        func block(_ items: [String], indent: String, style: LuaFileStyle) -> String {
            let separator = style.trailingSeparator ? "," : ""
            let lines = items.enumerated().map { index, item in
                indent + style.indentUnit + item + (index + 1 < items.count ? "," : separator) + style.lineEnding
            }
            return "{" + style.lineEnding + lines.joined() + indent + "}"
        }

        /// Adds the field `item` at the end of `table`: on a new line before a closing brace
        /// that starts its line (a separator added after the last field when it has none),
        /// else written after the last field on its line. An empty one-line table inside a
        /// multi-line one becomes a block.
        mutating func append(_ item: String, to table: LuaTableConstructor, style: LuaFileStyle) {
            let last = table.fields.last
            let separator = last?.separator.map { String(text[$0]) } ?? ","
            if isMultiline(table) {
                let indent = fieldIndent(table, style)
                if let last, last.separator == nil { splices.append((last.valueEnd..<last.valueEnd, separator)) }
                let trailing = last.map { $0.separator != nil } ?? style.trailingSeparator
                let at = lineStart(table.close)
                splices.append((at..<at, indent + item + (trailing ? separator : "") + style.lineEnding))
                mark = at
            } else if let last {
                let at = last.separator.map { $0 + 1 } ?? last.valueEnd
                let added = last.separator != nil ? " " + item + separator : separator + " " + item
                splices.append((at..<at, added))
                mark = at
            } else {
                let (open, close) = style.padded ? ("{ ", " }") : ("{", "}")
                splices.append((table.open..<(table.close + 1), open + item + close))
                mark = table.open
            }
            markText = String(item.prefix { $0 != "\n" && $0 != "\r" })
        }

        /// Removes field `index` of `table`: its whole lines when it has them to itself (a
        /// comment after it on its last line goes too), else its text and one separator.
        mutating func remove(field index: Int, of table: LuaTableConstructor) {
            let field = table.fields[index]
            mark = field.start
            markText = ""
            if startsLine(field.start), endsLine(field.end) {
                let end = lineEnd(field.end)
                splices.append((lineStart(field.start)..<min(end + 1, text.count), ""))
            } else if field.separator != nil {
                var end = field.end
                while end < text.count, text[end] == " " || text[end] == "\t" { end += 1 }
                splices.append((field.start..<end, ""))
            } else if index > 0, let previous = table.fields[index - 1].separator {
                splices.append((previous..<field.valueEnd, ""))
            } else {
                splices.append((field.start..<field.valueEnd, ""))
            }
        }

        /// `{ x, y, w, h }` with the brace spacing and separator `like` is written with.
        func frameText(_ frame: Rect, like table: LuaTableConstructor) -> String {
            let padded = text[table.open + 1] == " "
            let first = table.fields[0]
            let between = text[first.valueEnd..<table.fields[1].start]
            let separator = String(String.UnicodeScalarView(between))
            let (open, close) = padded ? ("{ ", " }") : ("{", "}")
            return open + HotspotEditor.numbers(frame).joined(separator: separator) + close
        }
    }
}
