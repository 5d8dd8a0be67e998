import Foundation
import SceneflowRunner
import Testing

/// However a file's before_all hooks end (an error, the watchdog in a Lua loop, a library call
/// that never returns, the memory cap, a prototype action's instruction limit), its after_all
/// hooks run (in a fresh load that leaves the stopped before_all out, when a limit or a stopped
/// worker ended it) and a failing one is the file's `(after_all)` entry with its own message.
/// An `(after_all)` entry for a hook that was stopped sits at that hook's line. With `--jobs`
/// 1 and 2.
@Suite struct BeforeAllStoppedAfterAllTests {
    static let stuckCall = #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#

    /// How before_all ends, and a text of the message its tests fail with.
    static let endings: [(name: String, body: String, message: String)] = [
        ("an error", #"error("bae")"#, "in before_all: b.lua:3: bae"),
        ("the watchdog", "while true do end", "before_all of b.lua ran its Lua code for more than"),
        ("a library call that never returns", stuckCall, "before_all of b.lua ran its Lua code for more than"),
        ("the memory cap", #"local s = string.rep("x", 300 * 1024 * 1024)"#, "256 MiB"),
        ("an action's instruction limit", #"tap "Loop""#, "the action did not finish"),
    ]

    static let scenes = """
            home = {
              image = "home.png",
              elements = {
                { label = "Loop", frame = { 2, 10, 30, 20 }, on_tap = function(app) while true do end end },
              },
            },
        """

    @Test(arguments: endings.map(\.name), ["1", "2"])
    func afterAllRunsAndIsTheFilesEntry(_ ending: String, jobs: String) throws {
        let (_, body, message) = try #require(Self.endings.first { $0.name == ending })
        let tmp = try TempFolder()
        try tmp.prototype(scenes: Self.scenes, images: ["home.png"])
        try tmp.write(
            "b.lua",
            """
            prototype "Proto"
            after_all(function() error("aa") end)
            before_all(function() \(body) end)
            test("a", function() end)
            test("b", function() end)

            """)
        let r = try Sceneflow.run(
            ["test", "b.lua", "--timeout", "1", "--jobs", jobs, "--report", "rep"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("rep/results.json")))
        let outcomes = report.files.first?.outcomes ?? []
        #expect(outcomes.map(\.name) == ["a", "b", "(after_all)"], "\(ending), --jobs \(jobs): \(r.stdout)")
        for test in outcomes.prefix(2) {
            #expect(test.verdict == .failed)
            // Under load the memory cap may be reached after the watchdog's second.
            if ending != "the memory cap" {
                #expect(test.failure?.message.contains(message) == true, "\(test.failure.map { "\($0)" } ?? "")")
            }
        }
        let entry = try #require(outcomes.last)
        #expect(entry.hook == "after_all")
        #expect(entry.line == 2, "\(entry)")
        #expect(entry.failure?.message == "in after_all: aa", "\(ending), --jobs \(jobs): \(r.stdout)")
        #expect(r.stdout.contains("  FAIL  (after_all)"), "\(r.stdout)")
        #expect(r.stdout.contains("b.lua:2: in after_all: aa"), "\(r.stdout)")
    }

    /// A stopped after_all hook's entry is at its line (3), not at the last test's (5): stopped
    /// in the test's own worker, and in the fresh worker that runs only the hooks after the
    /// last test ended its worker.
    @Test(arguments: ["while true do end", stuckCall], ["1", "2"])
    func aStoppedAfterAllHooksEntryIsAtItsLine(_ body: String, jobs: String) throws {
        for last in ["", Self.stuckCall] {
            let tmp = try TempFolder()
            try tmp.prototype()
            try tmp.write(
                "w.lua",
                """
                prototype "Proto"
                after_all(function() log.message("first hook") end)
                after_all(function() \(body) end)
                test("a", function() end)
                test("b", function() \(last) end)

                """)
            let r = try Sceneflow.run(
                ["test", "w.lua", "--timeout", "1", "--jobs", jobs, "--json", "r.json"], in: tmp.url, timeout: 120)
            #expect(r.status == 1, "\(r)")
            let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
            let outcomes = report.files.first?.outcomes ?? []
            #expect(outcomes.map(\.name) == ["a", "b", "(after_all)"], "\(r.stdout)")
            let entry = try #require(outcomes.last)
            #expect(entry.line == 3, "\(body), last test \(last), --jobs \(jobs): \(r.stdout)")
            #expect(entry.failure?.message.contains("after_all of w.lua ran its Lua code") == true, "\(r.stdout)")
            #expect(r.stdout.contains("w.lua:3: after_all of w.lua ran"), "\(r.stdout)")
        }
    }

    /// A baseline that is a FIFO or a folder is said to be what it is, never "corrupt".
    @Test func aBaselineThatIsNoFileIsNamedForWhatItIs() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s.lua", "prototype \"Proto\"\ntest(\"s\", function() expect.screenshot(\"home\") end)\n")
        let recorded = try Sceneflow.run(["test", "s.lua"], in: tmp.url, timeout: 120)
        #expect(recorded.status == 0, "\(recorded)")
        let baseline = tmp.url.appendingPathComponent("__screenshots__/s/home.png").path
        for (kind, make) in [
            ("a FIFO (named pipe)", { (path: String) in _ = mkfifo(path, 0o644) }),
            ("a folder", { (path: String) in _ = mkdir(path, 0o755) }),
        ] {
            _ = unlink(baseline)
            _ = rmdir(baseline)
            make(baseline)
            let r = try Sceneflow.run(["test", "s.lua"], in: tmp.url, timeout: 120)
            #expect(r.status == 1, "\(r)")
            #expect(
                r.stdout.contains(
                    "the baseline ./__screenshots__/s/home.png is \(kind), not a file: nothing was read or written; remove it"
                ),
                "\(r.stdout)")
            #expect(!r.stdout.contains("corrupt"), "\(r.stdout)")
        }
    }
}
