import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

@Suite struct DesignLoaderTests {
    static func lua(_ home: String, _ extra: String = "") -> String {
        """
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "home",
          scenes = {
            home = { image = "home.png", \(home) },
            detail = { image = "detail.png", elements = { { label = "Done", frame = { 0, 0, 50, 50 }, on_tap = dismiss() } } },
            \(extra)
          },
        }
        """
    }

    @Test func timedActionOverlayAndPressedImageLoad() throws {
        let folder = TestFolders.prototype(
            Self.lua(
                """
                after = 2, on_after = go("detail", "crossfade", 0.3),
                elements = { { label = "Share", frame = { 0, 700, 360, 100 }, pressed = "settings.png",
                  on_tap = present("detail", { overlay = true, position = "center", dim = 0.5, dismiss_on_outside = true, size = { 300, 200 } }) } },
                """))
        let p = try PrototypeLoader.load(directory: folder).prototype
        let home = try #require(p.scenes["home"])
        #expect(
            home.design.after
                == TimedAction(
                    seconds: 2, action: .go(scene: "detail", transition: Transition(kind: .crossfade, duration: 0.3))))
        #expect(home.elements[0].design.pressed == "settings.png")
        #expect(
            home.elements[0].onTap
                == .present(scene: "detail", transition: Transition(kind: .crossfade, duration: 0.3, curve: .easeOut)))
        let style = try #require(p.scenes["detail"]?.design.overlay)
        #expect(
            style
                == OverlayStyle(
                    position: .center, dim: 0.5, dismissOnOutside: true, size: Size(width: 300, height: 200)))
    }

    @Test func badDesignValuesAreReportedWithTheirPaths() {
        let lines = TestFolders.lines(
            Self.lua(
                """
                after = -1, on_after = go("detail"),
                elements = { { label = "A", frame = { 0, 0, 9, 9 }, pressed = "nope.png",
                  on_tap = present("detail", { overlay = true, position = "side", dim = 2 }) },
                  { label = "B", frame = { 0, 9, 9, 9 }, on_tap = present("detail", { position = "bottom" }) } },
                """, "settings = { image = \"settings.png\", on_after = back() },"))
        let text = lines.joined(separator: "\n")
        #expect(
            text.contains(
                "scenes.home.after: expected a number of seconds > 0 and at most 86400 (a day), got the number -1"),
            "\(text)")
        #expect(text.contains("scenes.home.elements[1].pressed: file \"nope.png\" not found"), "\(text)")
        #expect(text.contains("position must be \"bottom\" or \"center\", got the string \"side\""), "\(text)")
        #expect(text.contains("dim must be a number from 0 to 1"), "\(text)")
        #expect(
            text.contains(
                "scenes.home.elements[2].on_tap: present(scene, {...}): the options table presents an overlay and needs overlay = true"
            ), "\(text)")
        #expect(text.contains("scenes.settings.after: missing; on_after needs after = seconds"), "\(text)")
    }

    /// A scene timer longer than a day never fires in any run; `after = 1e308` (or
    /// math.maxinteger) passed check with no word and inspect printed "after 1e+308s"
    /// (red-team 12 m7). A day is the most, as transitions have theirs (600 s).
    @Test(arguments: ["1e308", "math.maxinteger", "86401", "2^53"])
    func aSceneTimerPastADayIsAnError(after: String) {
        let lines = TestFolders.lines(Self.lua("after = \(after), on_after = go(\"detail\"),"))
        #expect(
            lines.contains {
                $0.contains("scenes.home.after: expected a number of seconds > 0 and at most 86400 (a day)")
            },
            "\(lines)")
    }

    @Test func aSceneTimerOfADayLoads() throws {
        let folder = TestFolders.prototype(
            Self.lua("after = 86400, on_after = go(\"detail\"),"), images: ["home.png", "detail.png"])
        #expect(try PrototypeLoader.load(directory: folder).prototype.scenes["home"]?.design.after?.seconds == 86_400)
    }

    @Test func conflictingOverlayOptionsAreAnError() {
        let lines = TestFolders.lines(
            Self.lua(
                """
                elements = { { label = "A", frame = { 0, 0, 9, 9 }, on_tap = present("detail", { overlay = true, dim = 0.2 }) },
                  { label = "B", frame = { 0, 9, 9, 9 }, on_tap = present("detail", { overlay = true, dim = 0.6 }) } },
                """))
        #expect(lines.contains { $0.contains("is presented as an overlay elsewhere with other options") }, "\(lines)")
    }

    @Test func landscapeScenesAndLandscapeScrollRegionsLoad() throws {
        let folder = TestFolders.prototype(
            Self.lua(
                """
                landscape = "settings",
                """,
                """
                settings = { image = "settings.png", scroll = { header = 10 } },
                wide = { image = "home.png", elements = {},
                  landscape = { image = "detail.png", scroll = { header = 40, footer = 20, height = 900 },
                    elements = { { label = "Row", frame = { 0, 700, 800, 60 } } } } },
                """))
        let p = try PrototypeLoader.load(directory: folder).prototype
        #expect(p.scenes["home"]?.design.landscapeScene == "settings")
        #expect(p.scenes["settings"]?.design.portraitScene == "home")
        #expect(p.scenes["wide"]?.design.landscape?.scroll == ScrollRegion(header: 40, footer: 20, contentHeight: 900))
        #expect(p.scenes["wide"]?.design.landscape?.elements.first?.path == "scenes.wide.landscape.elements[1]")
    }

    @Test func badLandscapeValuesAreReportedWithTheirPaths() {
        let text = TestFolders.lines(
            Self.lua(
                """
                landscape = 5,
                """,
                """
                settings = { image = "settings.png", landscape = "settngs" },
                other = { image = "settings.png", landscape = { image = "detail.png", scrol = { header = 4 } } },
                """)
        ).joined(separator: "\n")
        #expect(
            text.contains(
                "scenes.home.landscape: expected { image = \"landscape.png\", elements = { ... } }, the name of a landscape scene or a list of them { \"chart\", \"chart_week\" }, got the number 5"
            ), "\(text)")
        #expect(text.contains("scenes.settings.landscape: no scene \"settngs\"; did you mean \"settings\"?"), "\(text)")
        #expect(text.contains("scenes.other.landscape: unknown key \"scrol\"; did you mean \"scroll\"?"), "\(text)")
    }
}
