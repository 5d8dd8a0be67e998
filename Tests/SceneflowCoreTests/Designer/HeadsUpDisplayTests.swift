import Testing

@testable import SceneflowCore

@Suite struct HeadsUpDisplayTests {
    @Test func everyGlyphIsSevenRowsOfFive() {
        for (character, _) in BitmapFont.glyphs {
            let rows = BitmapFont.rows(character)
            #expect(rows.count == BitmapFont.height, "\(character)")
            #expect(rows.allSatisfy { $0.count == BitmapFont.width }, "\(character)")
        }
        #expect(BitmapFont.rows("a") == BitmapFont.rows("A"))
        #expect(BitmapFont.rows("×") == BitmapFont.rows("X"))
        #expect(BitmapFont.rows("@") == BitmapFont.rows("?"))
    }

    @Test func runsMergeLitPixelsAndAdvanceSixColumns() {
        // "T": the top row is one run of five, then one pixel in the middle column per row.
        let t = BitmapFont.runs("T")
        #expect(t.count == 7)
        #expect(t[0] == (row: 0, column: 0, length: 5))
        #expect(t.dropFirst().allSatisfy { $0.column == 2 && $0.length == 1 })
        let second = BitmapFont.runs(" T")
        #expect(second.first?.column == 6)
    }

    @Test func showsTheLastTransitionAndStaysOnScreen() {
        var r = TransitionRecord(
            from: "home", to: "details", transition: Transition(kind: .crossfade, duration: 0.35), start: 0)
        r.frames = (0...21).map { FrameSample(clock: Double($0) / 60) }
        r.completion = 0.35
        let lines = HeadsUpDisplay.lines(last: r, running: nil, slowMotion: 1)
        #expect(lines[0] == "LAST HOME -> DETAILS")
        #expect(lines[1] == "CROSSFADE 350 -> 350 MS")
        #expect(lines[2].hasPrefix("22 FRAMES"))
        #expect(lines[3].hasPrefix("0 HITCHES"))
        #expect(HeadsUpDisplay.lines(last: nil, running: nil, slowMotion: 10).last == "S: SLOW X10 ON")
        let screen = Size(width: 360, height: 800)
        let layout = HeadsUpDisplay.layout(lines + [String(repeating: "W", count: 80)], screen: screen)
        #expect(!layout.text.isEmpty)
        for rect in layout.text + [layout.background] {
            #expect(rect.x >= 0 && rect.maxX <= screen.width && rect.y >= 0 && rect.maxY <= screen.height)
        }
        #expect(layout.text.allSatisfy { $0.x >= layout.background.x && $0.maxX <= layout.background.maxX })
    }
}

/// Long scene names never push the figures out of the heads-up display.
@Suite struct HeadsUpDisplayFitTests {
    @Test func longSceneNamesAreShortenedNotTheFigures() {
        let lines = [
            "LAST S1_EN_US_PHONE_PORTRAIT_LIGHT_LIST -> S2_EN_US_PHONE_PORTRAIT_LIGHT_DETAIL",
            "PUSH_LEFT 350 -> 360 MS", "24 FRAMES  P95 16.6 MS", "0 HITCHES  0.0 MS/S", "T: HUD  S: SLOW X10",
        ]
        let fitted = HeadsUpDisplay.fit(lines[0], 30)
        #expect(fitted.count <= 30 && fitted.hasPrefix("LAST S1_EN_") && fitted.contains("~ -> S2_EN_"))
        #expect(HeadsUpDisplay.fit(lines[1], 30) == lines[1])
        // A narrow window (263 pt, ShoppingList at zoom 2) still shows every figure.
        let layout = HeadsUpDisplay.layout(lines, screen: Size(width: 180, height: 400))
        #expect(layout.background.maxX <= 180 - 8 + 0.001, "\(layout.background)")
    }
}
