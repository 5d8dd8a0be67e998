import Foundation
import SceneflowCore

/// A way of writing `prototype.lua` (issue 16.2's styles): indentation, quotes, line endings,
/// trailing separators, brace spacing, comments between elements, long-string labels, and how
/// the edited scene "home" writes its `elements` list.
struct HotspotFileStyle: CustomStringConvertible, Sendable {
    /// How scene "home" writes its elements.
    enum List: CaseIterable, Sendable {
        /// Two elements over several lines.
        case populated
        /// `elements = {},`
        case emptyInline
        /// `elements = {` newline `}`.
        case emptyMultiline
        /// No `elements` key.
        case absent
        /// Two elements on the `elements` line.
        case oneLine
        /// The scene's whole table on one line, without elements.
        case oneLineScene
    }

    var indent = "  "
    var quote = "\""
    var crlf = false
    var trailing = true
    var padded = true
    var comments = false
    var longLabel = false
    var list = List.populated

    var description: String {
        "indent \(indent == "\t" ? "tab" : "\(indent.count) spaces") quote \(quote) crlf \(crlf) trailing \(trailing) padded \(padded) comments \(comments) long \(longLabel) list \(list)"
    }

    /// Every list form crossed with each other choice varied one at a time, plus mixes.
    static var all: [HotspotFileStyle] {
        var styles: [HotspotFileStyle] = []
        for list in List.allCases {
            let base = HotspotFileStyle(list: list)
            styles.append(base)
            styles.append(with(base) { $0.indent = "\t" })
            styles.append(with(base) { $0.indent = "    " })
            styles.append(with(base) { $0.quote = "'" })
            styles.append(with(base) { $0.crlf = true })
            styles.append(with(base) { $0.trailing = false })
            styles.append(with(base) { $0.padded = false })
            styles.append(with(base) { $0.comments = true })
            styles.append(with(base) { $0.longLabel = true })
            styles.append(
                with(base) {
                    $0.indent = "\t"
                    $0.quote = "'"
                    $0.crlf = true
                    $0.trailing = false
                    $0.padded = false
                    $0.comments = true
                })
        }
        return styles
    }

    private static func with(_ style: HotspotFileStyle, _ change: (inout HotspotFileStyle) -> Void) -> HotspotFileStyle
    {
        var copy = style
        change(&copy)
        return copy
    }

    /// `text` quoted in this style.
    func q(_ text: String) -> String { quote + text + quote }
    /// `{ … }` in this style.
    func braces(_ inner: String) -> String { padded ? "{ \(inner) }" : "{\(inner)}" }
    /// A multi-line table's separator after its last field.
    var last: String { trailing ? "," : "" }

    /// The file: scenes "home" (edited), "detail" and "sheet"; images home.png, detail.png.
    var text: String {
        let i1 = indent
        let i2 = indent + indent
        let i3 = i2 + indent
        let i4 = i3 + indent
        let open = longLabel ? "[[Open]]" : q("Open")
        let openElement = braces("label = \(open), frame = \(braces("0, 0, 36, 20")), on_tap = go(\(q("detail")))")
        let helpElement = braces(
            "label = \(q("Help")), frame = \(braces("0, 20, 36, 20")), on_tap = present(\(q("sheet")))")
        var home: [String] = []
        switch list {
        case .populated:
            home = [
                "\(i2)home = {",
                "\(i3)image = \(q("home.png")),",
                "\(i3)elements = {",
                "\(i4)\(openElement),",
            ]
            if comments { home.append("\(i4)-- the help sheet; \"quoted\" {braces} in a comment") }
            home += ["\(i4)\(helpElement)\(last)"]
            if comments { home.append("\(i4)--[[ a long comment\(i4){ label = \"Ghost\" } ]]") }
            home += ["\(i3)}\(last)", "\(i2)},"]
        case .emptyInline:
            home = ["\(i2)home = {", "\(i3)image = \(q("home.png")),", "\(i3)elements = {}\(last)", "\(i2)},"]
        case .emptyMultiline:
            home = ["\(i2)home = {", "\(i3)image = \(q("home.png")),", "\(i3)elements = {"]
            if comments { home.append("\(i4)-- nothing yet") }
            home += ["\(i3)}\(last)", "\(i2)},"]
        case .absent:
            home = ["\(i2)home = {", "\(i3)image = \(q("home.png"))\(last)"]
            if comments { home.append("\(i3)-- no elements yet") }
            home += ["\(i2)},"]
        case .oneLine:
            home = [
                "\(i2)home = {", "\(i3)image = \(q("home.png")),",
                "\(i3)elements = \(braces("\(openElement), \(helpElement)"))\(last)", "\(i2)},",
            ]
        case .oneLineScene:
            home = ["\(i2)home = \(braces("image = \(q("home.png"))")),"]
        }
        let lines =
            [
                "-- A prototype written in one style (\(description)).",
                "return {",
                "\(i1)name = \(q("Styles")),",
                "\(i1)device = \(braces("width = 36, height = 80, scale = 1")),",
                "\(i1)start = \(q("home")),",
                "\(i1)scenes = {",
            ] + home + [
                "\(i2)detail = {",
                "\(i3)image = \(q("detail.png")),",
                "\(i3)elements = {",
                "\(i4)\(braces("label = \(q("Back")), frame = \(braces("0, 0, 36, 20")), on_tap = back()"))\(last)",
                "\(i3)}\(last)",
                "\(i2)},",
                "\(i2)sheet = \(braces("image = \(q("detail.png")), elements = \(braces(braces("label = \(q("Close")), frame = \(braces("0, 60, 36, 20")), on_tap = dismiss()")))")),",
                "\(i1)}\(last)",
                "}",
                "",
            ]
        return lines.joined(separator: crlf ? "\r\n" : "\n")
    }

    /// The labels scene "home" has in this style.
    var homeLabels: [String] {
        switch list {
        case .populated, .oneLine: return ["Open", "Help"]
        default: return []
        }
    }
}
