import Foundation
import Testing

/// `check` warnings: the prototype still works (exit 0), each warning names the file and path.
@Suite struct CheckWarningTests {
    /// Runs `check` and returns the result and the `prototype.lua` path warnings start with.
    func check(_ tmp: TempFolder, scenes: String, images: [String] = ["home.png", "detail.png"]) throws -> (
        RunResult, String
    ) {
        let folder = try tmp.prototype(scenes: scenes, images: images)
        let r = try Sceneflow.run(["check", folder])
        #expect(r.status == 0, "\(r)")
        #expect(r.stderr.isEmpty, "\(r)")
        return (r, "\(folder)/prototype.lua: warning: ")
    }

    @Test func unreachableScene() throws {
        let tmp = try TempFolder()
        let (r, prefix) = try check(tmp, scenes: TempFolder.twoScenes + "\n    orphan = { image = \"home.png\" },\n")
        #expect(
            r.outputLines.contains {
                $0.hasPrefix(prefix + "scenes.orphan: no element or swipe leads to scene \"orphan\"")
            }, "\(r)")
        #expect(r.stdout.contains("3 scenes, 2 elements, 1 warning\n"), "\(r)")
    }

    @Test func elementOutsideTheScreen() throws {
        let tmp = try TempFolder()
        let (r, prefix) = try check(
            tmp,
            scenes: TempFolder.twoScenes.replacingOccurrences(
                of: "{ label = \"Back\", frame = { 2, 10, 30, 20 }",
                with: "{ label = \"Back\", frame = { 20, 70, 30, 20 }"))
        #expect(
            r.outputLines.contains {
                $0.hasPrefix(prefix + "scenes.detail.elements[1].frame: \"Back\" frame")
                    && $0.contains("outside the 36x80 pt screen")
            }, "\(r)")
        #expect(r.stdout.contains("1 warning\n"), "\(r)")
    }

    @Test func duplicateLabels() throws {
        let tmp = try TempFolder()
        let (r, prefix) = try check(
            tmp,
            scenes: """
                    home = { image = "home.png", elements = {
                      { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = go("detail") },
                      { label = "Open", frame = { 2, 40, 30, 20 }, on_tap = go("detail") },
                    } },
                    detail = { image = "detail.png", elements = { { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() } } },
                """)
        #expect(
            r.outputLines.contains {
                $0.hasPrefix(prefix + "scenes.home.elements[2]: duplicate label \"Open\" in scene \"home\"")
            }, "\(r)")
        #expect(r.stdout.contains("1 warning\n"), "\(r)")
    }

    @Test func unusedImage() throws {
        let tmp = try TempFolder()
        try tmp.image("Proto/spare.png")
        let (r, prefix) = try check(tmp, scenes: TempFolder.twoScenes)
        #expect(r.outputLines.contains(prefix + "image \"spare.png\" is not used by any scene"), "\(r)")
        #expect(r.stdout.contains("1 warning\n"), "\(r)")
    }

    @Test func allFourWarningsTogether() throws {
        let tmp = try TempFolder()
        try tmp.image("Proto/extra/unused.png")
        let (r, prefix) = try check(
            tmp,
            scenes: """
                    home = { image = "home.png", elements = {
                      { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = go("detail") },
                      { label = "Open", frame = { -10, 40, 30, 20 } },
                    } },
                    detail = { image = "detail.png" },
                    lost = { image = "detail.png" },
                """)
        let warnings = r.outputLines.filter { $0.hasPrefix(prefix) }
        #expect(warnings.count == 4, "\(r)")
        #expect(r.stdout.contains("3 scenes, 2 elements, 4 warnings\n"), "\(r)")
        #expect(warnings.contains { $0.contains("scenes.lost: ") }, "\(r)")
        #expect(warnings.contains { $0.contains("scenes.home.elements[2].frame: ") && $0.contains("outside") }, "\(r)")
        #expect(warnings.contains { $0.contains("scenes.home.elements[2]: duplicate label") }, "\(r)")
        #expect(warnings.contains { $0.contains("image \"extra/unused.png\" is not used") }, "\(r)")
    }

}
