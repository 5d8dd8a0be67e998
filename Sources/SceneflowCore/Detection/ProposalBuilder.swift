import Foundation

/// Turns the words read on a screen into proposed elements (issue 16.1): words become lines
/// (`TextLine`), lines under a line or values beside it join it in a list row, and each row or
/// lone line becomes one proposal with a label, a tap target in points and a kind. What a
/// designer would not tap is left out: words on a busy background (`BusyBackground`: photos,
/// maps, icons), the status bar, unreadable fragments (no letter or digit, or one or two
/// characters read with little confidence).
public struct ProposalBuilder: Sendable {
    /// The screen's size in pixels (the screen area the words were read in).
    public let screenWidth: Int
    /// The screen's height in pixels.
    public let screenHeight: Int
    /// The device in points.
    public let device: Device

    /// The smallest tap target side, in points (Apple's and Material's 44-48 pt guidance).
    public static let minimumTarget = 44.0
    /// The status bar's height in points: text above it (the clock, the battery) is left out.
    public static let statusBar = 26.0

    /// A builder for a screen of `screenWidth` x `screenHeight` px shown on `device`.
    public init(screenWidth: Int, screenHeight: Int, device: Device) {
        self.screenWidth = max(screenWidth, 1)
        self.screenHeight = max(screenHeight, 1)
        self.device = device
    }

    /// Points per screen pixel.
    var unit: Double { device.width / Double(screenWidth) }

    /// The proposals for `words`, top to bottom, then left to right.
    public func proposals(_ words: [RecognizedWord]) -> [DetectionProposal] {
        let lines = TextLine.lines(words.filter(readable), gap: 1.5).compactMap(trimmed)
        let dashes = words.filter { Self.isDash($0.text) }.map(\.box)
        let rows = Self.rows(lines, screenWidth: screenWidth, dashes: dashes)
        let typical = median(lines.map { Double($0.height) })
        var proposals: [DetectionProposal] = []
        for row in rows {
            guard let proposal = proposal(row, among: rows, typical: typical) else { continue }
            proposals.append(proposal)
        }
        return proposals.sorted { ($0.frame.y, $0.frame.x) < ($1.frame.y, $1.frame.x) }
    }

    /// True for a word that may be part of a line: not on a busy background, not in the status
    /// bar, with a letter or digit, read with some confidence.
    func readable(_ word: RecognizedWord) -> Bool {
        if word.onBusyBackground { return false }
        if (Double(word.box.y) + Double(word.box.height) / 2) * unit < Self.statusBar { return false }
        let meaningful = word.text.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        return !meaningful.isEmpty && word.confidence >= (meaningful.count <= 3 ? 60 : 40)
    }

    /// `line` without the fragments at its ends (an icon read as a letter sits at an end);
    /// fragments between two words stay ("Show a note picker": the "a"). Nil when nothing
    /// but fragments is left.
    func trimmed(_ line: TextLine) -> TextLine? {
        var words = line.words
        while let first = words.first, isFragment(first) { words.removeFirst() }
        while let last = words.last, isFragment(last) { words.removeLast() }
        return words.isEmpty ? nil : TextLine(words: words)
    }

    /// True for a readable word that is only a short fragment read with little confidence: one
    /// letter (unless read with confidence ≥ 90 with a mark beside it), or two characters read
    /// with confidence under 85.
    func isFragment(_ word: RecognizedWord) -> Bool {
        let meaningful = word.text.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        if meaningful.count == 1 && !word.text.unicodeScalars.contains(where: { ("0"..."9").contains($0) }) {
            return !(word.confidence >= 90 && word.text.count > 1)
        }
        return meaningful.count == 2 && word.confidence < 85
    }

