import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// The first bytes of a PNG declaring `width` x `height` px (enough for the header check).
private func pngHeader(_ width: Int, _ height: Int) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    bytes += Array("IHDR".utf8)
    for v in [width, height] {
        bytes += [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }
    bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
    return Data(bytes)
}

private func prototype(_ control: String) -> String {
    """
    return {
      device = { width = 360, height = 800, scale = 3 },
      start = "home",
      scenes = {
        home = { image = "home.png", elements = {
          { label = "Your rating", frame = { 20, 300, 320, 153 }, control = "star_rating", \(control) },
        } },
        thanks = { image = "home.png" },
      },
    }
    """
}

/// Recorder for `app` calls.
private final class Recorder: AppActions {
    var currentScene = "home"
    var performed: [Action] = []
    func perform(_ action: Action, source: String) { performed.append(action) }
}

@Suite("Loading star-rating controls")
struct StarRatingLoaderTests {
    @Test func fullControlLoads() throws {
        let folder = TestFolders.prototype(
            prototype(
                """
                stars = 4, star_size = { 36, 30 }, spacing = 6, touch_band = 12, step = 0.5, min = 1, max = 4,
                value = 2.5, read_only = false, rtl = true, tap_to_clear = true,
                on_change = function(app, value) if value >= 3 then app:go("thanks") end end,
                on_changing = go("thanks")
                """), images: ["home.png"])
        let loaded = try PrototypeLoader.load(directory: folder)
        let element = try #require(loaded.prototype.scenes["home"]?.elements.first)
        #expect(element.kind == "star_rating")
        let rating = try #require(element.control?.starRating)
        #expect(rating.stars == 4)
        #expect(rating.starSize == Size(width: 36, height: 30))
        #expect(rating.spacing == 6 && rating.touchBand == 12 && rating.step == 0.5)
        #expect(rating.minimum == 1 && rating.maximum == 4 && rating.initialValue == 2.5)
        #expect(rating.rightToLeft && rating.tapToClear && !rating.readOnly)
        #expect(rating.onChanging?.targetScene == "thanks")
        guard case .script(let ref) = rating.onChange else {
            Issue.record("on_change should be a Lua function")
            return
        }
        // on_change(app, value) receives the value as its second argument.
        let app = Recorder()
        #expect(loaded.call(ref, app: app) != nil)  // value nil: comparing nil with a number fails
        let low = ScriptCall(ref: ref, element: "Your rating", scene: "home", argument: 2)
        let high = ScriptCall(ref: ref, element: "Your rating", scene: "home", argument: 3.5)
        let session = Session(prototype: loaded.prototype)
        #expect(loaded.call(low, session: session) == nil)
        #expect(session.currentScene == "home")
        #expect(loaded.call(high, session: session) == nil)
        #expect(session.currentScene == "thanks")
    }

