import Testing

@testable import SceneflowCore

/// Panels and labels in the window are never cut (QA item 13): wrapped at word boundaries or
/// shrunk to the shown part, with padding on both sides; labels moved inside it.
@Suite struct PanelLayoutTests {
    let keyList = OverlayPanel(lines: ["Keys"] + DesignerState.keyHelp, placement: .center)
    /// 8 x 16 px per character at 13 px, like the monospaced font the window had before.
    static let measure = FixedAdvanceText(advance: 8 / 13, lineHeight: 16 / 13)
    var measure: FixedAdvanceText { Self.measure }

    /// Every line fits its panel less the padding, and every panel lies inside `area` with the margin.
    func expectInside(_ placed: [PanelLayout.Placed], _ area: Size, sourceLocation: SourceLocation = #_sourceLocation) {
        for p in placed {
            let m = PanelLayout.margin - 0.001
            #expect(
                p.frame.x >= m && p.frame.maxX <= area.width - m, "\(p.frame) in \(area)",
                sourceLocation: sourceLocation)
            #expect(
                p.frame.y >= m && p.frame.maxY <= area.height - m, "\(p.frame) in \(area)",
                sourceLocation: sourceLocation)
            for line in p.lines {
                #expect(
                    Self.measure.width(line, size: p.textSize) <= p.frame.width - 2 * p.padding + 0.001, "\(line)",
                    sourceLocation: sourceLocation)
            }
            #expect(p.padding > 0, sourceLocation: sourceLocation)
        }
    }

    @Test func theKeyListWrapsAtWordsInASmallWindow() {
        // ShoppingList at 50 %: 526x935 px device pixels shown in 263x468 window pixels.
        let area = Size(width: 263, height: 468)
        let placed = PanelLayout.layout([keyList], in: area, measure: measure)
        expectInside(placed, area)
        let lines = placed[0].lines
        #expect(placed[0].textScale == 1, "room enough at full size: \(lines)")
        #expect(lines.contains("wheel = scroll"), "a column entry starts its own line: \(lines)")
        #expect(lines.contains("Q = quit"), "\(lines)")
        // No word is cut: every word of the key list is found whole.
        let words = Set(lines.flatMap { $0.split(separator: " ").map(String.init) })
        for word in (["Keys"] + DesignerState.keyHelp).flatMap({ $0.split(separator: " ").map(String.init) }) {
            #expect(words.contains(word), "\(word) cut: \(lines)")
        }
    }

    @Test func aWideWindowKeepsTheLinesWhole() {
        let area = Size(width: 800, height: 800)
        let placed = PanelLayout.layout([keyList], in: area, measure: measure)
        #expect(placed[0].lines == ["Keys"] + DesignerState.keyHelp)
        expectInside(placed, area)
        #expect(placed[0].frame.width == 48 * 8 + 2 * PanelLayout.padding)
    }

    @Test func aShortWindowShrinksTheText() {
        let area = Size(width: 240, height: 260)
        let placed = PanelLayout.layout([keyList], in: area, measure: measure)
        expectInside(placed, area)
        #expect(placed[0].textScale < 1)
        #expect(placed[0].lines.last != "...", "shrinking was enough: \(placed[0].lines)")
    }

    @Test func aTinyWindowEndsWithAnEllipsisInsteadOfRunningOff() {
        let area = Size(width: 120, height: 90)
        let placed = PanelLayout.layout([keyList], in: area, measure: measure)
        expectInside(placed, area)
        #expect(placed[0].lines.last == "...")
    }

    @Test func longWordsAreSplitAndTopPanelsStack() {
        let path = "/work/some/very/long/path/without/spaces/prototype.lua:12: boom"
        let area = Size(width: 200, height: 400)
        let placed = PanelLayout.layout(
            [
                OverlayPanel(lines: ["Reload failed", path], placement: .top, background: .error),
                OverlayPanel(lines: ["Action failed", path], placement: .top, background: .error),
            ], in: area, measure: measure)
        expectInside(placed, area)
        #expect(placed[0].lines.joined().replacingOccurrences(of: " ", with: "").contains("boom"))
        #expect(placed[1].frame.y >= placed[0].frame.maxY, "stacked, not drawn over each other")
        #expect(placed[0].background == .error)
    }

    @Test func wrapPrefersColumnGapsAndIndentsContinuations() {
        // A break at a column gap starts the next entry on its own line, not indented.
        #expect(
            PanelLayout.wrap("click = tap    drag = swipe    wheel = scroll", columns: 30)
                == ["click = tap    drag = swipe", "wheel = scroll"])
        #expect(
            PanelLayout.wrap("Esc, Backspace = back          Q = quit", columns: 24) == [
                "Esc, Backspace = back", "Q = quit",
            ])
        // A break inside an entry indents what continues it.
        #expect(
            PanelLayout.wrap("H = show every element and its label", columns: 20) == [
                "H = show every", "  element and its", "  label",
            ])
        #expect(PanelLayout.wrap("abcdefghijkl", columns: 5) == ["abcde", "fghij", "kl"])
        #expect(PanelLayout.wrap("short", columns: 40) == ["short"])
    }

    @Test func labelsNearTheRightOrBottomEdgeMoveInside() {
        // Notes, `More options` at x 316 pt of 360 (scale 3) shown at fit in 405x900 window pixels.
        let area = Size(width: 405, height: 900)
        let corner = Point(x: 316 * 1.125, y: 41 * 1.125)
        let placed = PanelLayout.label("More options", at: corner, in: area, measure: measure)
        #expect(placed.text == "More options")
        #expect(placed.size == Size(width: 12 * 8 + 6, height: 16 + 6), "the measured text plus the padding")
        #expect(placed.frame.maxX <= area.width)
        #expect(placed.origin.y == corner.y)
        let bottom = PanelLayout.label("Add", at: Point(x: 10, y: 895), in: area, measure: measure)
        #expect(bottom.frame.maxY <= area.height)
        let left = PanelLayout.label("Back", at: Point(x: 10, y: 10), in: area, measure: measure)
        #expect(left.origin == Point(x: 10, y: 10), "labels that fit stay at the element's corner")
        let long = PanelLayout.label(
            String(repeating: "x", count: 80), at: Point(x: 0, y: 0), in: area, measure: measure)
        #expect(long.text.hasSuffix("…") && long.frame.width <= area.width)
        #expect(measure.width(long.text, size: PanelLayout.textSize) + 6 <= area.width)
        // Wide characters are measured as wide: a CJK label's box is twice as wide per character.
        let cjk = PanelLayout.label("日本語", at: Point(x: 0, y: 0), in: area, measure: measure)
        #expect(cjk.size.width == 6 * 8 + 6)
    }

    /// Counts the text measured, in characters: a label cut to fit must cost about its length
    /// times the logarithm of it, not its length squared (a 3 000-character label took 6-13 s
    /// to draw with `render --labels`, the `H` overlay froze the window).
    final class CountingMeasure: TextMeasuring, @unchecked Sendable {
        var characters = 0
        func measure(_ text: String, size: Double) -> Size {
            characters += text.unicodeScalars.count
            return FixedAdvanceText().measure(text, size: size)
        }
    }

    @Test(arguments: [100, 1_000, 10_000])
    func cuttingALongLabelMeasuresItsTextAFewTimes(length: Int) {
        let measure = CountingMeasure()
        let area = Size(width: 200, height: 400)
        let placed = PanelLayout.label(
            String(repeating: "L", count: length), at: Point(x: 0, y: 0), in: area, measure: measure)
        #expect(placed.text.hasSuffix("…") && placed.frame.width <= area.width)
        let fits = FixedAdvanceText().width(placed.text, size: PanelLayout.textSize) <= area.width - 6
        #expect(fits)
        // One more character would not fit: the cut is the longest that does.
        let longer = String(placed.text.dropLast()) + "L…"
        #expect(FixedAdvanceText().width(longer, size: PanelLayout.textSize) > area.width - 6)
        #expect(measure.characters <= length + 2_000, "measured \(measure.characters) characters for \(length)")
    }

    @Test func aLabelMovedInFromTheEdgeNeverCoversAnEarlierOne() {
        // ShoppingList at 50 %: "Room Renovation" at the row's left, "Expand Room Renovation"
        // on the chevron near the right edge, moved left over the first label before.
        let area = Size(width: 262, height: 468)
        let texts = ["Room Renovation", "Expand Room Renovation"]
        let corners = [Point(x: 6, y: 170), Point(x: 236, y: 170)]
        let placed = PanelLayout.labels(texts, at: corners, in: area, measure: measure)
        func rect(_ i: Int) -> Rect { placed[i].frame }
        #expect(placed[0].origin == corners[0], "the first keeps its corner")
        #expect(!rect(0).intersects(rect(1)), "\(rect(0)) \(rect(1))")
        #expect(rect(1).y == rect(0).y + rect(0).height, "just below the one it would cover")
        #expect(rect(1).x + rect(1).width <= area.width)
        // At the bottom edge the later label goes above instead.
        let low = PanelLayout.labels(
            texts, at: [Point(x: 6, y: 450), Point(x: 236, y: 450)], in: area, measure: measure)
        #expect(low[1].origin.y < low[0].origin.y, "\(low)")
    }
}
