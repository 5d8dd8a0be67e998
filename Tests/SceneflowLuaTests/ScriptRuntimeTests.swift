import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

@Suite struct ScriptRuntimeTests {
    static let prototype = """
        return {
          name = "Notes",
          device = { width = 360, height = 800, scale = 1 },
          start = "home",
          scenes = {
            home = {
              image = "home.png",
              elements = { { label = "Open note", frame = { 16, 100, 328, 60 }, on_tap = go("note") } },
              on_swipe = { up = go("settings", "push_up", 0.3) },
            },
            note = {
              image = "note.png",
              elements = {
                { label = "Back", frame = { 0, 24, 56, 56 }, on_tap = back() },
                { label = "More options", frame = { 300, 24, 56, 56 }, on_tap = present("settings") },
                { label = "Rate", frame = { 0, 600, 360, 60 },
                  on_tap = function(app) app:go("thanks", "crossfade", 0.3) end },
              },
            },
            settings = { image = "settings.png", elements = { { label = "Done", frame = { 280, 24, 80, 44 }, on_tap = dismiss() } } },
            thanks = { image = "thanks.png" },
          },
        }
        """

    /// A script folder with `walk.lua` next to a `proto` prototype folder.
    static func script(_ lua: String) -> String {
        let folder = TestFolders.make()
        let proto = folder + "/proto"
        try! FileManager.default.createDirectory(atPath: proto, withIntermediateDirectories: true)
        TestFolders.write(prototype, to: proto + "/prototype.lua")
        for image in ["home", "note", "settings", "thanks"] { TestFolders.write("", to: "\(proto)/\(image).png") }
        let path = folder + "/walk.lua"
        TestFolders.write(lua, to: path)
        return path
    }

    /// Runs every test of `path` headless at 60 frames per second; the results by test name.
    static func run(_ path: String, limits: LuaLimits = .standard) throws -> [String: ScriptStep] {
        let runtime = try ScriptRuntime(scriptPath: path, limits: limits)
        let prototype = try runtime.loadPrototype(directory: runtime.prototypePath!)
        let session = Session(prototype: prototype)
        runtime.bind(session)
        var results: [String: ScriptStep] = [:]
        for (index, test) in runtime.tests.enumerated() {
            runtime.start(test: index)
            var step = runtime.resume()
            var frame = 0
            while step == .waiting, frame < 100_000 {
                frame += 1
                session.step(to: session.now + 1.0 / 60.0)
                session.framePresented()
                for call in session.takeScriptCalls() {
                    if let problem = runtime.call(call, session: session) { Issue.record("\(problem)") }
                }
                step = runtime.resume()
            }
            results[test.name] = step
        }
        return results
    }

    static func failure(_ step: ScriptStep?) -> String? {
        guard case .failed(let diagnostic)? = step else { return nil }
        var copy = diagnostic
        copy.file = (copy.file as NSString).lastPathComponent
        return copy.description
    }

    @Test func declarationsAreCollected() throws {
        let path = Self.script(
            """
            prototype "proto"

            test("one", function() end)
            test("two", function() end)
            """)
        let runtime = try ScriptRuntime(scriptPath: path)
        #expect(runtime.tests == [ScriptTest(name: "one", line: 3), ScriptTest(name: "two", line: 4)])
        #expect(runtime.prototypePath == (path as NSString).deletingLastPathComponent + "/proto")
    }

    @Test func tappingAndCheckingScenesPasses() throws {
        let path = Self.script(
            """
            prototype "proto"
            test("settings and back", function()
              tap "Open note"
              expect.scene "note"
              tap "More options"
              expect.scene "settings"
              tap "Done"
              expect.scene "note"
              back()
              expect.scene "home"
              swipe "up"
              expect.scene "settings"
            end)
            test("a Lua action says thanks", function()
              expect.scene "home"
              tap "Open note"
              tap "Rate"
              expect.scene "thanks"
            end)
            """)
        let results = try Self.run(path)
        #expect(results["settings and back"] == .passed)
        #expect(results["a Lua action says thanks"] == .passed)
    }

