import Foundation
import Testing

/// `sceneflow test` under a low open-file limit (`ulimit -n`), a red-team finding: below ~255
/// every file failed as bad input (65), below 15 Foundation's `Process` trapped (SIGILL, 132).
/// Now the soft limit is raised to the hard one, and when workers still cannot start the run
/// is a system failure (70) naming the reason, with its reports written; never a crash.
@Suite struct DescriptorLimitTests {
    @Test(arguments: [12, 20, 64, 200, 1024])
    func aLowOpenFileLimitNeverCrashesTheRun(_ limit: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("ok.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        let binary = try #require(Sceneflow.binary)
        let r = try Sceneflow.run(
            [
                "-c",
                "ulimit -n \(limit) && exec \"$0\" test ok.lua --json r.json",
                binary.path,
            ], in: tmp.url, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(r.didNotCrash, "ulimit -n \(limit): \(r)")
        #expect(r.status == 0 || r.status == 70, "ulimit -n \(limit): \(r)")
        if r.status == 70 {
            #expect(r.stderr.contains("could not start a worker process: "), "\(r)")
        }
        #expect(FileManager.default.fileExists(atPath: tmp.file("r.json")), "ulimit -n \(limit): the report: \(r)")
    }
}
