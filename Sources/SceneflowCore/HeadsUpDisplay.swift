/// The window's heads-up display (key `T`): the last transition's measured duration, frames
/// and hitches, drawn with `BitmapFont` as filled rectangles in points over the frame.
public enum HeadsUpDisplay {
    /// What to draw: a translucent backing box and the lit text pixels, in points.
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

    /// Lays out `lines` at the top left of a `screen`-sized area: `pixel` points per font
    /// pixel, a margin of one character, lines cut to fit the width.
    public static func layout(_ lines: [String], screen: Size, pixel: Double = 2) -> Layout {
        let margin = 8.0
        let padding = pixel * 3
        let lineHeight = Double(BitmapFont.height + 4) * pixel
        let maxChars = max(1, Int((screen.width - 2 * margin - 2 * padding) / (Double(BitmapFont.advance) * pixel)))
        let shown = lines.map { String($0.prefix(maxChars)) }
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
}
