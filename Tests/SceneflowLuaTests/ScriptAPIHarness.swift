import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Runs script tests against a fixture prototype built for the script API: ambiguous labels,
/// a container, a disabled and an off-screen element, a value, double-tap and long-press
/// actions, a state table and an 11-page pager.
enum ScriptAPIHarness {
    static let prototype = """
        local pages = {}
        for i = 1, 11 do
          pages["page" .. i] = { image = "page.png",
            elements = { { label = "Page " .. i, frame = { 0, 100, 360, 40 } } },
            on_swipe = { left = i < 11 and go("page" .. (i + 1), "push_left", 0.3) or nil,
                         right = i > 1 and go("page" .. (i - 1), "push_right", 0.3) or nil } }
        end
        local scenes = {
          login = {
            image = "login.png",
            elements = {
              { label = "Card", frame = { 0, 0, 360, 200 } },
              { label = "Like", frame = { 20, 20, 40, 40 }, on_tap = go("liked", "none") },
              { label = "Like", frame = { 20, 300, 40, 40 }, on_tap = go("page1", "none") },
              { label = "Continue", frame = { 20, 500, 320, 48 }, on_tap = go("home") },
              { label = "Continue with Google", frame = { 20, 560, 320, 48 }, on_tap = go("google") },
              { label = "Sign in", frame = { 20, 620, 320, 48 },
                on_tap = function(app) app.state.signins = app.state.signins + 1; app:go("home") end },
              { label = "Photo", frame = { 20, 680, 100, 40 }, on_double_tap = go("zoomed", "crossfade", 0.2) },
              { label = "Message", frame = { 200, 680, 100, 40 }, on_long_press = present("menu") },
              { label = "Disabled", frame = { 20, 730, 100, 40 }, enabled = false, on_tap = go("home") },
              { label = "Quantity", frame = { 200, 730, 100, 40 }, value = 2, kind = "stepper" },
              { label = "Offscreen", frame = { 0, 900, 100, 40 } },
            },
            on_swipe = { left = go("page1") },
          },
          home = { image = "home.png", elements = { { label = "Back", frame = { 0, 24, 56, 56 }, on_tap = back() } } },
          google = { image = "home.png" },
          liked = { image = "home.png" },
          zoomed = { image = "home.png" },
          menu = { image = "home.png", elements = { { label = "Close", frame = { 0, 24, 56, 56 }, on_tap = dismiss() } } },
        }
        for name, scene in pairs(pages) do scenes[name] = scene end
        return {
          name = "API",
          device = { width = 360, height = 800, scale = 1 },
          start = "login",
          state = { signins = 0, cart = { items = 0 } },
          scenes = scenes,
        }
        """

    /// What one test did: its final step, log, steps and the session it ran on.
    struct Result {
        var step: ScriptStep
        var log: [TestLogEntry]
        var steps: [TestStepRecord]
        var timeline: [TimelineEvent]
        /// The file's after_all failure, when this test ran the hooks and one failed.
        var afterAll: Diagnostic? = nil

        /// The failure message without the `walk.lua:N: ` prefix, or nil when it passed.
        var failure: String? {
            guard case .failed(let d) = step else { return nil }
            return d.message
        }
        /// The file the failure names (the script, or a module it required).
        var file: String? {
            guard case .failed(let d) = step else { return nil }
            return d.file
        }
        /// The failure's line.
        var line: Int? {
            guard case .failed(let d) = step else { return nil }
            return d.line
        }
    }

    /// Writes `script` as `walk.lua` beside the fixture prototype (in `proto/`; another
    /// prototype text and its image names may be given), plus `extra` files relative to the
    /// script folder.
    static func write(
        _ script: String, extra: [String: String] = [:], prototype text: String = prototype,
        images: [String] = ["login", "home", "page"]
    ) -> String {
        let folder = TestFolders.make()
        let proto = folder + "/proto"
        try! FileManager.default.createDirectory(atPath: proto, withIntermediateDirectories: true)
        TestFolders.write(text, to: proto + "/prototype.lua")
        for image in images { TestFolders.write("", to: "\(proto)/\(image).png") }
        for (name, text) in extra {
            let path = folder + "/" + name
            try! FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            TestFolders.write(text, to: path)
        }
        TestFolders.write("prototype \"proto\"\n" + script, to: folder + "/walk.lua")
        return folder + "/walk.lua"
    }

    /// Runs every test of `script` (which gets `prototype "proto"` prepended, so its own
    /// lines start at 2); the results by test name.
    static func run(
        _ script: String, extra: [String: String] = [:], limits: LuaLimits = .standard,
        prototype text: String = prototype, images: [String] = ["login", "home", "page"],
        parameters: [String: String] = [:]
    ) throws -> [String: Result] {
        let path = write(script, extra: extra, prototype: text, images: images)
        let runtime = try ScriptRuntime(scriptPath: path, limits: limits, parameters: parameters)
        let prototype = try runtime.loadPrototype(directory: runtime.prototypePath!)
        let session = Session(prototype: prototype)
        runtime.bind(session)
        var results: [String: Result] = [:]
        let lastRun = runtime.tests.lastIndex { $0.skipReason == nil }
        for (index, test) in runtime.tests.enumerated() where test.skipReason == nil {
            let firstEvent = session.timeline.events.count
            runtime.start(test: index, last: index == lastRun)
            var step = runtime.resume()
            var frame = 0
            while step == .waiting, frame < 100_000 {
                frame += 1
                session.step(to: session.now + 1.0 / 60.0)
                session.framePresented()
                for call in session.takeScriptCalls() {
                    if let problem = runtime.call(call, session: session) { step = .failed(problem) }
                }
                if step == .waiting { step = runtime.resume() }
            }
            let records = runtime.testRecords
            results[test.name] = Result(
                step: step, log: records.log, steps: records.steps,
                timeline: Array(session.timeline.events[firstEvent...]), afterAll: runtime.afterAllFailure)
        }
        return results
    }

    /// Runs one test body; its result.
    static func one(_ body: String, extra: [String: String] = [:]) throws -> Result {
        let results = try run("test(\"t\", function()\n\(body)\nend)\n", extra: extra)
        return try #require(results["t"])
    }
}
