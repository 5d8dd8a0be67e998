import Foundation
import Testing

/// A run stopped while a worker is still loading a script file (its top-level Lua code is
/// running) reports that file as not run, never as a file that "did not finish": the stop
/// (SIGINT/SIGTERM, or `--max-failures`) ends the load through the same Lua hook as a used-up
/// instruction budget, and that must not be mistaken for the file's own fault. Each file's
/// top level here is slow but well inside the load limits (few instructions, real work in
/// `string.rep`), so without the stop it would load and pass.
@Suite struct StopDuringLoadTests {
    /// A prototype, `suite/a.lua` whose only test fails at once, and `suite/slow.lua` whose
    /// top level takes about a second of CPU before declaring two passing tests.
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "suite/a.lua",
            """
            prototype "../Proto"
            test("fails at once", function() expect.scene "detail" end)

            """)
        try tmp.write(
            "suite/slow.lua",
            """
            prototype "../Proto"
            local made = 0
            for _ = 1, 4000 do made = made + #string.rep("x", 1000000) end
            test("loaded slowly", function() expect(made).to_be(4000000000) end)
            test("second", function() end)

            """)
        return tmp
    }

    /// Starts `sceneflow arguments…` in `folder` without waiting; standard output goes to
    /// `folder/stdout.txt`.
    func start(_ arguments: [String], in folder: TempFolder) throws -> Process {
        try WorkerProcesses.start(arguments, in: folder, environment: ["XDG_CACHE_HOME": folder.file("cache")])
    }

    /// The file `slow.lua` as the JSON report has it.
    func slowFile(_ tmp: TempFolder, report: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: tmp.file(report)))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = json["files"] as? [[String: Any]] ?? []
        return try #require(files.first { ($0["file"] as? String ?? "").hasSuffix("slow.lua") }, "\(json)")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalDuringALoadReportsTheFileNotRun(signal: Int32) throws {
        let tmp = try Self.suite()
        let process = try start(["test", "suite/slow.lua", "--json", "r.json"], in: tmp)
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier, cpu: 0.2) != nil, "the load never started")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        let stdout = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        #expect(process.terminationStatus == 128 + signal, "\(stdout)")
        #expect(!stdout.contains("did not finish"), "\(stdout)")
        let slow = try slowFile(tmp, report: "r.json")
        #expect((slow["loadProblems"] as? [Any] ?? []).isEmpty, "\(slow)")
        let verdicts = (slow["outcomes"] as? [[String: Any]] ?? []).compactMap { $0["verdict"] as? String }
        #expect(!verdicts.contains("failed"), "\(slow)")
    }

    @Test(arguments: [["-x", "--jobs", "2"], ["--max-failures", "1", "--jobs", "2"]])
    func maxFailuresReachedDuringALoadReportsTheFileNotRun(options: [String]) throws {
        let tmp = try Self.suite()
        let process = try start(["test", "suite", "--json", "r.json"] + options, in: tmp)
        process.waitUntilExit()
        let stdout = try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
        #expect(process.terminationStatus == 1, "\(stdout)")
        #expect(!stdout.contains("did not finish"), "\(stdout)")
        let slow = try slowFile(tmp, report: "r.json")
        #expect((slow["loadProblems"] as? [Any] ?? []).isEmpty, "\(slow)")
        #expect(slow["notRun"] as? String == "stopped after 1 failure (--max-failures)", "\(slow)")
    }
}
