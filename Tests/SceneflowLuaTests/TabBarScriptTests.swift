import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Tab bars (issue 17): each tab keeps its own navigation stack; switching tabs is a cut (or
/// the declared transition) that keeps each stack's place; the selected tab pops to its root;
/// scripts read the selected tab as `value == "selected"`; `back()` acts on the shown stack.
@Suite("Tab bars")
struct TabBarScriptTests {
    static let prototype = """
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "cars",
          tabs = {
            { label = "Cars", scene = "cars", frame = { 0, 740, 180, 60 } },
            { label = "Charts", scene = "charts", frame = { 180, 740, 180, 60 }, transition = "crossfade", duration = 0.2 },
          },
          scenes = {
            cars = { image = "a.png", elements = { { label = "Tesla", frame = { 0, 100, 360, 60 }, on_tap = go("car") } } },
            car = { image = "a.png", elements = { { label = "Specs", frame = { 0, 100, 360, 60 }, on_tap = go("specs") } } },
            specs = { image = "a.png" },
            charts = { image = "a.png", elements = { { label = "Week", frame = { 0, 100, 360, 60 }, on_tap = go("week") } } },
            week = { image = "a.png" },
            about = { image = "a.png", elements = { { label = "Close", frame = { 0, 0, 50, 50 }, on_tap = dismiss() } } },
          },
        }
        """

    @Test func eachTabKeepsItsStackAndTheSelectedTabPopsToItsRoot() throws {
        let results = try ScriptAPIHarness.run(
            """
            test("tabs", function()
              assert(element("Cars").value == "selected")
              assert(element("Charts").value == nil)
              tap "Tesla"
              tap "Specs"
              expect.scene "specs"
              tap "Charts"
              expect.scene "charts"
              assert(element("Charts").value == "selected", tostring(element("Charts").value))
              tap "Week"
              tap "Cars"
              expect.scene "specs"           -- the Cars stack kept its place
              back()
              expect.scene "car"             -- back() acts on the shown tab's stack
              tap "Charts"
              expect.scene "week"
              tap "Charts"
              expect.scene "charts"          -- the selected tab pops to its root
              tap "Cars"
              expect.scene "car"
              expect.value("Cars", "selected")
            end)
            """, prototype: Self.prototype, images: ["a"])
        let result = try #require(results["tabs"])
        #expect(result.step == .passed, "\(result.failure ?? "")")
        let kinds = result.timeline.compactMap {
            if case .transitionStarted(_, let to, let t) = $0.kind { "\(to) \(t.kind.rawValue)" } else { nil }
        }
        #expect(kinds.contains("charts crossfade"), "the declared transition: \(kinds)")
        #expect(
            !kinds.contains("specs none") && !kinds.contains("specs crossfade"), "Cars comes back without animation")
    }

    @Test func badTabsAreRefusedWithTheirPlace() {
        let lines = TestFolders.lines(
            Self.prototype.replacingOccurrences(
                of: #"scene = "charts", frame = { 180"#, with: #"scene = "chart", frame = { 100"#),
            images: ["a.png"])
        #expect(
            lines.contains { $0.contains(#"tabs[2].scene: no scene "chart""#) && $0.contains("charts") }, "\(lines)")
        let one = TestFolders.lines(
            Self.prototype.replacingOccurrences(
                of:
                    #"{ label = "Charts", scene = "charts", frame = { 180, 740, 180, 60 }, transition = "crossfade", duration = 0.2 },"#,
                with: ""), images: ["a.png"])
        #expect(one.contains { $0.contains("a tab bar needs at least two tabs") }, "\(one)")
    }

    /// At most 20 tabs (each tab is laid out on every scene of every tab's stack: 2 000 tabs
    /// took `check` 37 s and 1.97 GB); 20 load, 21 and 2 000 are refused at once with the
    /// path of the first tab too many.
    @Test(arguments: [20, 21, 2000]) func aTabBarHoldsAtMostTwentyTabs(_ count: Int) {
        var scenes = ""
        var tabs = ""
        for i in 1...count {
            scenes += "    s\(i) = { image = \"a.png\" },\n"
            tabs += "    { label = \"T\(i)\", scene = \"s\(i)\", frame = { \((i - 1) * 5), 700, 5, 100 } },\n"
        }
        let lua =
            "return {\n  device = { width = 10000, height = 800, scale = 1 }, start = \"s1\",\n  scenes = {\n"
            + scenes + "  },\n  tabs = {\n" + tabs + "  },\n}\n"
        if count <= 20 {
            let folder = TestFolders.prototype(lua, images: ["a.png"])
            #expect(throws: Never.self) { _ = try PrototypeLoader.load(directory: folder) }
            return
        }
        let lines = TestFolders.lines(lua, images: ["a.png"])
        #expect(
            lines.contains { $0.contains("tabs[21]: a tab bar holds at most 20 tabs, got \(count) (UIKit") },
            "\(lines.prefix(3))")
        #expect(lines.count == 1, "refused at once, nothing else reported: \(lines.prefix(3))")
    }

    /// A form presented over a start scene that is not a tab (Android's tabbed form activity,
    /// a UITabBarController presented modally): the tabs switch stacks inside the modal, each
    /// keeping its place, `dismiss()` and `back()` from any tab's root close the whole form, and
    /// the form opens fresh next time.
    static let presentedForm = """
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "home",
          tabs = {
            { label = "Card", scene = "card", frame = { 0, 80, 180, 40 } },
            { label = "Options", scene = "options", frame = { 180, 80, 180, 40 } },
          },
          scenes = {
            home = { image = "a.png", elements = { { label = "Add card", frame = { 300, 700, 50, 50 }, on_tap = present("card", "cover_up", 0.3) } } },
            card = { image = "a.png", elements = {
              { label = "Close", frame = { 0, 0, 50, 50 }, on_tap = dismiss() },
              { label = "Barcode", frame = { 0, 200, 360, 50 }, on_tap = go("barcode") } } },
            barcode = { image = "a.png" },
            options = { image = "a.png", elements = { { label = "Close", frame = { 0, 0, 50, 50 }, on_tap = dismiss() } } },
          },
        }
        """

    @Test func tabsInAPresentedFormSwitchInsideIt() throws {
        let results = try ScriptAPIHarness.run(
            """
            test("form", function()
              expect.hidden "Card"
              tap "Add card"
              expect.scene "card"
              expect.value("Card", "selected")
              tap "Barcode"
              expect.scene "barcode"
              tap "Options"
              expect.scene "options"
              expect.value("Options", "selected")
              assert(element("Card").value == nil)
              tap "Card"
              expect.scene "barcode"          -- the Card tab kept its place
              back()
              expect.scene "card"
              tap "Options"
              tap "Close"                     -- dismiss from another tab's root closes the form
              expect.scene "home"
              expect(history()).to_equal({ "home", "card", "barcode", "options", "barcode", "card", "options", "home" })
              expect.transition { kind = "reveal_down" }
              tap "Add card"
              tap "Options"
              expect.scene "options"
              tap "Card"
              expect.scene "card"             -- a fresh form: its tabs start at their roots
              tap "Options"
              back()                          -- system back on a tab's root closes the form
              expect.scene "home"
            end)
            """, prototype: Self.presentedForm, images: ["a"])
        let result = try #require(results["form"])
        #expect(result.step == .passed, "\(result.failure ?? "")")
    }
}
