/// Where the window's text panels (the `?` key list, reload and action errors, the cropped hint)
/// and element labels (`H`) go, in **window pixels** measured from the top-left of the part of
/// the device screen the window shows (`WindowView.visibleWindowSize`), so they are never cut by
/// the window's edge at any zoom (fit, 1:1, 50 %) or window size.
///
/// Text is measured with a `TextMeasuring` (the SDL layer's fonts in the window and in
/// `render --labels`), so the boxes drawn are the boxes laid out here. A panel's lines are
/// wrapped at word boundaries (a run of two or more spaces, which separates the key list's
/// columns, is preferred; a word longer than the line is split) to the width that fits between
/// `margin` on both sides and `padding` inside; continuation lines are indented by two spaces.
/// When the wrapped panel is taller than the room, the text is shrunk (down to
/// `minimumTextScale` × `textSize`) and wrapped again; what still does not fit ends with a `...`
/// line. Panels placed at the top stack downwards, those at the bottom upwards.
/// Labels keep their size and are moved left / up to stay inside the shown part (shortened with
/// `...` only when wider than it).
public enum PanelLayout {
    /// Space between a panel and the edges of the shown part, window pixels.
    public static let margin = 8.0
    /// Space between a panel's edge and its text at full size, window pixels (shrinks with the text).
    public static let padding = 10.0
    /// Extra space between lines at full size, window pixels.
    public static let lineGap = 2.0
    /// The font size of panel and label text at full size, window pixels (the em size).
    public static let textSize = 13.0
    /// The smallest text size, as a fraction of `textSize`.
    public static let minimumTextScale = 0.5
    /// Space around a label's text inside its box, window pixels.
    public static let labelPadding = 3.0

    /// One panel laid out: its frame (window pixels from the shown part's top-left), its lines
    /// (wrapped), the text size, the padding and the line height (window pixels).
    public struct Placed: Equatable, Sendable {
        /// The panel's rectangle, window pixels.
        public var frame: Rect
        /// The lines to draw, each fitting `frame` less the padding.
        public var lines: [String]
        /// The fraction of `textSize` the text is drawn at (1: full size).
        public var textScale: Double
        /// Space between the frame and the text, window pixels.
        public var padding: Double
        /// Distance between the tops of two lines, window pixels.
        public var lineHeight: Double
        /// The panel's background.
        public var background: OverlayColor
        /// The font size the lines are drawn at, window pixels.
        public var textSize: Double { PanelLayout.textSize * textScale }
    }

    /// An element label laid out: its box and its (possibly shortened) text, window pixels from
    /// the shown part's top-left. The text's top-left is `labelPadding` inside the box.
    public struct PlacedLabel: Equatable, Sendable {
        /// The box's top-left, window pixels.
        public var origin: Point
        /// The text drawn, shortened with `…` when the whole label is wider than the shown part.
        public var text: String
        /// The box's size (the text's measured size plus `labelPadding` on each side), window pixels.
        public var size: Size
        /// The box, window pixels.
        public var frame: Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
    }

    /// Lays out `panels` in a shown part of `area` window pixels with text measured by
    /// `measure` (see the type's notes).
    public static func layout(_ panels: [OverlayPanel], in area: Size, measure: any TextMeasuring) -> [Placed] {
        var top = margin
        var bottom = area.height - margin
        var result: [Placed] = []
        for panel in panels {
            var placed = fit(panel.lines, in: area, measure: measure)
            placed.background = panel.background
            let h = placed.frame.height
            switch panel.placement {
            case .top:
                top = max(top, margin + panel.inset)
                placed.frame.y = min(top, max(margin, area.height - margin - h))
                top = placed.frame.maxY + margin
            case .center:
                placed.frame.y = max(margin, (area.height - h) / 2)
            case .bottom:
                bottom = min(bottom, area.height - margin - panel.inset)
                placed.frame.y = max(margin, bottom - h)
                bottom = placed.frame.y - margin
            }
            result.append(placed)
        }
        return result
    }

    /// `lines` wrapped and shrunk to fit a panel in `area` (window pixels), at y = 0, centred
    /// horizontally.
    static func fit(_ lines: [String], in area: Size, measure: any TextMeasuring) -> Placed {
        let room = Size(width: max(1, area.width - 2 * margin), height: max(1, area.height - 2 * margin))
        var scale = 1.0
        while true {
            let pad = padding * scale
            let size = textSize * scale
            let lineHeight = measure.lineHeight(size: size) + lineGap * scale
            let textWidth = max(1, room.width - 2 * pad)
            var wrapped = lines.flatMap { wrap($0, width: textWidth) { measure.width($0, size: size) } }
            let height = Double(wrapped.count) * lineHeight + 2 * pad
            if height <= room.height || scale <= minimumTextScale {
                let rows = max(1, Int(((room.height - 2 * pad) / lineHeight).rounded(.down)))
                if wrapped.count > rows {
                    wrapped = Array(wrapped.prefix(rows - 1)) + ["..."]
                }
                let widest = wrapped.map { measure.width($0, size: size) }.max() ?? 0
                let w = min(room.width, widest.rounded(.up) + 2 * pad)
                let h = Double(wrapped.count) * lineHeight + 2 * pad
                return Placed(
                    frame: Rect(x: (area.width - w) / 2, y: 0, width: w, height: h), lines: wrapped, textScale: scale,
                    padding: pad, lineHeight: lineHeight, background: .panel)
            }
            scale = max(minimumTextScale, scale - 0.125)
        }
    }

