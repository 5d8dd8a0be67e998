import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

@Suite struct PrototypeLoaderTests {
    @Test func goodPrototypeLoadsIntoTheExpectedValue() throws {
        let folder = TestFolders.prototype(TestFolders.good)
        let loaded = try PrototypeLoader.load(directory: folder)
        let push = Transition(kind: .pushLeft, duration: 0.35, curve: .easeInOut)
        let expected = Prototype(
            name: "Notes", device: Device(width: 360, height: 800, scale: 3), start: "home",
            scenes: [
                Scene(
                    name: "home", image: "home.png",
                    elements: [
                        Element(
                            label: "Open note", frame: Rect(x: 16, y: 100, width: 328, height: 60),
                            onTap: .go(scene: "detail", transition: push), path: "scenes.home.elements[1]"),
                        Element(
                            label: "Settings", frame: Rect(x: 300, y: 24, width: 44, height: 44),
                            onTap: .present(
                                scene: "settings",
                                transition: Transition(kind: .coverUp, duration: 0.4, curve: .easeOut)),
                            path: "scenes.home.elements[2]"),
                    ],
                    onSwipe: [
                        .left: .go(
                            scene: "detail", transition: Transition(kind: .crossfade, duration: 0.25, curve: .linear))
                    ]),
                Scene(
                    name: "detail", image: "detail.png",
                    screen: .rect(PixelRect(x: 0, y: 0, width: 1080, height: 2400)),
                    elements: [
                        Element(
                            label: "Back", frame: Rect(x: 0, y: 24, width: 56, height: 56), kind: "button",
                            onTap: .back, path: "scenes.detail.elements[1]"),
                        Element(
                            label: "More options", frame: Rect(x: 300, y: 24, width: 56, height: 56),
                            onTap: .go(
                                scene: "settings", transition: Transition(kind: .none, duration: 0, curve: .easeInOut)),
                            path: "scenes.detail.elements[2]"),
                    ]),
                Scene(
                    name: "settings", image: "settings.png", screen: .auto,
                    elements: [
                        Element(
                            label: "Done", frame: Rect(x: 280, y: 24, width: 80, height: 44), onTap: .dismiss,
                            onSwipe: [.down: .dismiss], path: "scenes.settings.elements[1]")
                    ]),
            ],
            directory: URL(fileURLWithPath: folder).standardizedFileURL.path)
        #expect(loaded.prototype == expected)
        #expect(loaded.prototype.sceneOrder == ["home", "detail", "settings"])
        #expect(loaded.warnings.isEmpty)
    }

    @Test func nameDefaultsToTheFolderName() throws {
        let folder = TestFolders.prototype(
            """
            return { device = { width = 10, height = 10, scale = 1 }, start = "home",
                     scenes = { home = { image = "home.png" } } }
            """)
        let loaded = try PrototypeLoader.load(directory: folder)
        #expect(loaded.prototype.name == URL(fileURLWithPath: folder).lastPathComponent)
        #expect(loaded.prototype.scenes["home"]?.screen == .wholeImage)
    }

    @Test func missingFolder() {
        do {
            _ = try PrototypeLoader.load(directory: "/nonexistent/Store")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/nonexistent/Store: no prototype folder at /nonexistent/Store")
        }
    }

