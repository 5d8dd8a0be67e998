/// The window's heads-up display (key `T`): the last transition's measured duration, frames
/// and hitches as lines of text on a translucent box over the frame. The layout is in whatever
/// unit the caller draws text in (the window player lays it out in window pixels, so the
/// display keeps its size at every zoom), with widths from a `TextMeasuring`.
public enum HeadsUpDisplay {
    /// What to draw: a backing box and lines of text, in the layout's unit.
    public struct Layout: Equatable, Sendable {
        /// One line of text and the top-left of its line box.
        public struct Line: Equatable, Sendable {
            /// The text (the first line's scene names shortened with `~` to fit).
            public var text: String
            /// The top-left of the line.
            public var origin: Point
        }
        /// The backing box.
        public var background: Rect
        /// The lines, top to bottom.
        public var lines: [Line]
        /// The font size the lines are drawn at (the em size).
        public var textSize: Double
    }

    /// The text lines for the last completed transition (`last`), the running one and the
    /// slow-motion factor (1 = off). Scene names are shown as written (any script).
    public static func lines(last: TransitionRecord?, running: TransitionRecord?, slowMotion: Double) -> [String] {
        var lines: [String] = []
        if let r = last {
            let s = r.stats
            let measured = r.measuredDuration.map { TimingReport.ms($0) } ?? "-"
            lines.append("LAST \(r.from) -> \(r.to)")
            lines.append(
                "\(r.transition.kind.rawValue.uppercased()) \(TimingReport.ms(r.animatedDuration)) -> \(measured) MS")
            lines.append("\(r.frameCount) FRAMES  P95 \(TimingReport.ms(s.p95Interval, decimals: 1)) MS")
            lines.append(
                "\(s.hitches) HITCH\(s.hitches == 1 ? "" : "ES")  \(String(format: "%.1f", s.hitchRatio)) MS/S")
            if r.isSlowMotion { lines.append("(SLOW X\(formatNumber(r.slowMotion)))") }
        } else {
            lines.append("NO TRANSITION YET")
        }
        if running != nil { lines.append("RUNNING...") }
        lines.append(slowMotion != 1 ? "S: SLOW X\(formatNumber(slowMotion)) ON" : "T: HUD  S: SLOW X10")
        return lines
    }

    /// The largest and smallest font sizes of the display, layout units.
    public static let textSizes: ClosedRange<Double> = 8...14

    /// Lays out `lines` at the top left of a `screen`-sized area with text measured by
    /// `measure`: at `preferred` size (smaller, down to `textSizes.lowerBound`, when a line of
    /// figures would not fit), a margin of 8 units. The figures are never cut: only the scene
    /// names of the first line are shortened (ending in `~`) to fit the width.
    public static func layout(
        _ lines: [String], screen: Size, measure: any TextMeasuring, size preferred: Double = textSizes.upperBound
    ) -> Layout {
        let margin = 8.0
        func room(_ size: Double) -> Double { max(1, screen.width - 2 * margin - 2 * padding(size)) }
        func widest(_ size: Double) -> Double {
            lines.filter { !$0.hasPrefix("LAST ") }.map { measure.width($0, size: size) }.max() ?? 0
        }
        var size = preferred
        while size > textSizes.lowerBound && widest(size) > room(size) { size -= 1 }
        let pad = padding(size)
        let lineHeight = measure.lineHeight(size: size) + size * 0.2
        let shown = lines.map { fit($0, width: room(size)) { measure.width($0, size: size) } }
        let longest = shown.map { measure.width($0, size: size) }.max() ?? 0
        let width = longest.rounded(.up) + 2 * pad
        let height = Double(shown.count) * lineHeight - size * 0.2 + 2 * pad
        let origin = Point(x: margin + pad, y: margin + 20 + pad)
        let placed = shown.enumerated().map { index, line in
            Layout.Line(text: line, origin: Point(x: origin.x, y: origin.y + Double(index) * lineHeight))
        }
        return Layout(
            background: Rect(x: margin, y: margin + 20, width: width, height: height), lines: placed, textSize: size)
    }

    /// The space between the box and the text at font size `size`.
    static func padding(_ size: Double) -> Double { (size * 0.4).rounded() }

    /// `line` no wider than `width` as `measure` measures it: "LAST from -> to" shortens both
    /// scene names evenly (each ending in `~`); other lines are cut only when even the smallest
    /// font cannot hold them.
    static func fit(_ line: String, width: Double, measure: (String) -> Double) -> String {
        guard measure(line) > width else { return line }
        let parts = line.dropFirst(5).components(separatedBy: " -> ")
        func cut(_ text: String) -> String {
            var characters = Array(text)
            while characters.count > 1 && measure(String(characters)) > width { characters.removeLast() }
            return String(characters)
        }
        guard line.hasPrefix("LAST "), parts.count == 2 else { return cut(line) }
        func short(_ name: String, _ room: Int) -> String {
            name.count <= room ? name : String(name.prefix(room - 1)) + "~"
        }
        var room = max(parts[0].count, parts[1].count)
        while room > 2 {
            let candidate = "LAST \(short(parts[0], room)) -> \(short(parts[1], room))"
            if measure(candidate) <= width { return candidate }
            room -= 1
        }
        return cut("LAST \(short(parts[0], 2)) -> \(short(parts[1], 2))")
    }
}
