import Foundation
import SceneflowRunner
import Testing

/// However a test fails (an error, an expectation, a soft expectation, a failure caught by
/// `coroutine.resume` in a coroutine of its own, a limit), a failing `after_each` (an error, an
/// expectation, a soft expectation) follows the test's failure as `<the test's failure>; then,
/// in after_each: <the hook's>`: neither is lost, and the hook's never reads as the test's.
/// The same in every report and with `--jobs`.
@Suite struct AfterEachKeepsTheTestsFailureTests {
    /// How the test fails, and a text its failure holds.
    static let tests: [(name: String, body: String, message: String)] = [
        ("error", #"error("tf")"#, "c.lua:3: tf"),
        ("expectation", "expect(1).to_be(3)", "c.lua:3: expected 1 to be 3"),
        (
            "soft expectation", "expect.soft(1).to_be(3)",
            "c.lua:3: 1 soft expectation failed:\n  line 3: expected 1 to be 3"
        ),
        (
            "coroutine", "coroutine.resume(coroutine.create(function() expect(1).to_be(3) end))",
            "c.lua:3: expected 1 to be 3\n(raised inside a coroutine of the script's own"
        ),
        // Its own place and reason, never the hook's (red-team 19 F1: a stuck C call in the
        // fresh load's after_each named its call as the test's).
        ("limit", "while true do end", "the time ran out in the script's own Lua code at c.lua:3"),
    ]

    /// How after_each fails, and what follows `in after_each: `: an error or expectation, or a
    /// limit that stops its Lua (the watchdog, the memory cap, a C call that never returns to
    /// the VM and ends the worker process): red-team 18 F1, the test's own failure was lost.
    static let hooks: [(name: String, body: String, message: String)] = [
        ("error", #"error("aef")"#, "c.lua:2: aef"),
        ("expectation", "expect(2).to_be(4)", "c.lua:2: expected 2 to be 4"),
        (
            "soft expectation", "expect.soft(2).to_be(4)",
            "c.lua:2: 1 soft expectation failed:\n  line 2: expected 2 to be 4"
        ),
        (
            "watchdog", "while true do end",
            #"c.lua:3: after_each of c.lua (for test "t") ran its Lua code for more than 1 s"#
        ),
        (
            // One allocation past the cap, refused at once: a loop of smaller ones raced the
            // 1 s watchdog on a loaded machine.
            "memory", #"local s = string.rep("x", 300000000)"#,
            #"after_each of c.lua (for test "t") used more than 256 MiB of memory"#
        ),
        (
            "stuck C call", #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#,
            #"c.lua:3: after_each of c.lua (for test "t") ran its Lua code for more than 1 s"#
        ),
    ]

    @Test(arguments: tests.map(\.name), hooks.map(\.name))
    func theTestsFailureComesFirstThenTheHooks(_ test: String, _ hook: String) throws {
        let (_, testBody, testMessage) = try #require(Self.tests.first { $0.name == test })
        let (_, hookBody, hookMessage) = try #require(Self.hooks.first { $0.name == hook })
        for jobs in ["1", "2"] {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.write(
                "c.lua",
                "prototype \"Proto\"\nafter_each(function() \(hookBody) end)\ntest(\"t\", function() \(testBody) end)\n"
            )
            let r = try Sceneflow.run(
                ["test", "c.lua", "--timeout", "1", "--jobs", jobs, "--report", "rep"], in: tmp.url, timeout: 120)
            #expect(r.status == 1, "\(r)")
            let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("rep/results.json")))
            let outcome = try #require(report.files.first?.outcomes.first)
            #expect(outcome.verdict == .failed)
            let message = "\(try #require(outcome.failure))"
            let parts = message.components(separatedBy: "; then, in after_each: ")
            #expect(parts.count == 2, "\(test) × \(hook), --jobs \(jobs): \(message)")
            #expect(parts.first?.contains(testMessage) == true, "\(test) × \(hook), --jobs \(jobs): \(message)")
            #expect(
                parts.last?.hasPrefix(hookMessage) == true
                    || hookMessage.hasPrefix("after_each")
                        && parts.last?.hasPrefix("c.lua:") == true && parts.last?.contains(hookMessage) == true,
                "\(test) × \(hook), --jobs \(jobs): \(message)")
            // Each failure once: the test's never in the hook's part, nor the hook's in the test's.
            #expect(parts.last?.contains("1 to be 3") == false, "\(message)")
            #expect(parts.first?.contains("2 to be 4") == false && parts.first?.contains("aef") == false, "\(message)")
            let junit = try String(contentsOf: tmp.url.appendingPathComponent("rep/junit.xml"), encoding: .utf8)
            let html = try String(contentsOf: tmp.url.appendingPathComponent("rep/index.html"), encoding: .utf8)
            for (format, text) in [("console", r.stdout), ("JUnit", junit), ("HTML", html)] {
                #expect(text.contains("; then, in after_each: c.lua:"), "\(format): \(text)")
                #expect(text.contains("1 to be 3") || text.contains("tf") || text.contains("ran its Lua code"))
            }
            let tap = try Sceneflow.run(
                ["test", "c.lua", "--timeout", "1", "--jobs", jobs, "--tap"], in: tmp.url, timeout: 120)
            #expect(tap.stdout.contains("; then, in after_each: c.lua:"), "TAP: \(tap.stdout)")
        }
    }
}