    @Test func missingPrototypeFile() {
        let folder = TestFolders.make()
        do {
            _ = try PrototypeLoader.load(directory: folder)
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.count == 1)
            #expect(error.diagnostics[0].file == folder + "/prototype.lua")
            #expect(error.diagnostics[0].message.hasPrefix("missing prototype.lua"))
        }
    }

    @Test func syntaxErrorHasTheLine() {
        let problems = TestFolders.problems("return {\n  name = \"x\",\n  start = = \"home\",\n}\n")
        #expect(problems.count == 1)
        #expect(problems.first?.line == 3)
        #expect(problems.first?.message == "unexpected symbol near '='")
        #expect(problems.first?.file.hasSuffix("/prototype.lua") == true)
    }

    @Test func runtimeErrorHasTheLine() {
        let problems = TestFolders.problems("local t = nil\n\nreturn { name = t.name }\n")
        #expect(problems.first?.line == 3)
        #expect(problems.first?.message == "attempt to index a nil value (local 't')")
    }

    @Test func misspeltGlobalSuggestsTheRightOne() {
        let lines = TestFolders.lines("return { start = gp(\"home\") }")
        #expect(lines == ["prototype.lua:1: attempt to call a nil value (global 'gp'); did you mean \"go\"?"])
    }

    @Test func fileNotReturningATable() {
        #expect(
            TestFolders.lines("return 42") == [
                "prototype.lua: prototype.lua must return a table (return { name = ..., device = ..., start = ..., scenes = ... }), but it returned the number 42"
            ])
    }

    @Test func missingImageFile() {
        let lines = TestFolders.lines(TestFolders.good, images: ["home.png", "detail.png"])
        #expect(
            lines == [
                "prototype.lua:23: scenes.settings.image: file \"settings.png\" not found in the prototype folder"
            ])
    }

    @Test func sceneWithoutImage() {
        let lua = TestFolders.good.replacingOccurrences(of: "image = \"detail.png\",", with: "")
        #expect(
            TestFolders.lines(lua) == [
                "prototype.lua: scenes.detail.image: missing; every scene needs a screenshot, e.g. image = \"screen.png\""
            ])
    }

    @Test func negativeFrame() {
        let lua = TestFolders.good.replacingOccurrences(of: "{ 16, 100, 328, 60 }", with: "{ 16, 100, -328, 60 }")
        #expect(
            TestFolders.lines(lua) == [
                "prototype.lua: scenes.home.elements[1].frame: width and height must be > 0, got w = -328, h = 60"
            ])
    }

    @Test func nonNumericAndShortFrames() {
        let lua = TestFolders.good
            .replacingOccurrences(of: "{ 16, 100, 328, 60 }", with: "{ 16, \"100\", 328, 60 }")
            .replacingOccurrences(of: "{ 0, 24, 56, 56 }", with: "{ 0, 24, 56 }")
        #expect(
            TestFolders.lines(lua) == [
                "prototype.lua: scenes.detail.elements[1].frame: expected 4 numbers {x, y, w, h} in points, got 3 values",
                "prototype.lua: scenes.home.elements[1].frame: y (item 2) must be a finite number, got the string \"100\"",
            ])
    }

    @Test func startNamingNoScene() {
        let lua = TestFolders.good.replacingOccurrences(of: "start = \"home\"", with: "start = \"hmoe\"")
        #expect(TestFolders.lines(lua) == ["prototype.lua:4: start: no scene \"hmoe\"; did you mean \"home\"?"])
    }

    @Test func misspeltSceneInGo() {
        let lua = TestFolders.good.replacingOccurrences(of: "on_tap = go(\"detail\")", with: "on_tap = go(\"detial\")")
        #expect(
            TestFolders.lines(lua) == [
                "prototype.lua:9: scenes.home.elements[1].on_tap: no scene \"detial\"; did you mean \"detail\"?"
            ])
    }

    @Test func unknownKeysSuggestTheKnownOnes() {
        let lua = TestFolders.good
            .replacingOccurrences(of: "{ label = \"Back\"", with: "{ lable = \"Back\"")
            .replacingOccurrences(of: "on_tap = dismiss(),", with: "on_tpa = dismiss(),")
        #expect(
            TestFolders.lines(lua) == [
                "prototype.lua:18: scenes.detail.elements[1]: unknown key \"lable\"; did you mean \"label\"?",
                "prototype.lua: scenes.detail.elements[1].label: missing; every element needs an accessibility label",
                "prototype.lua:26: scenes.settings.elements[1]: unknown key \"on_tpa\"; did you mean \"on_tap\"?",
            ])
    }

    @Test func unknownTransitionAndCurve() {
        let lua = TestFolders.good
            .replacingOccurrences(of: "\"crossfade\", 0.25, \"linear\"", with: "\"crossfdae\", 0.25, \"lineer\"")
        #expect(
            TestFolders.lines(lua) == [
                "prototype.lua:12: scenes.home.on_swipe.left: unknown transition \"crossfdae\"; did you mean \"crossfade\"? (transitions: \(TransitionKind.nameList))",
                "prototype.lua:12: scenes.home.on_swipe.left: unknown curve \"lineer\"; did you mean \"linear\"? (curves: linear, ease_in, ease_out, ease_in_out)",
            ])
        // A name from another tool, far from every kind by spelling, still gets a suggestion.
        let foreign = TestFolders.good.replacingOccurrences(of: "\"crossfade\", 0.25", with: "\"slide_lft\", 0.25")
        #expect(
            TestFolders.lines(foreign) == [
                "prototype.lua:12: scenes.home.on_swipe.left: unknown transition \"slide_lft\"; did you mean \"push_left\"? (transitions: none, crossfade, push_left, push_right, push_up, push_down, cover_left, cover_right, cover_up, cover_down, reveal_left, reveal_right, reveal_up, reveal_down)"
            ])
    }

    @Test func allProblemsAreReported() {
        let lua = """
            return { device = { width = 0, height = 800 }, start = "home",
              scenes = { home = { image = "nope.png", elements = { { label = "", frame = { 0, 0, 1, 1 }, on_tap = "detail" } } },
                         detail = { image = "detail.png" } } }
            """
        #expect(
            TestFolders.lines(lua) == [
                "prototype.lua:1: device.width: expected a number > 0 and at most 100000, got the number 0",
                "prototype.lua: device.scale: missing; expected a number > 0",
                "prototype.lua:2: scenes.home.image: file \"nope.png\" not found in the prototype folder; did you mean \"home.png\"?",
                "prototype.lua:2: scenes.home.elements[1].label: expected a non-empty string, got the string \"\"",
                "prototype.lua:2: scenes.home.elements[1].on_tap: expected an action, got the string \"detail\"; write go(\"detail\")",
            ])
    }
}
