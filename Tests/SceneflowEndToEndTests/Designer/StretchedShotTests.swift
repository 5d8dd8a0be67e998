import Foundation
import Testing

/// Landscape and odd-shaped screenshots through `sceneflow new` and `sceneflow check`.
@Suite struct StretchedShotTests {
    @Test func newPairsLandscapeShotsAndWarnsAboutTheRest() throws {
        let tmp = try TempFolder()
        try tmp.image("src/home.png", width: 1080, height: 2400)
        try tmp.image("src/home_land.png", width: 2400, height: 1080)
        try tmp.image("src/list.png", width: 1080, height: 2400)
        try tmp.image("src/video.png", width: 2400, height: 1080)
        let dir = tmp.file("Demo")
        let sources = ["home.png", "home_land.png", "list.png", "video.png"].map { tmp.file("src/\($0)") }
        let r = try Sceneflow.run(["new", dir] + sources)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains(": 3 scenes, 360x800 pt at scale 3"), "\(r)")
        #expect(r.stdout.contains("landscape variants: home (home_land.png)"), "\(r)")
        #expect(
            r.outputLines.contains {
                $0.hasPrefix("\(dir)/video.png: warning: scene \"video\" draws it (2400x1080 px, landscape")
                    && $0.contains("e.g. home_land.png for home.png")
            }, "\(r)")
        let text = try String(contentsOfFile: tmp.file("Demo/prototype.lua"), encoding: .utf8)
        #expect(text.contains("landscape = {\n        image = \"home_land.png\""), "\(text)")
        let test = try Sceneflow.run(["test", tmp.file("Demo/Scripts")])
        #expect(test.status == 0 && test.outputLines.last == "3 passed, 0 failed", "\(test)")
        // check agrees: the paired variant is fine, the unpaired landscape scene is stretched.
        let check = try Sceneflow.run(["check", dir])
        #expect(check.status == 0, "\(check)")
        #expect(
            check.outputLines.contains {
                $0.hasPrefix("\(dir)/prototype.lua: warning: scenes.video.image: scene \"video\" draws \"video.png\"")
            }, "\(check)")
        #expect(check.stdout.hasSuffix("3 scenes, 3 elements, 1 warning\n"), "the landscape Next counts: \(check)")
    }

    @Test func checkWarnsAboutAPortraitShapedLandscapeVariantAndKeepsExitZero() throws {
        let tmp = try TempFolder()
        try tmp.image("Proto/tall.png", width: 36, height: 80)
        let folder = try tmp.prototype(
            scenes: TempFolder.twoScenes.replacingOccurrences(
                of: "image = \"detail.png\",", with: "image = \"detail.png\", landscape = { image = \"tall.png\" },"))
        let r = try Sceneflow.run(["check", folder])
        #expect(r.status == 0, "\(r)")
        #expect(
            r.outputLines.contains {
                $0.hasPrefix(
                    "\(folder)/prototype.lua: warning: scenes.detail.landscape.image: the landscape variant of scene \"detail\" draws \"tall.png\" (36x80 px, portrait, aspect 0.450) stretched into the landscape 80x36 pt device"
                ) && $0.hasSuffix("is it the portrait screenshot?")
            }, "\(r)")
    }
}
