import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// `hides_tab_bar = true`: a scene of a tab's stack that covers the bar (a details screen) gets no
/// tab elements, so no invisible tab sits over its own buttons; it stays on its tab's stack.
@Suite struct TabBarHidingTests {
    static let prototype = TabBarScriptTests.prototype.replacingOccurrences(
        of: #"car = { image = "a.png", elements"#, with: #"car = { image = "a.png", hides_tab_bar = true, elements"#)

    @Test func aSceneCoveringTheBarHasNoTabElementsAndStaysOnItsStack() throws {
        let folder = TestFolders.prototype(Self.prototype, images: ["a.png"])
        let p = try PrototypeLoader.load(directory: folder).prototype
        #expect(p.scenes["car"]?.design.hidesTabBar == true)
        #expect(p.scenes["car"]?.elements.map(\.label) == ["Specs"], "no Cars / Charts tabs over the details")
        #expect(p.scenes["specs"]?.elements.map(\.label) == ["Cars", "Charts"], "scenes beyond it still show the bar")
        #expect(p.scenes["cars"]?.elements.map(\.label) == ["Tesla", "Cars", "Charts"])
        let results = try ScriptAPIHarness.run(
            """
            test("hidden bar", function()
              tap "Tesla"
              expect.scene "car"
              assert(element("Charts") == nil, "the details screen covers the bar")
              tap "Specs"
              tap "Charts"
              tap "Cars"
              expect.scene "specs"
              back()
              expect.scene "car"
              back()
              expect.scene "cars"
              expect.value("Cars", "selected")
            end)
            """, prototype: Self.prototype, images: ["a"])
        let result = try #require(results["hidden bar"])
        #expect(result.step == .passed, "\(result.failure ?? "")")
    }

    @Test func aValueOtherThanABooleanIsRefusedWithItsPlace() {
        let lines = TestFolders.lines(
            Self.prototype.replacingOccurrences(of: "hides_tab_bar = true", with: "hides_tab_bar = \"yes\""),
            images: ["a.png"])
        #expect(
            lines.contains {
                $0.contains(
                    "scenes.car.hides_tab_bar: expected true (the scene covers the tab bar) or false, got the string \"yes\""
                )
            }, "\(lines)")
    }
}
