import Testing

@testable import SceneflowCore

@Suite struct HeadsUpDisplayTests {
    let measure = FixedAdvanceText()

    @Test func showsTheLastTransitionAndStaysOnScreen() {
        var r = TransitionRecord(
            from: "home", to: "Über 日本語", transition: Transition(kind: .crossfade, duration: 0.35), start: 0)
        r.frames = (0...21).map { FrameSample(clock: Double($0) / 60) }
        r.completion = 0.35
        let lines = HeadsUpDisplay.lines(last: r, running: nil, slowMotion: 1)
        #expect(lines[0] == "LAST home -> Über 日本語", "scene names as written, in any script")
        #expect(lines[1] == "CROSSFADE 350 -> 350 MS")
        #expect(lines[2].hasPrefix("22 FRAMES"))
        #expect(lines[3].hasPrefix("0 HITCHES"))
        #expect(HeadsUpDisplay.lines(last: nil, running: nil, slowMotion: 10).last == "S: SLOW X10 ON")
        let screen = Size(width: 360, height: 800)
        let layout = HeadsUpDisplay.layout(
            lines + [String(repeating: "W", count: 80)], screen: screen, measure: measure)
        #expect(layout.lines.count == lines.count + 1)
        let box = layout.background
        #expect(box.x >= 0 && box.maxX <= screen.width && box.y >= 0 && box.maxY <= screen.height)
        for line in layout.lines {
            let w = measure.width(line.text, size: layout.textSize)
            let h = measure.lineHeight(size: layout.textSize)
            #expect(line.origin.x >= box.x && line.origin.x + w <= box.maxX + 0.001, "\(line)")
            #expect(line.origin.y >= box.y && line.origin.y + h <= box.maxY + 0.001, "\(line)")
        }
        let tops = layout.lines.map(\.origin.y)
        #expect(tops == tops.sorted() && Set(tops).count == tops.count, "one line under the other")
    }
}

/// Long scene names never push the figures out of the heads-up display.
@Suite struct HeadsUpDisplayFitTests {
    @Test func longSceneNamesAreShortenedNotTheFigures() {
        let measure = FixedAdvanceText()
        let lines = [
            "LAST S1_EN_US_PHONE_PORTRAIT_LIGHT_LIST -> S2_EN_US_PHONE_PORTRAIT_LIGHT_DETAIL",
            "PUSH_LEFT 350 -> 360 MS", "24 FRAMES  P95 16.6 MS", "0 HITCHES  0.0 MS/S", "T: HUD  S: SLOW X10",
        ]
        func columns(_ s: String) -> Double { Double(s.count) }
        let fitted = HeadsUpDisplay.fit(lines[0], width: 30, measure: columns)
        #expect(fitted.count <= 30 && fitted.hasPrefix("LAST S1_EN_") && fitted.contains("~ -> S2_EN_"), "\(fitted)")
        #expect(HeadsUpDisplay.fit(lines[1], width: 30, measure: columns) == lines[1])
        // A narrow window (263 pt, ShoppingList at zoom 2) still shows every figure.
        let layout = HeadsUpDisplay.layout(lines, screen: Size(width: 180, height: 400), measure: measure)
        #expect(layout.background.maxX <= 180 - 8 + 0.001, "\(layout.background)")
        #expect(Array(layout.lines.dropFirst().map(\.text)) == Array(lines.dropFirst()), "figures whole")
        #expect(layout.textSize < HeadsUpDisplay.textSizes.upperBound, "shrunk to fit")
    }
}
