import Foundation
import SceneflowRunner
import Testing

/// Red-team 9 R6: a stop signal while a test is inside a library call (its worker must be
/// killed): the rest of its file was "skipped" in JSON and JUnit and counted on the last line,
/// but missing from the console and TAP (prove saw 3 points where JUnit had 5 testcases).
/// Every report lists the same tests, as when the test is in plain Lua.
@Suite struct SignalInLibraryCallTests {
    static let stuck = """
        prototype "../Proto"
        test("t0", function() end)
        test("t1 stuck", function() string.find(string.rep("a", 40), string.rep("a*", 30) .. "b") end)
        test("t2", function() end)
        test("t3", function() end)

        """

    /// A library call that takes minutes: the worker must be killed to stop it.
    static let call = #"string.find(string.rep("a", 40), string.rep("a*", 30) .. "b")"#

    /// The same stop while the file's hooks are in that call (red-team 9 R9): in after_all the
    /// `(after_all)` entry is interrupted (it vanished, and the reports said all passed); in
    /// before_all and after_each the tests left are listed everywhere.
    static let hooks: [(script: String, names: [String])] = [
        (
            "prototype \"../Proto\"\nafter_all(function() \(call) end)\n"
                + "test(\"t0\", function() end)\ntest(\"t1\", function() end)\n",
            ["t0", "t1", "(after_all)"]
        ),
        (
            "prototype \"../Proto\"\nbefore_all(function() \(call) end)\n"
                + "test(\"t0\", function() end)\ntest(\"t1\", function() end)\n",
            ["t0", "t1"]
        ),
        (
            "prototype \"../Proto\"\nlocal n = 0\nafter_each(function() n = n + 1 if n == 1 then \(call) end end)\n"
                + "test(\"t0\", function() end)\ntest(\"t1\", function() end)\ntest(\"t2\", function() end)\n",
            ["t0", "t1", "t2"]
        ),
    ]

    @Test(arguments: [0, 1, 2], [false, true])
    func aStoppedHookLeavesEveryTestInEveryReport(hook: Int, jobs2: Bool) throws {
        let (script, names) = Self.hooks[hook]
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s/a.lua", script)
        try tmp.write("s/b.lua", "prototype \"../Proto\"\ntest(\"b0\", function() end)\n")
        let process = try WorkerProcesses.start(
            ["test", "s", "--timeout", "600", "--json", "r.json", "--tap"] + (jobs2 ? ["--jobs", "2"] : []), in: tmp)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        _ = try #require(WorkerProcesses.waitUntilBusy(process.processIdentifier, cpu: 0.3), "the hook never ran")
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(process.terminationStatus == 143)
        let tap = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let a = report.files.first { $0.file.hasSuffix("a.lua") }
        #expect(a?.outcomes.map(\.name) == names, "\(report.files)")
        #expect(a?.outcomes.contains { $0.verdict == .interrupted } == true, "\(report.files)")
        let entries = report.files.reduce(0) { $0 + max($1.outcomes.count, $1.notRun == nil ? 0 : 1) }
        let points = tap.split(separator: "\n").filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
        // Every entry, and the run's failure: it was stopped (StoppedRunReportsTests).
        #expect(points.count == entries + 1, "\(tap)")
        #expect(tap.contains("1..\(entries + 1)"), "\(tap)")
        #expect(points.last?.hasPrefix("not ok \(entries + 1) - the run failed: stopped by SIGTERM") == true, "\(tap)")
        #expect(!tap.contains("# \(entries) passed") && !tap.contains("0 interrupted"), "\(tap)")
    }

    @Test(arguments: [false, true])
    func theTestsLeftAreInEveryReport(tap: Bool) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("s/a.lua", Self.stuck)
        try tmp.write("s/b.lua", "prototype \"../Proto\"\ntest(\"b0\", function() end)\n")
        let process = try WorkerProcesses.start(
            ["test", "s", "--timeout", "600", "--json", "r.json"] + (tap ? ["--tap"] : []), in: tmp)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        _ = try #require(WorkerProcesses.waitUntilBusy(process.processIdentifier, cpu: 0.3), "t1 never ran")
        kill(process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(process.terminationStatus == 143)
        let out = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let names = report.files.flatMap { $0.outcomes.map(\.name) }
        #expect(names == ["t0", "t1 stuck", "t2", "t3"], "\(names)")
        if tap {
            let points = out.split(separator: "\n").filter { $0.hasPrefix("ok ") || $0.hasPrefix("not ok ") }
            // The four tests, b.lua not run, and the run's failure (it was stopped).
            #expect(points.count == 6, "\(out)")
            #expect(out.contains("1..6"), "\(out)")
            for name in ["t2", "t3"] {
                // Kept from running by the signal: not a pass (red-team 18 A-F2).
                #expect(
                    points.contains {
                        $0.hasPrefix("not ok") && $0.contains("s/a.lua: \(name): not run (the run was interrupted)")
                    },
                    "\(out)")
            }
        } else {
            for name in ["t2", "t3"] { #expect(out.contains("SKIP  \(name)"), "\(out)") }
            #expect(out.contains("INT   t1 stuck") || out.contains("t1 stuck"), "\(out)")
        }
    }
}