    /// A row: a main line with the lines under it and the values beside it.
    struct Row {
        var main: TextLine
        /// True when the main line shares its band with two or more other lines (a grid of
        /// labels under icons, a tab bar).
        var inGrid = false
        /// Lines that continue the main line's text (a wrapped label).
        var continued: [TextLine] = []
        var under: [TextLine] = []
        var beside: [TextLine] = []
        /// Lines sharing the main line's band that stand on their own (tabs, button bars).
        var siblings = 0
        var all: [TextLine] { [main] + continued + under + beside }
        var label: String { ([main] + continued).map(\.text).joined(separator: " ") }
        var box: PixelRect {
            let boxes = all.map(\.box)
            let x0 = boxes.map(\.x).min()!
            let y0 = boxes.map(\.y).min()!
            let x1 = boxes.map { $0.x + $0.width }.max()!
            let y1 = boxes.map { $0.y + $0.height }.max()!
            return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }

    /// Groups lines into rows: a line starting under a row's last line (within 0.9 of its
    /// height, left edges within 1.5 heights, no taller) joins it, as a continuation of the
    /// label when it is a wrapped label (`continues`) or as a line under it; a short value-like
    /// line (digits, a date, a version, or smaller text) beside a row's main line joins it too.
    /// `dashes` are the boxes of dash marks read on the screen (`Stashfin -`).
    static func rows(_ lines: [TextLine], screenWidth: Int, dashes: [PixelRect] = []) -> [Row] {
        var rows: [Row] = []
        let crowded = Set(
            lines.indices.filter { i in lines.indices.filter { sameBand(lines[i], lines[$0]) }.count >= 3 })
        for (index, line) in lines.enumerated() {
            if let i = rows.lastIndex(where: { joinsUnder(line, $0) }) {
                if continues(line, rows[i], screenWidth: screenWidth, dashes: dashes) {
                    rows[i].continued.append(line)
                } else {
                    rows[i].under.append(line)
                }
            } else if !crowded.contains(index),
                let i = rows.lastIndex(where: { joinsBeside(line, $0, screenWidth: screenWidth) })
            {
                rows[i].beside.append(line)
            } else {
                rows.append(Row(main: line, inGrid: crowded.contains(index)))
            }
        }
        for i in rows.indices {
            rows[i].siblings =
                rows.indices.filter { j in
                    j != i && rows[j].under.isEmpty && sameBand(rows[i].main, rows[j].main)
                }.count
        }
        return rows
    }

    /// True when `line`, under `row`'s last label line, carries on the label (a title or a
    /// name too long for one line, "Microsoft" over "Outlook Lite"): nothing but label lines
    /// above it, its letters as tall (0.8 to 1.35 times: a line without descenders is shorter),
    /// its left edge under the label's, not a value (digits) or an identifier (`com.jerboa`),
    /// and the label above does not end a clause (`Stashfin -`, `Google Pay:`, a comma). The
    /// label above spans a third of the screen (a wrapped title) or sits in a grid of labels
    /// (names under app icons, whose column is narrow).
    static func continues(_ line: TextLine, _ row: Row, screenWidth: Int, dashes: [PixelRect] = []) -> Bool {
        let above = row.continued.last ?? row.main
        guard row.under.isEmpty, row.beside.isEmpty,
            Double(line.height) >= 0.8 * Double(row.main.height),
            Double(line.height) <= 1.35 * Double(row.main.height),
            abs(line.box.x - above.box.x) <= above.height,
            digitShare(line.text) < 0.5, !isIdentifier(line.text), !endsClause(above, dashes: dashes)
        else { return false }
        return Double(above.box.width) >= 0.35 * Double(screenWidth) || row.inGrid
    }

    /// True for text with a dotted name in it (`com.android.systemui`, `github.com/x`): a
    /// package name or an address under a label, not more of the label.
    static func isIdentifier(_ text: String) -> Bool {
        text.range(of: "[A-Za-z0-9_]\\.[A-Za-z_]", options: .regularExpression) != nil
    }

