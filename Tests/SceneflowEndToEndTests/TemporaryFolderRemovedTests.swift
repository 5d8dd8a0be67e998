import Foundation
import SceneflowRunner
import Testing

/// A temporary-file cleaner (systemd-tmpfiles, tmpreaper, a CI step emptying `/tmp`) may
/// remove the runner's `sceneflow-jobs-*` folder while the run goes on: the next worker the
/// run starts (here after the first was stopped by a call that never returns to Lua) still
/// starts, and every verdict is the one the run gives with the folder in place (red-team
/// finding p13: the start failed and the rest of the run was lost).
@Suite struct TemporaryFolderRemovedTests {
    /// A library call that does not return for minutes.
    static let stuck = #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#

    @Test(arguments: ["1", "2"])
    func aRemovedWorkerFolderIsMadeAgain(_ jobs: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try FileManager.default.createDirectory(atPath: tmp.file("tmp"), withIntermediateDirectories: true)
        try tmp.write(
            "s/a.lua",
            "prototype \"../Proto\"\ntest(\"stuck\", function() \(Self.stuck) end)\ntest(\"after\", function() end)\n")
        try tmp.write("s/b.lua", "prototype \"../Proto\"\ntest(\"b\", function() end)\n")
        // The cleaner: removes every sceneflow-* folder of the run's TMPDIR once it appears.
        let folder = tmp.file("tmp")
        let cleaner = Thread {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                let made = names.filter { $0.hasPrefix("sceneflow-") }
                for name in made { try? FileManager.default.removeItem(atPath: folder + "/" + name) }
                if !made.isEmpty { return }
                usleep(2_000)
            }
        }
        cleaner.start()
        let r = try Sceneflow.run(
            ["test", "s", "--timeout", "1", "--jobs", jobs, "--json", "r.json"], in: tmp.url,
            environment: ["TMPDIR": tmp.file("tmp")], timeout: 120)
        #expect(r.status == 1 && !r.timedOut, "\(r)")
        #expect(!r.stderr.contains("could not"), "\(r)")
        let outcomes = try AfterAllVerdictTests.outcomes(tmp.file("r.json"))
        #expect(outcomes["s/a.lua: stuck"]?.hasPrefix("failed: ") == true, "\(outcomes)")
        #expect(outcomes["s/a.lua: after"] == "passed: ", "\(outcomes)")
        #expect(outcomes["s/b.lua: b"] == "passed: ", "\(outcomes)")
    }
}
