import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// State-image controls (issue 17) loaded from `prototype.lua` and driven by scripts: `tap`
/// flips a toggle, `choose` taps a segment, `expect.value` reads the state, `on_change`
/// receives the state name, and bad declarations are refused with their place.
@Suite("State controls from Lua scripts")
struct StateControlScriptTests {
    static func prototype(_ wifi: String = "", units: String = "") -> String {
        """
        local changes = {}
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "settings",
          state = { wifi = "on" },
          scenes = {
            settings = { image = "settings.png", elements = {
              { label = "Wi-Fi", control = "toggle", frame = { 280, 100, 60, 40 },
                states = { off = "off.png", on = "on.png" }, value = "on", \(wifi)
                on_change = function(app, state)
                  changes[#changes + 1] = state
                  app.state.wifi = state
                end },
              { label = "Units", control = "segmented", frame = { 30, 200, 300, 40 },
                states = { Metric = "m.png", Imperial = "i.png", Mixed = "x.png" }, \(units)
                segments = { Mixed = { 230, 200, 100, 40 }, Metric = { 30, 200, 100, 40 }, Imperial = { 130, 200, 100, 40 } },
                on_change = function(app, state) if state == "Mixed" then app:go("mixed") end end },
            } },
            mixed = { image = "settings.png", elements = { { label = "Back", frame = { 0, 0, 50, 50 }, on_tap = back() } } },
          },
        }
        """
    }

    static func run(_ lua: String, prototype: String = prototype()) throws -> [String: ScriptAPIHarness.Result] {
        try ScriptAPIHarness.run(lua, prototype: prototype, images: ["settings", "off", "on", "m", "i", "x"])
    }

    @Test func tapChooseAndExpectValueDriveTheControls() throws {
        let result = try Self.run(
            """
            test("walk", function()
              expect.value("Wi-Fi", "on")
              local e = element("Wi-Fi")
              assert(e.accessibility_value == "on", e.accessibility_value)
              assert(e.kind == "toggle", e.kind)
              tap "Wi-Fi"
              expect.value("Wi-Fi", "off")
              expect.state("wifi", "off")
              expect.value("Units", "Metric")
              assert(element("Units").accessibility_value == "1 of 3")
              assert(table.concat(element("Units").states, ",") == "Metric,Imperial,Mixed")
              choose("Units", "Imperial")
              expect.value("Units", "Imperial")
              expect.value("Units", "2 of 3")
              choose("Wi-Fi", "on")
              expect.value("Wi-Fi", "on")
              choose("Units", "Mixed")
              expect.scene "mixed"
              back()
              expect.value("Units", "Mixed")
              set_value("Wi-Fi", "off")
              expect.value("Wi-Fi", "off")
              expect.state("wifi", "on")
            end)
            """)["walk"]
        #expect(result?.step == .passed, "\(result?.failure ?? "")")
        let taps = (result?.timeline ?? []).compactMap {
            if case .controlState(let label, _, let state, "tap") = $0.kind { "\(label)=\(state)" } else { nil }
        }
        #expect(taps == ["Wi-Fi=off", "Units=Imperial", "Wi-Fi=on", "Units=Mixed"])
    }

    @Test func chooseFailsAtItsLineForAnUnknownStateOrControl() throws {
        let results = try Self.run(
            """
            test("state", function()
              choose("Units", "Metrik")
            end)
            test("label", function()
              choose("Unit", "Metric")
            end)
            """)
        guard case .failed(let state) = results["state"]?.step else {
            Issue.record("expected a failure")
            return
        }
        #expect(state.message.contains(#"has no state "Metrik"; did you mean "Metric"?"#), "\(state.message)")
        #expect(state.line == 3)
        guard case .failed(let label) = results["label"]?.step else {
            Issue.record("expected a failure")
            return
        }
        #expect(label.message.contains("Unit"), "\(label.message)")
    }

    static func load(_ text: String) -> [Diagnostic] {
        TestFolders.problems(text, images: ["settings.png", "off.png", "on.png", "m.png", "i.png", "x.png"])
    }

    /// A prototype whose one element is `element` (so each key is written once).
    static func single(_ element: String) -> String {
        """
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "settings",
          scenes = {
            settings = { image = "settings.png", elements = {
              \(element),
            } },
          },
        }
        """
    }

