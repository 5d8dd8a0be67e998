import Foundation
import Testing

/// `check` on one label used twice in a scene (issue 13.5): a back button and a tab both
/// labelled "Cars" differ in kind, so `{label = "Cars", kind = "tab"}` tells them apart and
/// there is nothing to warn about; two elements of one label and one kind still warn.
@Suite struct DuplicateLabelKindTests {
    @Test func labelsSharedAcrossKindsDoNotWarnButSameKindDoes() throws {
        let tmp = try TempFolder()
        let folder = try tmp.prototype(
            scenes: """
                    home = { image = "home.png", elements = {
                      { label = "Cars", kind = "back_button", frame = { 0, 0, 18, 10 }, on_tap = go("detail") },
                      { label = "Cars", kind = "tab", frame = { 0, 70, 18, 10 }, on_tap = go("detail") },
                      { label = "Cars", frame = { 18, 70, 18, 10 }, on_tap = go("detail") },
                      { label = "Delete", kind = "button", frame = { 0, 30, 18, 10 }, on_tap = go("detail") },
                      { label = "Delete", kind = "button", frame = { 18, 30, 18, 10 }, on_tap = go("detail") },
                    } },
                    detail = { image = "detail.png", elements = {
                      { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() } } },
                """)
        let r = try Sceneflow.run(["check", folder])
        #expect(r.status == 0, "\(r)")
        let warnings = r.outputLines.filter { $0.contains("warning:") }
        #expect(
            warnings == [
                "\(folder)/prototype.lua: warning: scenes.home.elements[5]: duplicate label \"Delete\" in scene \"home\" (also at scenes.home.elements[4]), both of kind button; scripts tell them apart only by index = n"
            ], "\(r)")
    }
}