    /// True when `line` ends a clause: its last word ends with `:`, `,`, `;` or a dash, or a
    /// dash mark (`dashes`) follows it on its band within one and a half heights.
    static func endsClause(_ line: TextLine, dashes: [PixelRect]) -> Bool {
        if let last = line.words.last?.text.unicodeScalars.last, ":,;-–—|".unicodeScalars.contains(last) {
            return true
        }
        return dashes.contains { dash in
            let mid = Double(dash.y) + Double(dash.height) / 2
            return dash.x >= line.maxX && Double(dash.x - line.maxX) <= 1.5 * Double(line.height)
                && mid >= Double(line.box.y) && mid <= Double(line.maxY)
        }
    }

    /// True for a word that is only a dash (`-`, `–`, `—`).
    static func isDash(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { "-–—".unicodeScalars.contains($0) }
    }

    static func joinsUnder(_ line: TextLine, _ row: Row) -> Bool {
        let above = row.under.last ?? row.continued.last ?? row.main
        let gap = line.box.y - above.maxY
        return gap >= -above.height / 4 && Double(gap) <= 1.2 * Double(above.height)
            && abs(line.box.x - row.main.box.x) <= above.height * 3 / 2
            && Double(line.height) <= Double(row.main.height) * 1.35 && row.beside.allSatisfy { $0.midY < line.midY }
    }

    static func joinsBeside(_ line: TextLine, _ row: Row, screenWidth: Int) -> Bool {
        let lines = [row.main] + row.continued + row.under
        guard lines.contains(where: { sameBand(line, $0) }), line.box.x > row.main.maxX else { return false }
        let valueLike = digitShare(line.text) >= 0.5
        let rightAligned =
            Double(line.maxX) > 0.85 * Double(screenWidth) && Double(row.main.box.x) < 0.25 * Double(screenWidth)
            && line.words.count <= 3 && Double(line.height) <= Double(row.main.height) * 1.1
        return valueLike || rightAligned || (!row.under.isEmpty && Double(line.height) < Double(row.main.height) * 0.95)
    }

    /// The share of `text`'s characters that are digits.
    static func digitShare(_ text: String) -> Double {
        text.isEmpty ? 0 : Double(text.unicodeScalars.filter { ("0"..."9").contains($0) }.count) / Double(text.count)
    }

    /// True for a section header: a lone short line at the left margin with the next line
    /// in capitals, or with taller text under it (within four of its heights, about as far
    /// left): "GENERAL" over "Language", "General" over "Checkbox Position".
    func isHeader(_ row: Row, among rows: [Row]) -> Bool {
        let line = row.main
        guard row.continued.isEmpty, row.under.isEmpty, row.beside.isEmpty, row.siblings == 0,
            line.words.count <= 3, Double(line.box.x) < 0.15 * Double(screenWidth)
        else { return false }
        let letters = line.text.unicodeScalars.filter { $0.properties.isAlphabetic }
        if !letters.isEmpty && letters.allSatisfy({ $0.properties.isUppercase }) && letters.count >= 3 { return true }
        guard
            let next = rows.map(\.main).filter({ $0.box.y > line.maxY && $0.box.y - line.maxY <= 4 * line.height })
                .min(by: { $0.box.y < $1.box.y }), abs(next.box.x - line.box.x) <= 2 * line.height
        else { return false }
        return Double(next.height) >= 1.1 * Double(line.height)
    }

    /// True when the two lines overlap vertically by half the smaller height.
    static func sameBand(_ a: TextLine, _ b: TextLine) -> Bool {
        let overlap = min(a.maxY, b.maxY) - max(a.box.y, b.box.y)
        return overlap * 2 >= min(a.height, b.height)
    }

