import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// No result is lost when a test's worker process ends inside the test: the watchdog stops
/// it for a library call that never returns to Lua, it crashes, it is killed (`kill -9`, the
/// kernel's out-of-memory killer), or the run is stopped by a signal while the worker cannot
/// stop. The steps, log entries and soft failures the test recorded before reach every report
/// (console, JSON, JUnit, TAP, HTML) after the reason the worker ended, as they do for every
/// other ending; the report says why the failure pictures are missing.
@Suite struct StoppedWorkerRecordsTests {
    /// How the worker running the test ends.
    enum Ending: String, CaseIterable, Sendable {
        /// The watchdog finds the library call stuck (`--timeout 1`) and ends the worker.
        case stuckCall
        /// `kill -9` of the worker (as the out-of-memory killer does).
        case kill9
        /// The worker crashes (SIGSEGV).
        case crash
        /// SIGTERM to the run while the worker is inside the call.
        case signal
    }

    /// A library call that does not return for minutes.
    static let stuckCall = #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#

    /// A file whose first test records a step group, a gesture, a log entry and a soft
    /// failure, then enters `stuckCall`; a second test runs after it.
    func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("records then stops", function()
              step("sign in", function() tap "Open" end)
              expect.soft(1).to_equal(41)
              log.message("before the stuck call")
              \(Self.stuckCall)
            end)
            test("after", function() expect.scene "home" end)

            """)
        return tmp
    }

    /// Runs `s.lua` with `arguments` until its worker ends by `ending`; returns the console.
    func run(_ ending: Ending, _ arguments: [String], in tmp: TempFolder) throws -> String {
        if ending == .stuckCall {
            let r = try Sceneflow.run(["test", "s.lua", "--timeout", "1"] + arguments, in: tmp.url, timeout: 90)
            #expect(r.status == 1, "\(r)")
            return r.stdout
        }
        let process = try WorkerProcesses.start(["test", "s.lua", "--timeout", "120"] + arguments, in: tmp)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let busy = try #require(WorkerProcesses.waitUntilBusy(process.processIdentifier), "the stuck call never began")
        switch ending {
        case .kill9: kill(busy[0], SIGKILL)
        case .crash: kill(busy[0], SIGSEGV)
        case .signal: kill(process.processIdentifier, SIGTERM)
        case .stuckCall: break
        }
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(!process.isRunning, "the run did not end")
        #expect(process.terminationStatus == (ending == .signal ? 143 : 1), "\(ending)")
        return try String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)
    }

    /// Why the worker ended, as the test's failure says it.
    func reason(_ ending: Ending) -> String {
        switch ending {
        case .stuckCall: "its worker process was stopped"
        case .kill9: "exited on signal 9"
        case .crash: "exited on signal 11"
        case .signal: "interrupted by a signal while the test ran"
        }
    }

    @Test(arguments: Ending.allCases)
    func recordsBeforeTheWorkerEndedReachEveryReport(_ ending: Ending) throws {
        let tmp = try suite()
        let console = try run(ending, ["--json", "r.json", "--junit", "j.xml", "--report", "rep"], in: tmp)
        let soft = "line 4: expected 1 to equal 41"
        #expect(console.contains(reason(ending)), "\(ending): \(console)")
        #expect(console.contains("and 1 soft expectation failed:\n"), "\(ending): \(console)")
        #expect(console.contains(soft), "\(ending): \(console)")
        let report = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let outcome = try #require(report.files.first?.outcomes.first)
        let message = outcome.failure?.message ?? ""
        #expect(message.contains(reason(ending)), "\(ending): \(message)")
        // The reason first, then the soft failures, as after error().
        let reasonAt = try #require(message.range(of: reason(ending)))
        let softAt = try #require(message.range(of: "\nand 1 soft expectation failed:\n  " + soft))
        #expect(reasonAt.upperBound <= softAt.lowerBound, "\(message)")
        #expect(message.contains("no frame.png"), "the report says why the failure pictures are missing: \(message)")
        let calls = outcome.steps.map(\.call)
        #expect(calls.starts(with: [#"step("sign in")"#, #"tap("Open")"#]), "\(ending): \(calls)")
        #expect(outcome.steps.first?.passed == true && outcome.steps.first?.group == "sign in", "\(outcome.steps)")
        #expect(outcome.steps.dropFirst().first?.depth == 1, "\(outcome.steps)")
        #expect(outcome.log.map(\.message).contains("before the stuck call"), "\(ending): \(outcome.log)")
        if ending != .signal {
            #expect(report.files.first?.outcomes.last?.verdict == .passed, "the next test runs: \(report)")
        }
        for file in ["j.xml", "rep/junit.xml", "rep/index.html"] {
            let text = try String(contentsOfFile: tmp.file(file), encoding: .utf8)
            #expect(text.contains("expected 1 to equal 41"), "\(ending) \(file): \(text)")
        }
        let html = try String(contentsOfFile: tmp.file("rep/index.html"), encoding: .utf8)
        #expect(html.contains("before the stuck call"), "\(ending): the log in the HTML report")
    }

    @Test(arguments: [Ending.stuckCall, .kill9])
    func tapListsThemToo(_ ending: Ending) throws {
        let tmp = try suite()
        let tap = try run(ending, ["--tap"], in: tmp)
        #expect(tap.contains("not ok 1 - s.lua: records then stops"), "\(tap)")
        #expect(tap.contains(reason(ending)), "\(ending): \(tap)")
        #expect(tap.contains("expected 1 to equal 41"), "\(ending): \(tap)")
    }
}

/// A soft failure kept by the runner before a stop reads as it does at a normal end: its
/// quoted strings shortened first, never its text cut at the record's byte limit (red-team 31
/// F3: `expected "q…q…" (4094 characters)`, the string had 5 000 and `to be 1` was lost).
@Suite struct StoppedWorkerSoftTextTests {
    @Test(arguments: [5_000, 100_000])
    func aLongSoftFailureReadsAsAtANormalEnd(characters: Int) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("stopped", function()
              expect.soft(string.rep("q", \(characters))).to_be(1)
              \(StoppedWorkerRecordsTests.stuckCall)
            end)
            test("ends", function() expect.soft(string.rep("q", \(characters))).to_be(1) end)

            """)
        let r = try Sceneflow.run(["test", "s.lua", "--timeout", "1"], in: tmp.url, timeout: 90)
        #expect(r.status == 1, "\(r)")
        let said = "(\(characters) characters) to be 1"
        let lines = r.stdout.split(separator: "\n").filter { $0.contains("expected \"q") }
        #expect(lines.count == 2, "\(r.stdout)")
        for line in lines { #expect(line.contains(said), "\(line)") }
    }
}
