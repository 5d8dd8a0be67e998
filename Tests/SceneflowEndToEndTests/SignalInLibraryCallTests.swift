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
            // The four tests, and b.lua not run.
            #expect(points.count == 5, "\(out)")
            #expect(out.contains("1..5"), "\(out)")
            for name in ["t2", "t3"] {
                #expect(points.contains { $0.contains("s/a.lua: \(name) # SKIP") }, "\(out)")
            }
        } else {
            for name in ["t2", "t3"] { #expect(out.contains("SKIP  \(name)"), "\(out)") }
            #expect(out.contains("INT   t1 stuck") || out.contains("t1 stuck"), "\(out)")
        }
    }
}
