import Foundation
import Testing

/// `--last-failed` keeps every test that has not passed since it was last run (red-team
/// findings P3 and P4): the tests and files a run did not reach because `-x` / `--max-failures`
/// or a signal stopped it are still to run, so "stop at the first failure, fix it, rerun the
/// last failed" never ends green on a red suite (Playwright Test's `--last-failed` and pytest's
/// `--lf` rerun them); and runs of the same paths that take different files (`--shard i/n`,
/// a rerun of some failures) keep each other's entries, so `--shard 1/2 --last-failed` reruns
/// shard 1's failures after shard 2 ran.
@Suite struct LastFailedStateTests {
    /// `SH/f1.lua` … `SH/fN.lua`, each one failing test `tI`.
    static func failingSuite(_ count: Int = 4) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        for i in 1...count {
            try tmp.write(
                "SH/f\(i).lua", "prototype \"../Proto\"\ntest(\"t\(i)\", function() error(\"fail \(i)\") end)\n")
        }
        return tmp
    }

    static func fix(_ tmp: TempFolder, _ i: Int) throws {
        try tmp.write("SH/f\(i).lua", "prototype \"../Proto\"\ntest(\"t\(i)\", function() end)\n")
    }

    static func env(_ tmp: TempFolder) -> [String: String?] { ["XDG_CACHE_HOME": tmp.file("cache")] }

    /// `-x` and `--max-failures N`, serial and with workers: the rerun after fixing what
    /// failed runs the rest too, and fails.
    @Test func testsAStoppedRunNeverReachedAreStillToRun() throws {
        let stops: [[String]] = [["-x"], ["--max-failures", "2"], ["-x", "--jobs", "2"]]
        for stop in stops {
            let tmp = try Self.failingSuite()
            let here = URL(fileURLWithPath: tmp.path)
            let first = try Sceneflow.run(["test", "SH", "--quiet"] + stop, in: here, environment: Self.env(tmp))
            #expect(first.status == 1, "\(stop): \(first)")
            #expect(first.stdout.contains("not run"), "\(stop): \(first)")
            // Fix every test that failed; the ones never reached still fail.
            for i in 1...4 where first.stdout.contains("fail \(i)") { try Self.fix(tmp, i) }
            let rerun = try Sceneflow.run(
                ["test", "SH", "--last-failed", "--json", "r.json"], in: here, environment: Self.env(tmp))
            #expect(rerun.status == 1, "\(stop): the rerun must not end green: \(rerun)")
            let fixed = (1...4).filter { first.stdout.contains("fail \($0)") }.count
            #expect(rerun.stdout.contains("\(fixed) passed, \(4 - fixed) failed"), "\(stop): \(first)\n\(rerun)")
            // Fix the rest: the loop ends green, then nothing is left.
            for i in 1...4 { try Self.fix(tmp, i) }
            let green = try Sceneflow.run(["test", "SH", "--last-failed"], in: here, environment: Self.env(tmp))
            #expect(green.status == 0 && green.stdout.contains("\(4 - fixed) passed, 0 failed"), "\(stop): \(green)")
            let done = try Sceneflow.run(["test", "SH", "--last-failed"], in: here, environment: Self.env(tmp))
            #expect(done.stderr.contains("no test failed in the previous run"), "\(stop): \(done)")
        }
    }

    /// Tests of a file `-x` stopped part-way (the file's later tests were not reached).
    @Test func laterTestsOfTheStoppedFileAreStillToRun() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "SH/a.lua",
            "prototype \"../Proto\"\ntest(\"a1\", function() error(\"x\") end)\ntest(\"a2\", function() error(\"y\") end)\ntest(\"a3\", function() end)\n"
        )
        let here = URL(fileURLWithPath: tmp.path)
        #expect(try Sceneflow.run(["test", "SH", "-x"], in: here, environment: Self.env(tmp)).status == 1)
        try tmp.write(
            "SH/a.lua",
            "prototype \"../Proto\"\ntest(\"a1\", function() end)\ntest(\"a2\", function() error(\"y\") end)\ntest(\"a3\", function() end)\n"
        )
        // --list shows what the rerun takes, from the same state.
        let list = try Sceneflow.run(["test", "SH", "--last-failed", "--list"], in: here, environment: Self.env(tmp))
        #expect(list.status == 0 && list.stdout.contains("Total: 3 tests in 1 file"), "\(list)")
        let rerun = try Sceneflow.run(["test", "SH", "--last-failed"], in: here, environment: Self.env(tmp))
        #expect(rerun.status == 1 && rerun.stdout.contains("2 passed, 1 failed"), "\(rerun)")
    }

    /// A signal (SIGINT, SIGTERM) during a busy test: the interrupted test, the file's tests
    /// after it and the files whose turn had not come are all still to run.
    @Test func testsASignalStoppedAreStillToRun() throws {
        for signal in [SIGINT, SIGTERM] {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.write(
                "SI/a.lua",
                "prototype \"../Proto\"\ntest(\"busy\", function() while true do end end)\ntest(\"after\", function() error(\"after\") end)\n"
            )
            try tmp.write("SI/b.lua", "prototype \"../Proto\"\ntest(\"b\", function() error(\"b\") end)\n")
            try tmp.write("SI/c.lua", "prototype \"../Proto\"\ntest(\"c\", function() error(\"c\") end)\n")
            let process = try WorkerProcesses.start(
                ["test", "SI", "--timeout", "60"], in: tmp, environment: ["XDG_CACHE_HOME": tmp.file("cache")])
            #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier) != nil, "the busy test never started")
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            #expect(process.terminationStatus == 128 + signal)
            try tmp.write(
                "SI/a.lua",
                "prototype \"../Proto\"\ntest(\"busy\", function() end)\ntest(\"after\", function() error(\"after\") end)\n"
            )
            let rerun = try Sceneflow.run(
                ["test", "SI", "--last-failed"], in: URL(fileURLWithPath: tmp.path), environment: Self.env(tmp))
            #expect(rerun.status == 1, "\(signal): \(rerun)")
            #expect(rerun.stdout.contains("1 passed, 3 failed"), "\(signal): \(rerun)")
        }
    }

    /// Red-team 9 R11: a run interrupted in a file's after_all (in Lua, or in a library call)
    /// leaves that file to run again whole, as a failed after_all does: `--last-failed` had
    /// looked for a test named "(after_all)", ran nothing and failed, on every later try.
    @Test(arguments: ["while true do end", #"string.find(string.rep("a", 40), string.rep("a*", 30) .. "b")"#])
    func aFileInterruptedInItsAfterAllRunsAgainWhole(_ hook: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "SI/c.lua",
            "prototype \"../Proto\"\nafter_all(function() \(hook) end)\n"
                + "test(\"t0\", function() end)\ntest(\"t1\", function() end)\n")
        let process = try WorkerProcesses.start(
            ["test", "SI", "--timeout", "60"], in: tmp, environment: ["XDG_CACHE_HOME": tmp.file("cache")])
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier) != nil, "after_all never ran")
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143)
        try tmp.write(
            "SI/c.lua",
            "prototype \"../Proto\"\nafter_all(function() end)\ntest(\"t0\", function() end)\ntest(\"t1\", function() end)\n"
        )
        let rerun = try Sceneflow.run(
            ["test", "SI", "--last-failed"], in: URL(fileURLWithPath: tmp.path), environment: Self.env(tmp))
        #expect(rerun.status == 0 && rerun.stdout.contains("2 passed, 0 failed"), "\(rerun)")
        #expect(!rerun.stderr.contains("no longer declared"), "\(rerun)")
        // Green now: nothing is left to run.
        let again = try Sceneflow.run(
            ["test", "SI", "--last-failed"], in: URL(fileURLWithPath: tmp.path), environment: Self.env(tmp))
        #expect(again.status == 0 && again.stderr.contains("nothing to run"), "\(again)")
    }

    /// P4: shards of one suite run one after another with one cache keep each other's failures.
    @Test func shardsKeepEachOthersFailures() throws {
        let tmp = try Self.failingSuite()
        let here = URL(fileURLWithPath: tmp.path)
        for shard in ["1/2", "2/2"] {
            let r = try Sceneflow.run(["test", "SH", "--shard", shard], in: here, environment: Self.env(tmp))
            #expect(r.status == 1 && r.stdout.contains("0 passed, 2 failed"), "\(shard): \(r)")
        }
        let one = try Sceneflow.run(
            ["test", "SH", "--shard", "1/2", "--last-failed"], in: here, environment: Self.env(tmp))
        #expect(one.status == 1 && one.stdout.contains("0 passed, 2 failed"), "\(one)")
        #expect(one.stdout.contains("t1") && one.stdout.contains("t3"), "\(one)")
        let all = try Sceneflow.run(["test", "SH", "--last-failed"], in: here, environment: Self.env(tmp))
        #expect(all.status == 1 && all.stdout.contains("0 passed, 4 failed"), "\(all)")
        // Shard 1 fixed and rerun: shard 2's failures stay.
        try Self.fix(tmp, 1)
        try Self.fix(tmp, 3)
        let fixed = try Sceneflow.run(
            ["test", "SH", "--shard", "1/2", "--last-failed"], in: here, environment: Self.env(tmp))
        #expect(fixed.status == 0 && fixed.stdout.contains("2 passed, 0 failed"), "\(fixed)")
        let rest = try Sceneflow.run(["test", "SH", "--last-failed"], in: here, environment: Self.env(tmp))
        #expect(rest.status == 1 && rest.stdout.contains("0 passed, 2 failed"), "\(rest)")
        #expect(rest.stdout.contains("t2") && rest.stdout.contains("t4") && !rest.stdout.contains("t1"), "\(rest)")
    }

    /// A rerun of some failures (`--filter`) keeps the others; a full run decides every test.
    @Test func aFilteredRunKeepsTheFailuresItLeftOut() throws {
        let tmp = try Self.failingSuite(2)
        let here = URL(fileURLWithPath: tmp.path)
        #expect(try Sceneflow.run(["test", "SH"], in: here, environment: Self.env(tmp)).status == 1)
        try Self.fix(tmp, 1)
        let some = try Sceneflow.run(["test", "SH", "--filter", "t1"], in: here, environment: Self.env(tmp))
        #expect(some.status == 0, "\(some)")
        let rest = try Sceneflow.run(["test", "SH", "--last-failed"], in: here, environment: Self.env(tmp))
        #expect(rest.status == 1 && rest.stdout.contains("0 passed, 1 failed"), "\(rest)")
        try Self.fix(tmp, 2)
        #expect(try Sceneflow.run(["test", "SH"], in: here, environment: Self.env(tmp)).status == 0)
        let none = try Sceneflow.run(["test", "SH", "--last-failed"], in: here, environment: Self.env(tmp))
        #expect(none.stderr.contains("no test failed in the previous run"), "\(none)")
    }
}
