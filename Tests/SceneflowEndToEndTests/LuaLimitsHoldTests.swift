import Foundation
import Testing

/// Every limit holds whatever the Lua does (issue 15.2): error handlers and finalizers that
/// loop, library calls that never return to the Lua VM, loops of huge allocations, and floods
/// of log text or error text. Each is stopped in a script, in a Lua action and in
/// `prototype.lua`; SIGTERM stops each within a second with the partial reports; `--jobs`
/// workers die with their parent.
@Suite struct LuaLimitsHoldTests {
    /// Lua that the instruction-count hook alone cannot stop.
    struct Hostile: CustomStringConvertible, Sendable {
        let name: String
        let code: String
        var description: String { name }
    }

    static let hostile: [Hostile] = [
        Hostile(name: "error handler loops", code: #"xpcall(error, function(m) while true do end end, "x")"#),
        Hostile(
            name: "backtracking pattern",
            code: #"string.find(string.rep("a", 40), string.rep("a-", 20) .. "b")"#),
        Hostile(
            name: "huge allocations in a loop",
            code: #"while true do pcall(string.rep, "m", 200 * 1024 * 1024) end"#),
        Hostile(
            name: "finalizer loops",
            code: #"setmetatable({}, { __gc = function() while true do end end }); collectgarbage(); while true do end"#
        ),
        Hostile(
            name: "handler allocates in a loop",
            code: #"xpcall(error, function(m) while true do pcall(string.rep, "m", 200 * 1024 * 1024) end end, "x")"#),
    ]

    /// Where the hostile code runs.
    enum Place: String, CaseIterable, Sendable { case script, action, prototype }

    /// A prototype whose "Open" runs `actionCode` (else goes to detail), with `topCode` at the
    /// top of `prototype.lua`.
    func suite(_ tmp: TempFolder, place: Place, code: String) throws {
        let action = place == .action ? "function(app) \(code) end" : #"go("detail", "push_left", 0.3)"#
        try tmp.prototype(
            scenes: """
                    home = {
                      image = "home.png",
                      elements = { { label = "Open", frame = { 2, 10, 30, 20 }, on_tap = \(action) } },
                    },
                    detail = {
                      image = "detail.png",
                      elements = { { label = "Back", frame = { 2, 10, 30, 20 }, on_tap = back() } },
                    },
                """)
        if place == .prototype {
            let file = tmp.file("Proto/prototype.lua")
            try tmp.write("Proto/prototype.lua", code + "\n" + (try String(contentsOfFile: file, encoding: .utf8)))
        }
        let body = place == .script ? code : #"tap "Open""#
        try tmp.write(
            "hostile.lua",
            """
            prototype "Proto"
            test("hostile", function() \(body) end)
            test("after", function() expect.scene "home" end)

            """)
    }

    @Test(arguments: Place.allCases, hostile)
    func hostileLuaIsStoppedInTime(_ place: Place, _ hostile: Hostile) throws {
        let tmp = try TempFolder()
        try suite(tmp, place: place, code: hostile.code)
        let r = try Sceneflow.run(
            ["test", "hostile.lua", "--timeout", "1", "--json", "r.json"], in: tmp.url, timeout: 90)
        #expect(r.didNotCrash && r.status < 128, "\(r)")
        // A test's Lua gets 1 s (--timeout); an action or prototype.lua 10 s; a stuck library
        // call 1 s of its own CPU time on top (10 s of real time at most). Generous bounds: a
        // loaded machine stretches real time, and without the limits it runs for ever.
        #expect(r.seconds < (place == .script ? 15 : 30), "\(place) \(hostile): \(r)")
        if place == .prototype {
            #expect(r.status == 65, "\(r)")
            #expect(r.stdout.contains("ERROR Proto/prototype.lua"), "\(r)")
            let check = try Sceneflow.run(["check", "Proto"], in: tmp.url, timeout: 90)
            #expect(check.status == 65 && check.seconds < 30, "check: \(check)")
            #expect(check.stderr.hasPrefix("Proto/prototype.lua"), "check: \(check)")
        } else {
            #expect(r.status == 1, "\(r)")
            #expect(r.stdout.contains("FAIL  hostile"), "\(r)")
            #expect(r.stdout.contains("PASS  after"), "the next test runs: \(r)")
            let report = try VerdictIsolationTests.verdicts(tmp.file("r.json"))
            #expect(report.tests == ["hostile.lua: hostile": "failed", "hostile.lua: after": "passed"], "\(report)")
        }
    }

    /// Starts `sceneflow arguments…` in `folder` without waiting (output discarded).
    func start(_ arguments: [String], in folder: TempFolder) throws -> Process {
        try WorkerProcesses.start(arguments, in: folder)
    }

    /// Seconds until `process` ends (up to `limit`, then nil), polled every 5 ms.
    func secondsToExit(_ process: Process, limit: Double = 20) -> Double? {
        let start = Date()
        while process.isRunning && Date().timeIntervalSince(start) < limit { usleep(5_000) }
        return process.isRunning ? nil : Date().timeIntervalSince(start)
    }

    /// The cases that keep a worker busy (under a 60 s watchdog): a finalizer is refused at
    /// once, and a loop in an action ends at its 10 million instructions.
    static let busy: [(Place, Hostile)] =
        [Place.script, Place.action].flatMap { place in hostile.map { (place, $0) } }
        .filter { place, hostile in
            hostile.name != "finalizer loops" && !(place == .action && hostile.name == "error handler loops")
        }

    @Test(arguments: busy)
    func sigtermStopsHostileLuaWithinASecond(_ place: Place, _ hostile: Hostile) throws {
        let tmp = try TempFolder()
        // 200 MiB a call ends at once on the memory limit (it holds against pcall): on a fast
        // machine within 0.4 s, before the worker was seen busy, and the test then found no
        // hostile code to stop. 100 MiB a call stays under the 256 MiB limit (each string is
        // collected), so the code keeps allocating in C until the signal comes.
        let code = hostile.code.replacingOccurrences(of: "200 * 1024 * 1024", with: "100 * 1024 * 1024")
        try suite(tmp, place: place, code: code)
        try tmp.write("a-first.lua", "prototype \"Proto\"\ntest(\"quick\", function() end)\n")
        let process = try start(["test", "a-first.lua", "hostile.lua", "--timeout", "60", "--json", "r.json"], in: tmp)
        // The hostile test runs once its worker has used 0.5 s of CPU time (a-first.lua and
        // the loads take milliseconds).
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier) != nil, "the hostile test never started")
        kill(process.processIdentifier, SIGTERM)
        let seconds = secondsToExit(process)
        if seconds == nil { kill(process.processIdentifier, SIGKILL) }
        #expect(seconds != nil && seconds! < 1.5, "\(place) \(hostile): stopped after \(seconds ?? -1) s")
        #expect(process.terminationStatus == 143)
        let report = try VerdictIsolationTests.verdicts(tmp.file("r.json"))
        #expect(
            report.tests == [
                "a-first.lua: quick": "passed", "hostile.lua: hostile": "interrupted", "hostile.lua: after": "skipped",
            ], "\(report)")
    }

    /// With `--jobs`, a worker stopped inside a library call costs only its test: the rest of
    /// its file runs in a new worker, and each test is shown once.
    @Test func aStuckWorkerCostsOnlyItsTestWithJobs() throws {
        let tmp = try TempFolder()
        try suite(tmp, place: .script, code: Self.hostile[1].code)
        try tmp.write("second.lua", try String(contentsOfFile: tmp.file("hostile.lua"), encoding: .utf8))
        let r = try Sceneflow.run(
            ["test", "hostile.lua", "second.lua", "--jobs", "2", "--timeout", "1", "--json", "r.json"], in: tmp.url,
            timeout: 90)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.components(separatedBy: "FAIL  hostile").count == 3, "\(r)")
        #expect(r.stdout.components(separatedBy: "PASS  after").count == 3, "\(r)")
        #expect(r.stdout.hasSuffix("2 passed, 2 failed\n"), "\(r)")
        let report = try VerdictIsolationTests.verdicts(tmp.file("r.json"))
        #expect(
            report.tests == [
                "hostile.lua: hostile": "failed", "hostile.lua: after": "passed", "second.lua: hostile": "failed",
                "second.lua: after": "passed",
            ], "\(report)")
    }

    @Test func stuckJobsWorkersDieWithTheirParent() throws {
        let tmp = try TempFolder()
        try suite(tmp, place: .script, code: Self.hostile[0].code)
        try tmp.write("hostile2.lua", try String(contentsOfFile: tmp.file("hostile.lua"), encoding: .utf8))
        let process = try start(["test", tmp.path, "--jobs", "2", "--timeout", "60"], in: tmp)
        let workers = WorkerProcesses.waitUntilBusy(process.processIdentifier, count: 2) ?? []
        #expect(workers.count == 2, "expected two busy workers")
        kill(process.processIdentifier, SIGKILL)
        _ = secondsToExit(process)
        let start = Date()
        let left = WorkerProcesses.waitUntilGone(workers, limit: 10)
        #expect(left.isEmpty, "orphaned workers still running: \(left)")
        #expect(
            Date().timeIntervalSince(start) < 1, "workers outlived their parent by \(Date().timeIntervalSince(start)) s"
        )
        for pid in left { kill(pid, SIGKILL) }
    }

    // MARK: Swift-side copies

    @Test func logVolumeIsCappedBeforeItLeavesLua() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "logs.lua",
            """
            prototype "Proto"
            test("floods the log", function()
              local s = string.rep("x", 1024 * 1024)
              for i = 1, 2000 do log.message(s) end
            end)

            """)
        let r = try Sceneflow.run(["test", "logs.lua", "--json", "r.json"], in: tmp.url, timeout: 60)
        #expect(r.status == 0 && r.seconds < 15, "\(r)")
        let size = try FileManager.default.attributesOfItem(atPath: tmp.file("r.json"))[.size] as? Int ?? 0
        #expect(size < 2 << 20, "the JSON report is \(size) bytes")
        let json = try String(contentsOfFile: tmp.file("r.json"), encoding: .utf8)
        #expect(json.contains("the log of this test reached"), "a note says the log was cut")
    }

    @Test func aHugeErrorMessageIsClippedBeforeItLeavesLua() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "big.lua",
            """
            prototype "Proto"
            test("big error", function() error(string.rep("e", 127 * 1024 * 1024)) end)
            test("after", function() end)

            """)
        let r = try Sceneflow.run(["test", "big.lua", "--timeout", "3", "--json", "r.json"], in: tmp.url, timeout: 60)
        // It took 10.5 s under --timeout 3 before the message was cut inside Lua.
        #expect(r.status == 1 && r.seconds < 8, "\(r)")
        #expect(r.stdout.count < 20_000, "the console shows a clipped message")
        #expect(r.stdout.contains("PASS  after"), "\(r)")
    }
}
