import Testing

@testable import SceneflowCore

/// `sceneflow check`'s warnings for star ratings whose stars do not fit their frame and overlays
/// larger than the screen that presents them (QA item 12).
@Suite struct FitWarningTests {
    let device = Device(width: 360, height: 800, scale: 3)

    func rating(_ label: String, frame: Rect, star: Size?, spacing: Double = 0) -> Element {
        Element(
            label: label, frame: frame, kind: "star_rating", path: "scenes.rate.elements[\(label)]",
            control: .starRating(StarRating(starSize: star, spacing: spacing)))
    }

    @Test func starsWiderOrTallerThanTheirFrameAreWarned() {
        let rate = Scene(
            name: "rate", image: "rate.png",
            elements: [
                rating("huge", frame: Rect(x: 30, y: 300, width: 300, height: 60), star: Size(width: 200, height: 200)),
                rating(
                    "spaced", frame: Rect(x: 30, y: 400, width: 300, height: 60), star: Size(width: 56, height: 56),
                    spacing: 8),
                rating(
                    "fits", frame: Rect(x: 30, y: 500, width: 300, height: 60), star: Size(width: 56, height: 56),
                    spacing: 5),
                rating("auto", frame: Rect(x: 30, y: 600, width: 30, height: 10), star: nil),
            ])
        let prototype = Prototype(name: "P", device: device, start: "rate", scenes: [rate])
        let all = PrototypeChecker.warnings(for: prototype, file: "p.lua", imageFiles: ["rate.png"])
        // huge's 200 pt stars reach down over spaced: that overlap of touch areas is warned too.
        #expect(all.contains { $0.path == "scenes.rate.elements[spaced]" && $0.message.contains("huge") }, "\(all)")
        let warnings = all.filter { $0.path?.hasSuffix(".star_size") == true }
        #expect(
            warnings.map(\.path) == ["scenes.rate.elements[huge].star_size", "scenes.rate.elements[spaced].star_size"],
            "\(warnings)")
        #expect(
            warnings.first?.message
                == "5 stars of 200x200 pt need 1000x200 pt, more than the 300x60 pt frame: the stars run past it; make star_size smaller or the frame larger"
        )
        #expect(warnings.last?.message.hasPrefix("5 stars of 56x56 pt with 8 pt spacing need 312x56 pt") == true)
        #expect(warnings.allSatisfy { $0.severity == .warning })
    }

    @Test func overlaysLargerThanThePresentingScreenAreWarned() {
        var big = Scene(name: "big", image: "big.png")
        big.design.overlay = OverlayStyle(position: .center, size: Size(width: 500, height: 900))
        var wide = Scene(name: "wide", image: "wide.png")  // fits the upright screen
        wide.design.overlay = OverlayStyle(position: .center, size: Size(width: 340, height: 700))
        let home = Scene(
            name: "home", image: "home.png",
            elements: [
                Element(
                    label: "Big", frame: Rect(x: 0, y: 0, width: 100, height: 50),
                    onTap: .present(scene: "big", transition: Transition(kind: .none)), path: "scenes.home.elements[1]"),
                Element(
                    label: "Wide", frame: Rect(x: 0, y: 60, width: 100, height: 50),
                    onTap: .present(scene: "wide", transition: Transition(kind: .none)), path: "scenes.home.elements[2]"
                ),
            ])
        let prototype = Prototype(name: "P", device: device, start: "home", scenes: [home, big, wide])
        let warnings = PrototypeChecker.fitWarnings(for: prototype, file: "p.lua")
        #expect(warnings.map(\.path) == ["scenes.home.elements[1].on_tap.size"], "\(warnings)")
        #expect(
            warnings.first?.message
                == "overlay scene \"big\": size 500x900 pt is larger than the portrait 360x800 pt screen that presents it: the screen edges cut it"
        )
    }
}