    /// Splits `line` into lines of at most `columns` characters (`wrap(_:width:measure:)` with
    /// every character one unit wide).
    public static func wrap(_ line: String, columns: Int) -> [String] {
        wrap(line, width: Double(max(1, columns))) { Double($0.count) }
    }

    /// Splits `line` into lines no wider than `width` as `measure` measures them (window pixels
    /// of the drawn text): at the last run of two or more spaces that fits (a column gap: the
    /// next entry starts its own line, not indented), else the last space, else mid-word (at
    /// least one character per line); lines continuing an entry start with two spaces (when
    /// `width` holds eight spaces). Spaces inside a line are kept; characters (grapheme
    /// clusters) are never split.
    public static func wrap(_ line: String, width: Double, measure: (String) -> Double) -> [String] {
        var rest = Array(line)
        var result: [String] = []
        let indent: [Character] = measure(String(repeating: " ", count: 8)) <= width ? [" ", " "] : []
        var continues = false
        while true {
            let prefix = continues ? indent : []
            if measure(String(prefix + rest)) <= width {
                result.append(String(prefix + rest))
                return result
            }
            // The most characters of `rest` that fit after `prefix` (at least one).
            var low = 1
            var high = rest.count
            while low < high {
                let mid = (low + high + 1) / 2
                if measure(String(prefix + rest[..<mid])) <= width { low = mid } else { high = mid - 1 }
            }
            let cut = breakPoint(rest, width: low)
            result.append(String(prefix + rest[..<cut.end]))
            rest = Array(rest[cut.next...])
            continues = !cut.atColumnGap
        }
    }

    /// Where to break `text` for a line of `width` characters: the line ends before `end`, the
    /// next starts at `next` (spaces at the break are dropped); `atColumnGap` when the break is
    /// a run of two or more spaces.
    private static func breakPoint(_ text: [Character], width: Int) -> (end: Int, next: Int, atColumnGap: Bool) {
        var single: (Int, Int)?
        var double: (Int, Int)?
        var i = 0
        while i <= width && i < text.count {
            if text[i] == " " {
                var j = i
                while j < text.count && text[j] == " " { j += 1 }
                if i > 0 {
                    if j - i >= 2 { double = (i, j) } else { single = (i, j) }
                }
                i = j
            } else {
                i += 1
            }
        }
        if let double { return (double.0, double.1, true) }
        if let single { return (single.0, single.1, false) }
        return (width, width, false)  // one word longer than the line
    }

    /// Where an element label of `text` goes: its box starting at `corner` (the element's
    /// top-left, window pixels from the shown part's top-left), moved left / up just enough to
    /// stay inside `area`, with the text measured by `measure` at `textSize` and shortened with
    /// `…` when the box would be wider than `area`. `padding` is the space around the text.
    public static func label(
        _ text: String, at corner: Point, in area: Size, padding: Double = labelPadding, measure: any TextMeasuring
    ) -> PlacedLabel {
        let room = area.width - 2 * padding
        var shown = text
        if measure.width(shown, size: textSize) > room {
            let characters = Array(text)
            func fits(_ keep: Int) -> Bool {
                measure.width(String(characters.prefix(keep)) + "…", size: textSize) <= room
            }
            // The longest prefix that fits with its `…`: grow it by doubling until it no longer
            // fits, then halve the gap. About 2 log k measurements of at most 2k characters (k
            // kept) whatever the label's length: cutting one character at a time measured the
            // label as many times as it had characters (a 3 000-character label took seconds).
            var low = 0  // fits (with none kept, "…" alone is shown)
            var high = 1
            while high < characters.count && fits(high) {
                low = high
                high *= 2
            }
            high = min(high, characters.count)  // does not fit: the whole label did not
            while high - low > 1 {
                let middle = (low + high) / 2
                if fits(middle) { low = middle } else { high = middle }
            }
            shown = String(characters.prefix(low)) + "…"
        }
        let measured = measure.measure(shown, size: textSize)
        let w = measured.width.rounded(.up) + 2 * padding
        let h = measured.height.rounded(.up) + 2 * padding
        let x = max(0, min(corner.x, area.width - w))
        let y = max(0, min(corner.y, area.height - h))
        return PlacedLabel(origin: Point(x: x, y: y), text: shown, size: Size(width: w, height: h))
    }

    /// Where several element labels go (`label(_:at:in:padding:measure:)` each, in order),
    /// moved so that none covers one placed before it: a label that would overlap an earlier
    /// one goes just below it, or just above it when below would leave `area`. `corners` are
    /// the elements' top-left corners in window pixels from the shown part's top-left.
    public static func labels(
        _ texts: [String], at corners: [Point], in area: Size, padding: Double = labelPadding,
        measure: any TextMeasuring
    ) -> [PlacedLabel] {
        var placed: [Rect] = []
        var result: [PlacedLabel] = []
        for (text, corner) in zip(texts, corners) {
            var label = label(text, at: corner, in: area, padding: padding, measure: measure)
            var rect = label.frame
            var moves = 0
            while moves <= placed.count, let other = placed.first(where: { $0.intersects(rect) }) {
                moves += 1
                let below = other.y + other.height
                rect.y = below + rect.height <= area.height ? below : max(0, other.y - rect.height)
            }
            label.origin = Point(x: rect.x, y: rect.y)
            placed.append(rect)
            result.append(label)
        }
        return result
    }
}