    @Test func failingExpectNamesTheScriptLine() throws {
        let path = Self.script(
            """
            prototype "proto"
            test("wrong scene", function()
              tap "Open note"
              expect.scene "settings"
            end)
            test("misspelt scene", function()
              expect.scene "hoem"
            end)
            """)
        let results = try Self.run(path)
        #expect(
            Self.failure(results["wrong scene"])
                == "walk.lua:4: expect.scene(\"settings\"): expected scene \"settings\" but the current scene is \"note\" (waited 5 s)"
        )
        #expect(
            Self.failure(results["misspelt scene"])
                == "walk.lua:7: expect.scene(\"hoem\"): there is no scene \"hoem\"; did you mean \"home\"? (the current scene is \"home\")"
        )
    }

    @Test func misspeltLabelSuggestsTheRightOne() throws {
        let path = Self.script(
            """
            prototype "proto"
            test("typo", function()
              tap "Open note"
              tap "More optoins"
            end)
            """)
        let results = try Self.run(path)
        #expect(
            Self.failure(results["typo"])
                == "walk.lua:4: tap(\"More optoins\"): no element labelled \"More optoins\" in scene \"note\"; did you mean \"More options\"? (labels on screen: \"Back\", \"More options\", \"Rate\") (waited 5 s)"
        )
    }

    @Test func runtimeErrorsAndMisspeltGlobals() throws {
        let path = Self.script(
            """
            prototype "proto"
            test("runtime error", function()
              local t = nil
              print(t.x)
            end)
            test("misspelt global", function()
              tapp "Open note"
            end)
            """)
        let results = try Self.run(path)
        #expect(Self.failure(results["runtime error"]) == "walk.lua:4: attempt to index a nil value (local 't')")
        #expect(
            Self.failure(results["misspelt global"])
                == "walk.lua:7: attempt to call a nil value (global 'tapp'); did you mean \"tap\"?")
    }

    @Test func endlessTestsAreStopped() throws {
        let path = Self.script(
            """
            prototype "proto"
            test("busy loop", function()
              while true do end
            end)
            test("waits forever", function()
              while true do wait(1) end
            end)
            """)
        let results = try Self.run(path, limits: LuaLimits(testTimeout: 10, testWallSeconds: 0.5))
        #expect(
            Self.failure(results["busy loop"])
                == "walk.lua:2: test \"busy loop\" ran its Lua code for more than 0.5 s of real time (the watchdog): the time ran out in the script's own Lua code at walk.lua:3 (an endless loop?); change the limit with --timeout"
        )
        #expect(
            Self.failure(results["waits forever"])
                == "walk.lua:6: test \"waits forever\" did not finish within 10 s of clock time (--clock-limit): wait(1) was running (step 11, started at 10 s); 10 steps had passed. Raise the limit with test(name, {clock_limit = seconds}, fn) or --clock-limit SECONDS"
        )
    }

    @Test func scriptErrorsAtLoad() {
        let path = Self.script("prototype \"proto\"\ntest(\"no function\")\n")
        do {
            _ = try ScriptRuntime(scriptPath: path)
            Issue.record("expected an error")
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [
                    "test(\"no function\"): expected options {clock_limit = seconds, tags = {...}} or the test function second, got nil"
                ])
            #expect(error.diagnostics.first?.line == 2)
        }
        do {
            _ = try ScriptRuntime(scriptPath: "/nonexistent/walk.lua")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "/nonexistent/walk.lua: no script at /nonexistent/walk.lua")
        }
    }

    @Test func gesturesOutsideATestFail() {
        let path = Self.script("prototype \"proto\"\ntap \"Open note\"\ntest(\"x\", function() end)\n")
        do {
            _ = try ScriptRuntime(scriptPath: path)
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.first?.line == 2)
            #expect(
                error.diagnostics.first?.message
                    == "tap(\"Open note\"): gestures, waits and expectations run inside test(\"name\", function() ... end) (not in a coroutine of the script's own)"
            )
        }
    }
}