    static let toggle =
        #"{ label = "Wi-Fi", control = "toggle", frame = { 280, 100, 60, 40 }, states = { off = "off.png", on = "on.png" }, value = "on" }"#
    static let units = """
        { label = "Units", control = "segmented", frame = { 30, 200, 300, 40 },
                states = { Metric = "m.png", Imperial = "i.png", Mixed = "x.png" },
                segments = {
                  Metric = { 30, 200, 100, 40 },
                  Imperial = { 130, 200, 100, 40 },
                  Mixed = { 230, 200, 100, 40 },
                } }
        """

    @Test(arguments: [
        (toggle, #"on = "on.png""#, #"on = "missing.png""#, "elements[1].states.on", #"file "missing.png" not found"#),
        (toggle, #", on = "on.png""#, "", "elements[1].states", #"no state "on"; a toggle has the states off and on"#),
        (
            toggle, #"on = "on.png""#, #"on = "on.png", maybe = "on.png""#, "elements[1].states.maybe",
            "a toggle has only the states off and on"
        ),
        (toggle, #"value = "on""#, #"value = "onn""#, "elements[1].value", #"unknown state "onn"; did you mean "on"?"#),
        (toggle, #"control = "toggle""#, #"control = "togle""#, "elements[1].control", #"did you mean "toggle"?"#),
        (
            units, "Imperial = { 130,", "Imperial = { 120,", "elements[1].segments.Metric",
            #"overlaps segment "Imperial""#
        ),
        (
            units, "Mixed = { 230, 200, 100,", "Mixed = { 230, 200, 140,", "segments.Mixed",
            "is not inside the element's frame"
        ),
        (units, "Mixed = { 230, 200, 100, 40 },", "", "elements[1].segments", #"no segment for state "Mixed""#),
        (
            units, "Mixed = { 230,", "Mixd = { 230,", "segments.Mixd",
            #"no state "Mixd" in states; did you mean "Mixed"?"#
        ),
        (units, "segments = {", "segment = {", "elements[1]", #"unknown key "segment""#),
    ])
    func badDeclarationsNameTheirPlaceAndLine(element: String, old: String, new: String, path: String, message: String)
        throws
    {
        let text = Self.single(element.replacingOccurrences(of: old, with: new))
        #expect(text != Self.single(element), "the case changes the element")
        let diagnostics = Self.load(text)
        let hit = diagnostics.first { $0.path?.hasSuffix(path) == true && $0.message.contains(message) }
        #expect(hit != nil, "\(diagnostics.map(\.description))")
        #expect(hit?.line != nil, "the error names its line: \(diagnostics.map(\.description))")
    }

    /// Record → replay: taps and keys a person makes in the window are written as `tap` and
    /// `choose` calls, and running those lines gives the same states and scene.
    @Test func recordedTapsReplayToTheSameStates() throws {
        let path = ScriptAPIHarness.write(
            "", prototype: Self.prototype(), images: ["settings", "off", "on", "m", "i", "x"])
        let folder = (path as NSString).deletingLastPathComponent + "/proto"
        let prototype = try PrototypeLoader.load(directory: folder).prototype
        let session = Session(prototype: prototype)
        let recorder = ScriptRecorder(start: session.currentScene)
        func tap(_ x: Double, _ y: Double) {
            session.handle(InputEvent(.down, Point(x: x, y: y), at: session.now))
            session.handle(InputEvent(.up, Point(x: x, y: y), at: session.now + 0.05))
            for _ in 0..<40 {
                session.step(to: session.now + 1.0 / 60)
                session.framePresented()
                recorder.observe(session)
            }
        }
        tap(300, 120)  // Wi-Fi: on → off (its Lua on_change is not run here: no Lua state)
        tap(150, 210)  // Units: Imperial
        #expect(session.handleKey(.focusNext) == "Wi-Fi")
        session.handleKey(.commit)  // Space: Wi-Fi back on
        recorder.observe(session)
        #expect(
            recorder.lines == [
                #"expect.scene "settings""#, #"tap "Wi-Fi""#, #"choose("Units", "Imperial")"#,
                #"choose("Wi-Fi", "on")"#,
            ])
        let body = recorder.lines.joined(separator: "\n")
        let replay = try Self.run(
            "test(\"replay\", function()\n\(body)\nexpect.value(\"Units\", \"Imperial\")\nexpect.value(\"Wi-Fi\", \"on\")\nend)"
        )["replay"]
        #expect(replay?.step == .passed, "\(replay?.failure ?? "")")
    }
}
