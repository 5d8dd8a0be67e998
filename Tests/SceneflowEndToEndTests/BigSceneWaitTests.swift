import Foundation
import SceneflowLua
import SceneflowRunner
import Testing

/// A wait on a big scene is bounded by clock time, not by the scene's size: every
/// locator-based wait retries once per frame, and a retry frame on an unchanged settled scene
/// reuses the elements it read last (the elements revision), so an element that appears after
/// 3 s of clock on a 10 000-element scene is reached well within a 10 s watchdog. Before, each
/// retry frame pushed all 10 000 elements to Lua and normalised every label (~130 ms per
/// 1/60 s frame, red-team finding Q6): these tests were failed by the watchdog.
@Suite struct BigSceneWaitTests {
    /// Scene "a": 10 000 elements with pseudo-random labels (as the red team's), replaced by
    /// "b" after 3 s of clock; "b" has the same 10 000 plus one element of every kind a
    /// locator-based call acts on; "c" is where b's actions lead.
    static let prototype = """
        local many = {}
        local seed = 4
        for i = 1, 10000 do
          local letters = {}
          for j = 1, 12 do
            seed = (seed * 1103515245 + 12345) % 2147483648
            letters[j] = string.char(97 + seed % 10)
          end
          many[i] = { label = table.concat(letters) .. i, frame = { (i - 1) % 300, (i - 1) // 300 * 10, 1, 1 } }
        end
        local function with(extra)
          local list = {}
          for i, e in ipairs(many) do list[i] = e end
          for _, e in ipairs(extra) do list[#list + 1] = e end
          return list
        end
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "a",
          scenes = {
            a = { image = "p.png", after = 3, on_after = replace("b", "none"),
                  elements = with({ { label = "Gone", frame = { 0, 400, 100, 40 } } }) },
            b = { image = "p.png", on_swipe = { left = go("c", "none") }, elements = with({
              { label = "Target", frame = { 0, 400, 100, 40 } },
              { label = "Photo", frame = { 120, 400, 100, 40 }, on_double_tap = go("c", "none") },
              { label = "Hold", frame = { 240, 400, 100, 40 }, on_long_press = go("c", "none") },
              { label = "Stars", frame = { 0, 460, 320, 60 }, control = "star_rating" },
              { label = "Name", frame = { 0, 540, 320, 44 }, control = "text_field" },
              { label = "Wi-Fi", frame = { 0, 590, 60, 40 }, control = "toggle", states = { off = "p.png", on = "p.png" } },
              { label = "Quantity", frame = { 100, 590, 60, 40 }, value = 2 },
              { label = "Panel", frame = { 0, 640, 360, 160 } },
              { label = "Inner", frame = { 10, 650, 60, 40 } },
            }) },
            c = { image = "p.png" },
          },
        }
        """

    /// Every locator-based call, each waiting from clock 0 for its element to appear at 3 s.
    static let calls: [(name: String, body: String)] = [
        ("tap", #"tap "Target""#),
        ("double_tap", #"double_tap "Photo"; expect.scene "c""#),
        ("long_press", #"long_press "Hold"; expect.scene "c""#),
        ("swipe on an element", #"swipe("left", {on = "Target"}); expect.scene "c""#),
        ("type_text", #"type_text("Name", "x"); expect.value("Name", "x")"#),
        ("clear_text", #"clear_text "Name""#),
        ("rate", #"rate("Stars", 3)"#),
        ("increment", #"increment "Stars""#),
        ("choose", #"choose("Wi-Fi", "on")"#),
        ("wait_for", #"expect(wait_for("Target").label).to_be("Target")"#),
        ("wait_for contains", #"wait_for {contains = "arge"}"#),
        ("wait_for pattern", #"wait_for {pattern = "^Tar"}"#),
        ("wait_for kind", #"wait_for {kind = "text_field"}"#),
        ("wait_for a condition reading element()", #"wait_for(function() return element "Target" end)"#),
        ("expect.visible", #"expect.visible "Target""#),
        ("expect.hidden", #"expect.hidden "Gone""#),
        ("expect.value", #"expect.value("Quantity", 2)"#),
        ("expect.count", #"expect.count("Target", 1)"#),
        ("within a container", #"within("Panel", function() tap "Inner" end)"#),
        ("within a scene", #"wait(3); within("b", function() tap "Target" end)"#),
    ]

    /// The folder with the prototype and one test per call, under a 10 s watchdog.
    static func run(_ tests: [(name: String, body: String)]) throws -> ScriptFileResult {
        let tmp = try TempFolder()
        try tmp.image("Big/p.png", width: 360, height: 800)
        try tmp.write("Big/prototype.lua", prototype)
        let script = tests.map { "test(\(luaString($0.name)), function()\n  \($0.body)\nend)\n" }.joined()
        let path = try tmp.write("waits.lua", "prototype \"Big\"\n" + script)
        let runner = HeadlessTestRunner(options: .init(limits: LuaLimits(testWallSeconds: 10), baselineMode: .never))
        let result = runner.run(script: path)
        withExtendedLifetime(tmp) {}
        #expect(result.loadProblems.isEmpty, "\(result.loadProblems)")
        return result
    }

    static func luaString(_ text: String) -> String { "\"" + text + "\"" }

    @Test func everyLocatorBasedWaitReachesAnElementThatAppearsAfterThreeSecondsWellWithinTheWatchdog() throws {
        let result = try Self.run(Self.calls)
        #expect(result.outcomes.count == Self.calls.count)
        for outcome in result.outcomes {
            #expect(
                outcome.passed,
                "\(outcome.name): \(outcome.failure?.message.prefix(400) ?? "") after \(outcome.wallSeconds ?? -1) s")
            #expect(outcome.clockSeconds >= 3, "\(outcome.name) waited for b: \(outcome.clockSeconds) s of clock")
        }
    }

    /// A typo on the big scene fails with its own message (no element labelled …, with a
    /// did-you-mean), at the end of its timeout, not by the watchdog.
    @Test func aTypoOnTheBigSceneFailsWithItsOwnMessage() throws {
        let result = try Self.run([
            ("typo", #"wait(3); with_timeout(1, function() tap "Targte" end)"#),
            (
                "typo in a container",
                #"wait(3); with_timeout(1, function() within("Panel", function() tap "Iner" end) end)"#
            ),
        ])
        for outcome in result.outcomes {
            let message = try #require(outcome.failure?.message, "\(outcome.name) passed")
            #expect(message.contains("no element labelled"), "\(outcome.name): \(message.prefix(300))")
            #expect(message.contains("did you mean"), "\(outcome.name): \(message.prefix(300))")
            #expect(message.contains("(waited 1 s)"), "\(outcome.name): \(message.suffix(300))")
            #expect(!message.contains("watchdog"), "\(outcome.name): \(message.prefix(300))")
        }
        // The first labels on screen are listed, the rest counted (10 009 in scene b).
        let typo = try #require(result.outcomes.first?.failure?.message)
        #expect(typo.hasSuffix(" more) (waited 1 s)"), "\(typo.suffix(200))")
    }
}
