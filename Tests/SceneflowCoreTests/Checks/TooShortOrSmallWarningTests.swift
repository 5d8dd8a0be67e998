import Testing

@testable import SceneflowCore

/// `sceneflow check` warns about durations above 0 but under one 60 Hz frame (a scene's
/// `after`, its actions' transitions, tab transitions) and element frames under 1 pt wide or
/// high, each at its key path; durations of 0 or at least a frame, and frames of at least
/// 1 pt, are left alone.
@Suite struct TooShortOrSmallWarningTests {
    let device = Device(width: 360, height: 800, scale: 3)
    static let tooShort: [Double] = [4.9e-324, 1e-300, 1e-9, 0.001, 1.0 / 61, 1.0 / 60 - 1e-12]
    static let fine: [Double] = [0, 1.0 / 60, 0.02, 0.35, 3]

    /// A prototype that uses `seconds` everywhere a duration can be declared.
    func prototype(seconds: Double, size: Double = 40) -> Prototype {
        let push = Transition(kind: .pushLeft, duration: seconds)
        var home = Scene(
            name: "home", image: "home.png",
            elements: [
                Element(
                    label: "Open", frame: Rect(x: 10, y: 100, width: size, height: 40),
                    onTap: .go(scene: "menu", transition: push), path: "scenes.home.elements[1]"),
                Element(
                    label: "Menu", frame: Rect(x: 10, y: 200, width: 40, height: size),
                    onTap: .present(scene: "menu", transition: Transition(kind: .coverUp, duration: seconds)),
                    path: "scenes.home.elements[2]"),
                Element(
                    label: "Cut", frame: Rect(x: 10, y: 300, width: 40, height: 40),
                    onTap: .go(scene: "menu", transition: Transition(kind: .none, duration: seconds)),
                    path: "scenes.home.elements[3]"),
            ])
        home.design.after = TimedAction(seconds: seconds, action: .go(scene: "menu", transition: push))
        let menu = Scene(name: "menu", image: "menu.png")
        var prototype = Prototype(name: "P", device: device, start: "home", scenes: [home, menu])
        prototype.tabs = [
            TabItem(label: "Home", scene: "home", frame: Rect(x: 0, y: 760, width: 180, height: 40)),
            TabItem(
                label: "Menu", scene: "menu", frame: Rect(x: 180, y: 760, width: 180, height: 40),
                transition: Transition(kind: .crossfade, duration: seconds)),
        ]
        return prototype
    }

    func warnings(_ prototype: Prototype) -> [Diagnostic] {
        PrototypeChecker.tooShortOrSmallWarnings(for: prototype, file: "p.lua")
    }

    @Test(arguments: tooShort)
    func everyDurationShorterThanAFrameIsWarnedAtItsPath(seconds: Double) {
        let found = warnings(prototype(seconds: seconds))
        #expect(
            found.map(\.path) == [
                "scenes.home.after", "scenes.home.elements[1].on_tap", "scenes.home.elements[2].on_tap",
                "scenes.home.on_after", "tabs[2].duration",
            ], "\(found)")
        #expect(found.allSatisfy { $0.severity == .warning && $0.file == "p.lua" })
        #expect(
            found.allSatisfy {
                $0.message.hasSuffix("less than one frame at 60 Hz (1/60 s): a 60 Hz clock cannot show it")
            })
        #expect(found[0].message.hasPrefix("the timer (after) lasts \(seconds) s"), "\(found[0])")
        #expect(found[1].message.hasPrefix("the push_left transition lasts \(seconds) s"), "\(found[1])")
    }

    @Test(arguments: fine)
    func noneForZeroOrAFrameOrMore(seconds: Double) {
        #expect(warnings(prototype(seconds: seconds)).isEmpty)
    }

    @Test(arguments: [1e-300, 0.5, 0.999])
    func framesUnderOnePointAreWarned(size: Double) {
        let found = warnings(prototype(seconds: 0.3, size: size))
        #expect(found.map(\.path) == ["scenes.home.elements[1].frame", "scenes.home.elements[2].frame"], "\(found)")
        #expect(found[0].message == "\"Open\" frame has width \(size) pt, under 1 pt: a person cannot tap it")
        #expect(found[1].message == "\"Menu\" frame has height \(size) pt, under 1 pt: a person cannot tap it")
    }

    @Test(arguments: [0, 1, 1.5, 44])
    func framesOfNoSizeOrAPointAndMoreAreNot(size: Double) {
        #expect(warnings(prototype(seconds: 0.3, size: size)).isEmpty)
    }

    @Test func theWholeCheckIncludesThem() {
        let all = PrototypeChecker.warnings(
            for: prototype(seconds: 1e-300, size: 0.5), file: "p.lua", imageFiles: ["home.png", "menu.png"])
        #expect(all.filter { $0.message.contains("60 Hz") }.count == 5)
        #expect(all.filter { $0.message.contains("cannot tap") }.count == 2)
    }
}
