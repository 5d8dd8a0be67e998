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

    /// A descriptor the parent opened before it lowered the limit (a shell's pipe at 250
    /// under `ulimit -n 100`) sits at or above the new limit: glibc's `posix_spawn` refused to
    /// name it, so no worker could start ("Bad file descriptor (errno 2: No such file or
    /// directory)", the errno read after another call). Such descriptors are closed at start.
    @Test(arguments: [40, 64, 100, 200])
    func aDescriptorInheritedAboveTheLimitDoesNotStopTheWorkers(_ limit: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("ok.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        let binary = try #require(Sceneflow.binary)
        let r = try Sceneflow.run(
            ["-c", "exec 250</dev/null; ulimit -n \(limit) && exec \"$0\" test ok.lua --json r.json", binary.path],
            in: tmp.url, executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(r.status == 0, "ulimit -n \(limit) with descriptor 250 open: \(r)")
        #expect(!r.stderr.contains("errno 2"), "\(r)")
    }

    /// Descriptors for one worker but not for the four asked for: the run goes on with the
    /// workers it could start, says so, and every file runs.
    @Test func tooFewDescriptorsForEveryWorkerRunsWithFewer() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        for index in 1...4 {
            try tmp.write("s\(index).lua", "prototype \"Proto\"\ntest(\"t\(index)\", function() tap \"Open\" end)\n")
        }
        let binary = try #require(Sceneflow.binary)
        let r = try Sceneflow.run(
            [
                "-c", "ulimit -n 22 && exec \"$0\" test s1.lua s2.lua s3.lua s4.lua --jobs 4 --json r.json",
                binary.path,
            ], in: tmp.url, executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("4 passed, 0 failed"), "\(r)")
        #expect(r.stderr.contains("instead of 4: could not start another: too few file descriptors"), "\(r)")
    }
}
