import Foundation
import SceneflowRunner
import Testing

/// Red-team R7: `--max-failures` reached by a test that ended its worker (a library call stuck
/// past `--timeout`, in the test or its after_each): the console and TAP had no line for the
/// file (`1..0`, which `prove` reads as a green run of no tests), while JSON and JUnit had the
/// failure. Every reader sees the failed test and the tests not run, with the same counts.
@Suite struct MaxFailuresStoppedWorkerTests {
    static let stuck = "string.find(string.rep(\"a\", 40), string.rep(\"a*\", 30) .. \"b\")"

    @Test(arguments: [
        "test(\"a0\", function() \(stuck) end)\n",
        "after_each(function() \(stuck) end)\ntest(\"a0\", function() end)\n",
    ])
    func theFailureThatStopsTheRunIsInEveryReport(script: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s/t.lua", "prototype \"../Proto\"\n" + script + "test(\"a1\", function() end)\n")
        let options = ["test", "s", "-x", "--timeout", "1"]
        let r = try Sceneflow.run(options + ["--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("FAIL  a0"), "\(r.stdout)")
        #expect(r.stdout.contains("SKIP  a1  (not run: stopped after 1 failure"), "\(r.stdout)")
        #expect(r.stdout.contains("0 passed, 1 failed, 1 skipped"), "\(r.stdout)")
        let report = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json"))))
        #expect(report.files.flatMap { $0.outcomes.map(\.name) } == ["a0", "a1"])
        let tap = try Sceneflow.run(options + ["--tap"], in: tmp.url, timeout: 120).stdout
        #expect(tap.contains("not ok 1 - s/t.lua: a0"), "\(tap)")
        #expect(tap.contains("ok 2 - s/t.lua: a1 # SKIP not run: stopped after 1 failure"), "\(tap)")
        #expect(tap.contains("\n1..2"), "\(tap)")
    }
}
