import Foundation
import SceneflowRunner
import Testing

/// A test that ended before its after_each hooks (a limit stopped its Lua state, or a C call
/// that never returned ended its worker process) has them run in a fresh load. Whatever then
/// ends that load too (an error, the watchdog, a stuck C call that ends the worker), nothing
/// either part recorded is lost and nothing moves: the test's failure reads as its own (its
/// place, its reason) and comes first; its log line and soft failure, then the hook's, are in
/// the test's entry; the hook's stop follows after `; then, in after_each: `. In a file of
/// one test, of two, and before after_all hooks (red-team 19 F1, F2, F3: the test's part named
/// the hook's call, and the hook's soft failure and log line were lost).
@Suite struct FreshLoadAfterEachRecordsTests {
    static let slow = #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#

    /// How the test ends, and what its own part of the failure says.
    static let tests: [(name: String, body: String, own: String)] = [
        ("watchdog", "while true do end", "in the script's own Lua code at c.lua:4"),
        ("stuck C call", slow, "string.find at c.lua:4"),
    ]
    /// How the fresh load's after_each ends (after a soft expectation that fails, so it always
    /// has a part), and what its part says.
    static let hooks: [(name: String, body: String, part: String)] = [
        ("soft expectation only", "", "c.lua:3: 1 soft expectation failed:\n  line 3: expected 3 to be 4"),
        ("error", #"error("AE-ERR")"#, "c.lua:3: AE-ERR"),
        ("watchdog", "while true do end", "in the script's own Lua code at c.lua:3"),
        ("stuck C call", slow, "string.find at c.lua:3"),
    ]
    /// What follows the test in its file.
    static let shapes: [(name: String, tail: String)] = [
        ("one test", ""),
        ("two tests", "test(\"t2\", function() end)\n"),
        ("after_all", "after_all(function() log.message(\"AA-LOG\") end)\n"),
    ]

    @Test(arguments: tests.map(\.name), hooks.map(\.name))
    func nothingEitherRecordedIsLost(_ testName: String, _ hookName: String) throws {
        let test = try #require(Self.tests.first { $0.name == testName })
        let hook = try #require(Self.hooks.first { $0.name == hookName })
        for shape in Self.shapes {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.write(
                "c.lua",
                "prototype \"Proto\"\n-- the hook\n"
                    + "after_each(function() log.message(\"AE-LOG\"); expect.soft(3).to_be(4); \(hook.body) end)\n"
                    + "test(\"t\", function() log.message(\"T-LOG\"); expect.soft(1).to_be(2); \(test.body) end)\n"
                    + shape.tail)
            let r = try Sceneflow.run(
                ["test", "c.lua", "--timeout", "1", "--json", "r.json"], in: tmp.url, timeout: 120)
            let context = "\(testName) × \(hookName), \(shape.name): \(r)"
            #expect(r.status == 1, "\(context)")
            let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
            let outcome = try #require(report.files.first?.outcomes.first { $0.name == "t" }, "\(context)")
            #expect(outcome.verdict == .failed, "\(context)")
            let message = "\(try #require(outcome.failure, "\(context)"))"
            let parts = message.components(separatedBy: "; then, in after_each: ")
            #expect(parts.count == 2, "\(context)\n\(message)")
            let own = parts[0]
            #expect(own.contains(test.own), "\(context)\n\(message)")
            #expect(own.contains("1 to be 2"), "the test's soft failure, \(context)\n\(message)")
            // The test's part never names the hook's line or call.
            #expect(!own.contains("c.lua:3") && !own.contains("after_each"), "\(context)\n\(message)")
            #expect(parts.last?.contains(hook.part) == true, "\(context)\n\(message)")
            #expect(parts.last?.contains("3 to be 4") == true, "the hook's soft failure, \(context)\n\(message)")
            let log = outcome.log.map(\.message)
            #expect(log.starts(with: ["T-LOG", "AE-LOG"]), "\(context)\n\(log)")
            if shape.name == "after_all" {
                #expect(log.last == "AA-LOG", "\(context)\n\(log)")
            }
            if shape.name == "two tests" {
                let second = report.files.first?.outcomes.first { $0.name == "t2" }
                #expect(second?.log.map(\.message) == ["AE-LOG"], "\(context)")
            }
        }
    }
}