    @Test func defaultsAndImageSizeInPoints() throws {
        let folder = TestFolders.prototype(
            prototype(#"star = "s.png", star_highlighted = "s_on.png""#), images: ["home.png"])
        try pngHeader(90, 72).write(to: URL(fileURLWithPath: folder + "/s.png"))
        try pngHeader(90, 72).write(to: URL(fileURLWithPath: folder + "/s_on.png"))
        let loaded = try PrototypeLoader.load(directory: folder)
        let rating = try #require(loaded.prototype.scenes["home"]?.elements.first?.control?.starRating)
        #expect(rating.stars == 5 && rating.step == 1 && rating.minimum == 0 && rating.maximum == 5)
        #expect(rating.touchBand == 20 && rating.initialValue == 0)
        #expect(rating.starSize == Size(width: 30, height: 24))  // 90x72 px at scale 3
        #expect(rating.starImage == "s.png" && rating.highlightedImage == "s_on.png")
    }

    @Test func imagesOfDifferentSizesAreAnError() throws {
        let folder = TestFolders.prototype(
            prototype(#"star = "s.png", star_highlighted = "s_on.png""#), images: ["home.png"])
        try pngHeader(90, 72).write(to: URL(fileURLWithPath: folder + "/s.png"))
        try pngHeader(96, 72).write(to: URL(fileURLWithPath: folder + "/s_on.png"))
        do {
            _ = try PrototypeLoader.load(directory: folder)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.diagnostics.map(\.description).contains {
                    $0.hasSuffix(
                        "scenes.home.elements[1].star_highlighted: \"s_on.png\" is 96x72 px but star \"s.png\" is 90x72 px; the two images must be the same size"
                    )
                })
        }
    }

    @Test(arguments: [
        (#"step = 0.3"#, "elements[1].step: expected 1, 0.5 or 0.1 (stars per step), got the number 0.3"),
        (#"value = 0/0"#, "elements[1].value: the value is not a number (NaN)"),
        (#"stras = 5"#, #"elements[1]: unknown key "stras"; did you mean "stars"?"#),
        (#"star = "home.png""#, "elements[1].star_highlighted: missing; give both star and star_highlighted"),
        (#"star = "nope.png", star_highlighted = "home.png""#, #"elements[1].star: file "nope.png" not found"#),
        (#"min = 3, max = 2"#, "elements[1].min: min (3) must be less than max (2)"),
        (#"min = 0.5"#, "elements[1].min: 0.5 is not a multiple of the step 1"),
        (#"max = 7"#, "elements[1].max: expected a number from 0 to 5 (the stars), got the number 7"),
        (#"read_only = "yes""#, #"elements[1].read_only: expected true or false, got the string "yes""#),
        (#"star_size = { 0, 3 }"#, "elements[1].star_size: expected {w, h} in points, both > 0"),
        (#"on_change = "thanks""#, "elements[1].on_change:"),
    ])
    func badKeysAreNamedWithTheirPath(control: String, expected: String) {
        let lines = TestFolders.lines(prototype(control), images: ["home.png"])
        #expect(lines.contains { $0.contains("scenes.home." + expected) }, "\(lines)")
    }

    @Test func otherToolsWordsForKeysPointToSceneflowsKeys() {
        let lines = TestFolders.lines(prototype("range = { 1, 10 }, on_click = back()"), images: ["home.png"])
        #expect(lines.contains { $0.hasSuffix(#"unknown key "range"; use "min" and "max""#) }, "\(lines)")
        #expect(lines.contains { $0.hasSuffix(#"unknown key "on_click"; use "on_tap""#) }, "\(lines)")
    }

    @Test func misspeltControlGetsADidYouMean() {
        let lua = prototype("stars = 4, on_change = go(\"thanks\")").replacingOccurrences(
            of: #"control = "star_rating""#, with: #"control = "star_ratng""#)
        let lines = TestFolders.lines(lua, images: ["home.png"])
        #expect(!lines.contains { $0.contains("unknown key") }, "only the control's own error: \(lines)")
        #expect(
            lines.contains {
                $0.hasSuffix(
                    #"elements[1].control: unknown control "star_ratng"; the controls are "star_rating", "toggle", "checkbox", "segmented", "radio", "text_field"; did you mean "star_rating"?"#
                )
            }, "\(lines)")
        // Star keys on a plain hotspot are unknown keys.
        let plain = prototype("stars = 3").replacingOccurrences(of: #"control = "star_rating", "#, with: "")
        #expect(TestFolders.lines(plain, images: ["home.png"]).contains { $0.contains(#"unknown key "stars""#) })
    }

    @Test func snappedInitialValueWarns() throws {
        let folder = TestFolders.prototype(prototype("step = 0.5, value = 2.25"), images: ["home.png"])
        let loaded = try PrototypeLoader.load(directory: folder)
        #expect(loaded.prototype.scenes["home"]?.elements.first?.control?.starRating?.initialValue == 2.5)
        #expect(loaded.warnings.map(\.message) == ["2.25 becomes 2.5 (step 0.5, min 0, max 5)"])
    }
}