    /// The proposal for one row, or nil when its label is empty after clean-up.
    func proposal(_ row: Row, among rows: [Row], typical: Double) -> DetectionProposal? {
        let label = Self.cleaned(row.label)
        guard label.unicodeScalars.filter({ $0.properties.isAlphabetic || ("0"..."9").contains($0) }).count >= 2
        else { return nil }
        let box = row.box
        let main = row.main
        let words = label.split(separator: " ").count
        let top = Double(main.box.y) / Double(screenHeight)
        let sentence =
            (label.hasSuffix(".") && words >= 4) || main.words.count >= 14 || row.continued.count >= 3
            || label.range(of: "[a-z]\\. [A-Z]", options: .regularExpression) != nil
        let valueAfterColon = label.range(of: ": [0-9]", options: .regularExpression) != nil
        let kind: DetectionProposal.Kind
        if sentence || valueAfterColon || isHeader(row, among: rows) {
            kind = .text
        } else if !row.under.isEmpty || !row.beside.isEmpty || !row.continued.isEmpty {
            kind = .row
        } else if row.siblings >= 2 && words <= 3 && (top < 0.3 || top > 0.8) {
            kind = .tab
        } else if Double(main.height) >= typical * 1.3 && top < 0.25 && row.siblings == 0
            && !rows.contains(where: { $0.main.maxY <= main.box.y })
        {
            kind = .title
        } else if words >= 7 {
            kind = .text
        } else if row.siblings == 0 && Double(main.box.x) < 0.22 * Double(screenWidth) {
            kind = .row
        } else {
            kind = .button
        }
        let factor: Double =
            switch kind {
            case .row: 1
            case .tab: 0.95
            case .button: 0.9
            case .title: 0.45
            case .text: 0.4
            }
        let letters = label.unicodeScalars.filter { $0.properties.isAlphabetic }.count
        let shape = letters == 0 ? 0.45 : Self.digitShare(label) >= 0.5 ? 0.7 : (label.count <= 2 ? 0.75 : 1)
        let confidence = ((main.confidence / 100) * factor * shape * 100).rounded() / 100
        return DetectionProposal(
            label: label,
            frame: frame(kind == .row ? box : Self.union(([main] + row.continued).map(\.box)), fullWidth: kind == .row),
            confidence: confidence,
            kind: kind)
    }

    /// `box` (pixels) in points, grown around its centre to at least 44x44 pt, or across the
    /// screen's full width for a row (with half a line of margin above and below), kept on screen.
    func frame(_ box: PixelRect, fullWidth: Bool) -> Rect {
        var x = Double(box.x) * unit
        var y = Double(box.y) * unit
        var w = Double(box.width) * unit
        var h = Double(box.height) * unit
        if fullWidth {
            x = 0
            w = device.width
            y -= 8
            h += 16
        }
        if w < Self.minimumTarget {
            x -= (Self.minimumTarget - w) / 2
            w = Self.minimumTarget
        }
        if h < Self.minimumTarget {
            y -= (Self.minimumTarget - h) / 2
            h = Self.minimumTarget
        }
        x = min(max(0, x), max(0, device.width - w))
        y = min(max(0, y), max(0, device.height - h))
        return Rect(x: x.rounded(), y: y.rounded(), width: w.rounded(), height: h.rounded())
    }

    /// `text` without the stray marks recognition reads off icons at its ends (`> Settings |`).
    static func cleaned(_ text: String) -> String {
        let stray = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "?!)\"'%$€")).inverted
        var words = text.split(separator: " ").map(String.init)
        while let first = words.first, first.unicodeScalars.allSatisfy({ stray.contains($0) }) { words.removeFirst() }
        while let last = words.last, last.unicodeScalars.allSatisfy({ stray.contains($0) }) { words.removeLast() }
        return words.joined(separator: " ").trimmingCharacters(in: stray.subtracting(CharacterSet(charactersIn: "+")))
    }

    /// The smallest rectangle holding `boxes`.
    static func union(_ boxes: [PixelRect]) -> PixelRect {
        let x0 = boxes.map(\.x).min() ?? 0
        let y0 = boxes.map(\.y).min() ?? 0
        let x1 = boxes.map { $0.x + $0.width }.max() ?? 0
        let y1 = boxes.map { $0.y + $0.height }.max() ?? 0
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
