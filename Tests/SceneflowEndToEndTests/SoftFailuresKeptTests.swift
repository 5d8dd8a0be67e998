import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner
import Testing

/// Soft failures are the product bugs a test found: whatever ends the test afterwards (the
/// watchdog, the memory limit, the clock limit, a Lua error, a failing prototype action), its
/// failure message lists them after its own reason, once, as an `error()` after them does
/// (red-team finding P2).
@Suite struct SoftFailuresKeptTests {
    /// The way each test ends after one soft failure (`expect.soft(1).to_equal(N)` first).
    static let endings: [(name: String, body: String, reason: String)] = [
        ("the watchdog", "while true do end", "real time (the watchdog"),
        (
            "the memory limit", #"local t = {} for i = 1, 100 do t[i] = string.rep("m", 1024 * 1024) .. i end"#,
            "MiB of memory"
        ),
        ("the clock limit", "wait(100)", "did not finish within 5 s of clock time"),
        ("an error", #"error("hard")"#, "hard"),
        ("a failing expectation", #"expect.scene "b""#, "expected scene"),
        ("a failing prototype action", #"tap "Boom""#, "in the prototype's Lua action"),
    ]

    static let scenes = """
            a = { image = "a.png", elements = {
              { label = "Next", frame = { 2, 10, 30, 20 }, on_tap = go("b") },
              { label = "Boom", frame = { 2, 40, 30, 20 }, on_tap = function() error("action broke") end } } },
            b = { image = "b.png" },
        """

    @Test(arguments: endings.map(\.name))
    func aSoftFailureIsListedAfterTheReasonTheTestEnded(ending: String) throws {
        let (_, body, reason) = try #require(Self.endings.first { $0.name == ending })
        let tmp = try TempFolder()
        try tmp.prototype(start: "a", scenes: Self.scenes, images: ["a.png", "b.png"])
        let path = try tmp.write(
            "soft.lua",
            """
            prototype "Proto"
            test("t", {clock_limit = 5}, function()
              expect.soft(1).to_equal(41)
              \(body)
            end)

            """)
        let limits = LuaLimits(memoryBytes: 32 << 20, testWallSeconds: 1)
        let result = HeadlessTestRunner(options: .init(limits: limits, baselineMode: .never)).run(script: path)
        let outcome = try #require(result.outcomes.first)
        let message = outcome.failure?.message ?? ""
        #expect(outcome.verdict == .failed, "\(ending): \(outcome.verdict)")
        #expect(message.contains(reason), "\(ending): \(message)")
        #expect(message.contains("1 soft expectation failed"), "\(ending): \(message)")
        #expect(message.contains("expected 1 to equal 41"), "\(ending): \(message)")
        #expect(message.components(separatedBy: "expected 1 to equal 41").count == 2, "listed once: \(message)")
    }
}
