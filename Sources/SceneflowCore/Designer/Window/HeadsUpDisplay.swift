/// The window's heads-up display (key `T`): the last transition's measured duration, frames
/// and hitches, drawn with `BitmapFont` as filled rectangles over the frame. The layout is in
/// whatever unit the caller draws in; the window player lays it out in window pixels, so the
/// display keeps its size at every zoom.
public enum HeadsUpDisplay {
    /// What to draw: a translucent backing box and the lit text pixels, in the layout's unit.
    public struct Layout: Equatable, Sendable {
        /// The backing box.
        public var background: Rect
        /// The text, as rectangles of lit pixels.
        public var text: [Rect]
    }

    /// The text lines for the last completed transition (`last`), the running one and the
    /// slow-motion factor (1 = off). Upper case, since the font has capitals only.
    public static func lines(last: TransitionRecord?, running: TransitionRecord?, slowMotion: Double) -> [String] {
        var lines: [String] = []
        if let r = last {
            let s = r.stats
            let measured = r.measuredDuration.map { TimingReport.ms($0) } ?? "-"
            lines.append("LAST \(r.from) -> \(r.to)")
            lines.append("\(r.transition.kind.rawValue) \(TimingReport.ms(r.animatedDuration)) -> \(measured) MS")
            lines.append("\(r.frameCount) FRAMES  P95 \(TimingReport.ms(s.p95Interval, decimals: 1)) MS")
            lines.append(
                "\(s.hitches) HITCH\(s.hitches == 1 ? "" : "ES")  \(String(format: "%.1f", s.hitchRatio)) MS/S")
            if r.isSlowMotion { lines.append("(SLOW X\(formatNumber(r.slowMotion)))") }
        } else {
            lines.append("NO TRANSITION YET")
        }
        if running != nil { lines.append("RUNNING...") }
        lines.append(slowMotion != 1 ? "S: SLOW X\(formatNumber(slowMotion)) ON" : "T: HUD  S: SLOW X10")
        return lines.map { $0.uppercased() }
    }

    /// Lays out `lines` at the top left of a `screen`-sized area: `pixel` units per font
    /// pixel (smaller, down to 1, when a line of figures would not fit), a margin of one
    /// character. The figures are never cut: only the scene names of the first line are
    /// shortened (ending in `~`) to fit the width.
    public static func layout(_ lines: [String], screen: Size, pixel preferred: Double = 2) -> Layout {
        let margin = 8.0
        func capacity(_ pixel: Double) -> Int {
            max(1, Int((screen.width - 2 * margin - 6 * pixel) / (Double(BitmapFont.advance) * pixel)))
        }
        let figures = lines.filter { !$0.hasPrefix("LAST ") }.map(\.count).max() ?? 0
        var pixel = preferred
        while pixel > 1 && capacity(pixel) < figures { pixel -= 0.5 }
        let padding = pixel * 3
        let lineHeight = Double(BitmapFont.height + 4) * pixel
        let maxChars = capacity(pixel)
        let shown = lines.map { fit($0, maxChars) }
        let longest = shown.map(\.count).max() ?? 0
        let width = Double(longest * BitmapFont.advance - 1) * pixel + 2 * padding
        let height = Double(shown.count) * lineHeight - 4 * pixel + 2 * padding
        let origin = Point(x: margin + padding, y: margin + 20 + padding)
        var rects: [Rect] = []
        for (index, line) in shown.enumerated() {
            let top = origin.y + Double(index) * lineHeight
            for run in BitmapFont.runs(line) {
                rects.append(
                    Rect(
                        x: origin.x + Double(run.column) * pixel, y: top + Double(run.row) * pixel,
                        width: Double(run.length) * pixel, height: pixel))
            }
        }
        return Layout(background: Rect(x: margin, y: margin + 20, width: width, height: height), text: rects)
    }

    /// `line` in at most `width` characters: "LAST from -> to" shortens both scene names
    /// evenly; other lines are cut only when even the smallest font cannot hold them.
    static func fit(_ line: String, _ width: Int) -> String {
        guard line.count > width else { return line }
        let parts = line.dropFirst(5).components(separatedBy: " -> ")
        guard line.hasPrefix("LAST "), parts.count == 2 else { return String(line.prefix(width)) }
        let room = max(2, (width - 5 - 4) / 2)
        func short(_ name: String) -> String { name.count <= room ? name : String(name.prefix(room - 1)) + "~" }
        return String("LAST \(short(parts[0])) -> \(short(parts[1]))".prefix(width))
    }
}
