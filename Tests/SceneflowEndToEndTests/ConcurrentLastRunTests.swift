import Foundation
import Testing

/// Two runs of one suite at once (the shards of a suite run in parallel on one machine, a
/// `--filter` run beside a full one) keep each other's `--last-failed` entries: a run merges
/// what it ran into the state as it is when it saves, under a lock, not into the state it
/// read when it started (red-team finding S3: the run that saved last wrote back the state it
/// had read before the other's failure, so `--last-failed` said "nothing to run", exit 0).
@Suite struct ConcurrentLastRunTests {
    /// `s/a.lua` (a quick test failing with `--param fail=1`) and `s/b.lua` (a test computing
    /// for 3 s of CPU, failing with `--param slowfail=1`), with a cache folder.
    static func project() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s/a.lua",
            "prototype \"../Proto\"\ntest(\"quick\", function() if param(\"fail\") then error(\"quick fails\") end end)\n"
        )
        try tmp.write(
            "s/b.lua",
            """
            prototype "../Proto"
            test("slow", function()
              local t = os.clock() while os.clock() - t < 3 do end
              if param("slowfail") then error("slow fails") end
            end)

            """)
        return tmp
    }

    /// Runs `first` until its worker is busy in the slow test (it has read the state by then),
    /// runs `second` to its end, then lets `first` end; returns what `--last-failed --list`
    /// lists afterwards.
    static func overlap(_ first: [String], _ second: [String], in tmp: TempFolder) throws -> String {
        let environment = ["XDG_CACHE_HOME": tmp.file("cache")]
        let clean = try Sceneflow.run(["test", "s"], in: tmp.url, environment: environment)
        #expect(clean.status == 0, "\(clean)")
        let process = try WorkerProcesses.start(["test", "s"] + first, in: tmp, environment: environment)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier) != nil, "the slow test never began")
        let other = try Sceneflow.run(["test", "s"] + second, in: tmp.url, environment: environment)
        #expect(other.status == (second.contains { $0.hasSuffix("fail=1") } ? 1 : 0), "\(other)")
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(!process.isRunning)
        let listed = try Sceneflow.run(["test", "s", "--last-failed", "--list"], in: tmp.url, environment: environment)
        return listed.stdout + listed.stderr
    }

    @Test func aFilterRunBesideAnotherKeepsItsFailure() throws {
        let tmp = try Self.project()
        let listed = try Self.overlap(["--filter", "slow"], ["--filter", "quick", "--param", "fail=1"], in: tmp)
        #expect(listed.contains("quick"), "the failure of the run that saved first was lost: \(listed)")
        #expect(!listed.contains("slow"), "\(listed)")
    }

    @Test(arguments: [["--jobs", "1"], ["--jobs", "2"]])
    func parallelShardsKeepBothFailures(_ jobs: [String]) throws {
        let tmp = try Self.project()
        let listed = try Self.overlap(
            ["--shard", "2/2", "--param", "slowfail=1"] + jobs, ["--shard", "1/2", "--param", "fail=1"] + jobs, in: tmp)
        #expect(listed.contains("quick") && listed.contains("slow"), "\(listed)")
    }

    /// A run that started first but saves last does not undo what a newer run found of the
    /// same test: each test's entry is the verdict of the run that started last among those
    /// that ran it (red-team finding T4: the older run's pass replaced the newer failure, and
    /// `--last-failed` said "nothing to run", exit 0).
    @Test func aNewerFailureOfTheSameTestIsKept() throws {
        let tmp = try Self.project()
        let listed = try Self.overlap([], ["--filter", "quick", "--param", "fail=1"], in: tmp)
        #expect(listed.contains("quick"), "the newer run's failure was lost: \(listed)")
        #expect(!listed.contains("slow"), "\(listed)")
    }

    /// The other way round: the newer run saw the test pass, so the older run's failure of it
    /// saved later is out of date.
    @Test func aNewerPassOfTheSameTestIsKept() throws {
        let tmp = try Self.project()
        let listed = try Self.overlap(["--param", "fail=1"], ["--filter", "quick"], in: tmp)
        #expect(!listed.contains("quick"), "the older run's failure came back: \(listed)")
    }

    /// A file the older run could not load, loaded by a newer run, is not rerun whole; a file
    /// the newer run could not load stays to rerun whole.
    @Test func aNewerLoadOfTheSameFileIsKept() throws {
        let tmp = try Self.project()
        let environment = ["XDG_CACHE_HOME": tmp.file("cache")]
        try tmp.write("s/0c.lua", "prototype \"../Proto\"\ntest(\"c\", function() end)\n")
        let clean = try Sceneflow.run(["test", "s"], in: tmp.url, environment: environment)
        #expect(clean.status == 0, "\(clean)")
        try tmp.write("s/0c.lua", "prototype \"../Proto\"\ntest(\"c\", function() end\n")
        let process = try WorkerProcesses.start(["test", "s", "--jobs", "1"], in: tmp, environment: environment)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier) != nil, "the slow test never began")
        // The older run saw 0c.lua broken (it loads first: files in order);
        // it is fixed and the newer run loads it.
        try tmp.write("s/0c.lua", "prototype \"../Proto\"\ntest(\"c\", function() end)\n")
        let other = try Sceneflow.run(["test", "s", "--filter", "c"], in: tmp.url, environment: environment)
        #expect(other.status == 0, "\(other)")
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        let listed = try Sceneflow.run(["test", "s", "--last-failed", "--list"], in: tmp.url, environment: environment)
        #expect(!(listed.stdout + listed.stderr).contains("0c.lua"), "\(listed)")
    }

    /// The latest execution of a test decides it, not the latest start of a run: a run that
    /// started first but reached the test last (its slow file came first) keeps its failure
    /// (red-team finding T10: deciding by the run's start lost that newer failure).
    @Test func theLatestExecutionDecidesNotTheLatestStart() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s/0slow.lua",
            "prototype \"../Proto\"\ntest(\"slow\", function() local t = os.clock() while os.clock() - t < 3 do end end)\n"
        )
        try tmp.write(
            "s/quick.lua",
            "prototype \"../Proto\"\ntest(\"quick\", function() if param(\"fail\") then error(\"quick fails\") end end)\n"
        )
        let environment = ["XDG_CACHE_HOME": tmp.file("cache")]
        let clean = try Sceneflow.run(["test", "s"], in: tmp.url, environment: environment)
        #expect(clean.status == 0, "\(clean)")
        // The first run takes 0slow.lua first and reaches quick.lua (failing) after 3 s.
        let process = try WorkerProcesses.start(
            ["test", "s", "--jobs", "1", "--param", "fail=1"], in: tmp, environment: environment)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier) != nil, "the slow test never began")
        // The second starts later, runs quick.lua alone (passing) and ends first.
        let other = try Sceneflow.run(["test", "s", "--filter", "quick"], in: tmp.url, environment: environment)
        #expect(other.status == 0, "\(other)")
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(process.terminationStatus == 1)
        let listed = try Sceneflow.run(["test", "s", "--last-failed", "--list"], in: tmp.url, environment: environment)
        #expect((listed.stdout + listed.stderr).contains("quick"), "the later failure was lost: \(listed)")
    }
}
