import Testing

@testable import SceneflowCore

/// The recorder writes a locator that matches exactly the element that was hit, among the
/// elements a script sees at that moment (issue 13.5): a bare label when it is unique, the
/// label and kind when the kind tells the matches apart, else the label and `index = n`.
@Suite struct ScriptRecorderLocatorTests {
    typealias R = ScriptRecorderTests

    /// "detail": a back button and a tab both labelled "Cars", two "Delete" buttons, "Photo"
    /// (double tap) and "Card" (long press, swipe left) twice each with one kind; its
    /// landscape variant has a single "Cars" (a tab). "list" and "tabbed" are plain.
    static func session() -> Session {
        func frame(_ x: Double, _ y: Double, _ w: Double = 80, _ h: Double = 40) -> Rect {
            Rect(x: x, y: y, width: w, height: h)
        }
        let cut = Transition.cut
        var detail = Scene(
            name: "detail", image: "detail.png",
            elements: [
                Element(label: "Cars", frame: frame(0, 0), kind: "back_button", onTap: .back),
                Element(label: "Cars", frame: frame(0, 360), kind: "tab", onTap: .go(scene: "tabbed", transition: cut)),
                Element(
                    label: "Delete", frame: frame(0, 100), kind: "button", onTap: .go(scene: "list", transition: cut)),
                Element(
                    label: "Delete", frame: frame(100, 100), kind: "button",
                    onTap: .go(scene: "tabbed", transition: cut)),
                Element(label: "Photo", frame: frame(0, 200), onDoubleTap: .go(scene: "list", transition: cut)),
                Element(label: "Photo", frame: frame(100, 200), onDoubleTap: .go(scene: "tabbed", transition: cut)),
                Element(
                    label: "Card", frame: frame(0, 260, 200, 60), onSwipe: [.left: .go(scene: "list", transition: cut)],
                    onLongPress: .go(scene: "tabbed", transition: cut)),
                Element(
                    label: "Card", frame: frame(0, 300, 200, 50),
                    onSwipe: [.left: .go(scene: "tabbed", transition: cut)],
                    onLongPress: .go(scene: "list", transition: cut)),
            ])
        detail.design.landscape = LandscapeVariant(
            image: "detail_land.png", screen: .wholeImage,
            elements: [
                Element(label: "Cars", frame: frame(0, 140), kind: "tab", onTap: .go(scene: "tabbed", transition: cut))
            ])
        let home = Scene(
            name: "home", image: "home.png",
            elements: [Element(label: "Open", frame: frame(0, 0), onTap: .go(scene: "detail", transition: cut))])
        let list = Scene(name: "list", image: "list.png")
        let tabbed = Scene(name: "tabbed", image: "tabbed.png")
        let device = Device(width: 200, height: 400, scale: 1)
        return Session(
            prototype: Prototype(name: "Cars", device: device, start: "home", scenes: [home, detail, list, tabbed]))
    }

    /// Opens "detail" (tap "Open") and returns the recorder.
    static func opened(_ s: Session) -> ScriptRecorder {
        let r = ScriptRecorder(start: "home")
        R.play(s, r, [(.down, 10, 10), (.up, 10, 10)])
        R.frames(s, r, 0.5)  // past the double-tap interval
        return r
    }

    @Test func aBackButtonAndATabBothLabelledCarsAreToldApartByKind() {
        let s = Self.session()
        let r = Self.opened(s)
        R.play(s, r, [(.down, 10, 10), (.up, 10, 10)])  // the back button
        R.frames(s, r, 0.5)
        R.play(s, r, [(.down, 10, 10), (.up, 10, 10)])  // "Open" again
        R.frames(s, r, 0.5)
        R.play(s, r, [(.down, 10, 370), (.up, 10, 370)])  // the tab
        R.frames(s, r, 0.1)
        #expect(
            r.lines == [
                "expect.scene \"home\"", "tap \"Open\"", "expect.scene \"detail\"",
                "tap {label = \"Cars\", kind = \"back_button\"}", "expect.scene \"home\"", "tap \"Open\"",
                "expect.scene \"detail\"", "tap {label = \"Cars\", kind = \"tab\"}", "expect.scene \"tabbed\"",
            ], "\(r.lines)")
    }

    @Test func matchesOfOneKindAreToldApartByIndexForEveryGesture() {
        let s = Self.session()
        let r = Self.opened(s)
        R.play(s, r, [(.down, 110, 110), (.up, 110, 110)])  // the second "Delete"
        R.frames(s, r, 0.1)
        s.perform(.back, source: "key Escape")
        R.frames(s, r, 0.1)
        R.play(s, r, [(.down, 110, 210), (.up, 110, 210), (.down, 110, 210), (.up, 110, 210)], gap: 1.0 / 60)
        R.frames(s, r, 0.5)  // the second "Photo", double-tapped
        s.perform(.back, source: "key Escape")
        R.frames(s, r, 0.1)
        s.handle(InputEvent(.down, Point(x: 100, y: 330), at: s.now))  // the second "Card", held
        R.frames(s, r, 0.8)
        s.handle(InputEvent(.up, Point(x: 100, y: 330), at: s.now))
        R.frames(s, r, 0.1)
        s.perform(.back, source: "key Escape")
        R.frames(s, r, 0.1)
        R.play(s, r, [(.down, 150, 270), (.move, 100, 270), (.up, 40, 270)])  // swipe left on the first "Card"
        R.frames(s, r, 0.1)
        let steps = r.lines.filter { !$0.hasPrefix("expect.scene") && $0 != "back()" }
        #expect(
            steps == [
                "tap \"Open\"", "tap {label = \"Delete\", index = 2}", "double_tap {label = \"Photo\", index = 2}",
                "long_press({label = \"Card\", index = 2}, 0.8)",
                "swipe(\"left\", {on = {label = \"Card\", index = 1}})",
            ], "\(r.lines)")
    }

    @Test func theElementsOfTheLandscapeVariantAreTheOnesCounted() {
        let s = Self.session()
        let r = Self.opened(s)
        _ = s.rotate(to: .landscape)
        R.frames(s, r, 0.5)
        R.play(s, r, [(.down, 10, 150), (.up, 10, 150)])  // the one "Cars" of the landscape variant
        R.frames(s, r, 0.1)
        #expect(r.lines.contains("tap \"Cars\""), "unique in landscape: \(r.lines)")
    }

    @Test func aTapOnAStarRatingOutsideItsStarsChangesNothingAndIsLeftOut() {
        let s = ScriptRecorderPendingTests.ratingSession()
        let r = ScriptRecorder(start: "rate")
        R.play(s, r, [(.down, 30, 310), (.up, 30, 310)])  // inside the frame, left of the first star
        R.frames(s, r, 0.2)
        #expect(r.lines == ["expect.scene \"rate\""], "a replayed tap would rate at the centre: \(r.lines)")
    }
}
