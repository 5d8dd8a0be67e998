import Foundation
import SceneflowRunner
import Testing

/// A prototype action that runs past the test's watchdog (`--timeout`) before its own 10 s
/// limit is stopped at the test's deadline, and the failure names the test's watchdog, not the
/// action's 10 s: whether the action's Lua code keeps returning to the VM (a loop of slow
/// library calls) or is stuck in one library call that never returns (its worker is stopped),
/// with `--jobs 1` and `--jobs 2`, in the console and the JSON report.
@Suite struct EarlierLimitWinsTests {
    static let actions: [(name: String, body: String)] = [
        ("slow library calls", #"for i = 1, 1e7 do local s = string.rep("x", 1e6) end"#),
        ("a library call that never returns", #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#),
    ]

    @Test(arguments: actions.map(\.name), ["1", "2"])
    func theTestsWatchdogIsNamed(_ action: String, jobs: String) throws {
        let body = try #require(Self.actions.first { $0.name == action }).body
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                    home = {
                      image = "home.png",
                      elements = { { label = "Slow", frame = { 2, 10, 30, 20 }, on_tap = function(app) \(body) end } },
                    },
                """, images: ["home.png"])
        try tmp.write("r.lua", "prototype \"Proto\"\ntest(\"t\", function() tap \"Slow\" end)\n")
        let r = try Sceneflow.run(
            ["test", "r.lua", "--timeout", "2", "--jobs", jobs, "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let message = report.files.first?.outcomes.first?.failure?.message ?? ""
        #expect(
            message.hasPrefix("test \"t\" ran its Lua code for more than 2 s of real time (the watchdog"),
            "\(action): \(message)")
        #expect(!message.contains("10 s"), "\(action): \(message)")
        #expect(message.contains("Proto/prototype.lua"), "the action's file is named: \(message)")
        #expect(r.stdout.contains("more than 2 s of real time (the watchdog"), "\(r.stdout)")
    }
}
