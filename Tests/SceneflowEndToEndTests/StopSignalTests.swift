import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Every stop signal ends `sceneflow test` with 128 + its number and the reports written, at
/// any moment: while a test runs, in the first milliseconds after the process started (while
/// the runtime is still starting), and while a report goes to a standard output whose reader
/// stalls. The signals are read from the exit code table in LimitsAndExitCodes, so the table,
/// the code and this test cannot drift apart.
@Suite struct StopSignalTests {
    /// Signal names as the exit code table writes them, with their numbers on Linux.
    static let numbers: [String: Int32] = [
        "SIGHUP": SIGHUP, "SIGINT": SIGINT, "SIGQUIT": SIGQUIT, "SIGUSR1": SIGUSR1, "SIGUSR2": SIGUSR2,
        "SIGALRM": SIGALRM, "SIGTERM": SIGTERM, "SIGXCPU": SIGXCPU, "SIGVTALRM": SIGVTALRM, "SIGPWR": SIGPWR,
    ]

    /// The stop signals the exit code table lists (`SIGUSR1 138, …` in the row of signal exits).
    static let documented: [String] = {
        let path = Sceneflow.packageRoot.appendingPathComponent(
            "Sources/SceneflowCLI/Sceneflow.docc/LimitsAndExitCodes.md"
        ).path
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        guard let row = text.split(separator: "\n").first(where: { $0.hasPrefix("| 128 + n ") }) else { return [] }
        let pattern = try! NSRegularExpression(pattern: "(SIG[A-Z0-9]+) ([0-9]+)")
        let line = String(row)
        return pattern.matches(in: line, range: NSRange(line.startIndex..., in: line)).compactMap { match in
            guard let name = Range(match.range(at: 1), in: line), let code = Range(match.range(at: 2), in: line),
                let number = numbers[String(line[name])], Int32(line[code]) == 128 + number
            else { return "bad entry: \(line[Range(match.range, in: line)!])" }
            return String(line[name])
        }
    }()

    @Test func theTableListsEveryStopSignalWithItsExitCode() {
        #expect(Set(Self.documented) == Set(Self.numbers.keys), "\(Self.documented)")
    }

    /// A prototype and `suite.lua`: a passing test, then one that spins until stopped.
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "suite.lua",
            """
            prototype "Proto"
            test("passes", function() tap "Open" end)
            test("spins", function() while true do end end)
            test("never reached", function() end)

            """)
        return tmp
    }

    /// The JSON report's verdicts, or nil when it is missing or not JSON.
    static func verdicts(_ tmp: TempFolder, _ name: String = "r.json") -> [String]? {
        guard let data = FileManager.default.contents(atPath: tmp.file(name)),
            let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        let files = json["files"] as? [[String: Any]] ?? []
        return files.flatMap { ($0["outcomes"] as? [[String: Any]] ?? []).compactMap { $0["verdict"] as? String } }
    }

    /// Whether `name` in `tmp` is a JUnit document (a `<testsuites` element, parsed as XML).
    static func junitIsValid(_ tmp: TempFolder, _ name: String = "j.xml") -> Bool {
        guard let data = FileManager.default.contents(atPath: tmp.file(name)),
            let document = try? XMLDocument(data: data)
        else { return false }
        return document.rootElement()?.name == "testsuites"
    }

    @Test(arguments: StopSignalTests.documented)
    func aStopSignalDuringATestWritesTheReports(name: String) throws {
        let number = try #require(Self.numbers[name])
        let tmp = try Self.suite()
        let process = try WorkerProcesses.start(
            ["test", "suite.lua", "--json", "r.json", "--junit", "j.xml", "--timeout", "60"], in: tmp,
            environment: ["XDG_CACHE_HOME": tmp.file("cache")])
        #expect(WorkerProcesses.waitUntilBusy(process.processIdentifier, cpu: 0.2) != nil, "no test got busy")
        kill(process.processIdentifier, number)
        process.waitUntilExit()
        let stdout = (try? String(contentsOfFile: tmp.file("stdout.txt"), encoding: .utf8)) ?? ""
        #expect(process.terminationReason == .exit, "\(name) killed the runner: \(stdout)")
        #expect(process.terminationStatus == 128 + number, "\(name): \(stdout)")
        #expect(Self.verdicts(tmp) == ["passed", "interrupted", "skipped"], "\(name): \(stdout)")
        #expect(Self.junitIsValid(tmp), "\(name): no JUnit report")
    }

    /// Starts `sceneflow arguments…` in `folder` with `blocked` signals blocked in its
    /// inherited signal mask (as a parent that blocks them around its own start-up hands them
    /// on), standard output and error on /dev/null. Returns the process id.
    static func spawnBlocking(_ blocked: [Int32], _ arguments: [String], in folder: TempFolder) throws -> pid_t {
        let binary = try #require(Sceneflow.binary).path
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in blocked { sigaddset(&mask, signal) }
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = "dummy"
        environment["XDG_CACHE_HOME"] = folder.file("cache")
        environment["CI"] = nil
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, binary, &actions, &attributes, argv, envp)
        #expect(status == 0, "posix_spawn: \(String(cString: strerror(status)))")
        return pid
    }

    /// `waitpid`'s status as (exited, code): the exit code, or the signal that ended it.
    static func wait(_ pid: pid_t) -> (exited: Bool, code: Int32) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? (true, (status >> 8) & 0xff) : (false, status & 0x7f)
    }

    /// A stop signal that arrives while the runner starts with it blocked (sent right after
    /// the start: it waits, pending) is handled once the handlers exist, never delivered to
    /// the default action: the handlers are installed first and the signals unblocked after.
    /// (Unblocking first, as before, let the waiting signal kill the process.)
    @Test(arguments: StopSignalTests.documented)
    func aSignalPendingAtTheStartIsHandled(name: String) throws {
        let number = try #require(Self.numbers[name])
        let tmp = try Self.suite()
        let pid = try Self.spawnBlocking(
            Array(Self.numbers.values),
            ["test", tmp.file("suite.lua"), "--json", tmp.file("r.json"), "--junit", tmp.file("j.xml")], in: tmp)
        kill(pid, number)
        let (exited, code) = Self.wait(pid)
        #expect(exited && code == 128 + number, "\(name): \(exited ? "exit" : "killed by signal") \(code)")
        #expect(Self.verdicts(tmp) != nil && Self.junitIsValid(tmp), "\(name): the reports")
    }

    /// Milliseconds after the process started at which the early signals are sent.
    static let delays: [useconds_t] = [0, 1, 2, 5, 10, 20]

    /// Whether `pid` has a handler for `signal` (its bit in `SigCgt` of `/proc/PID/status`).
    static func catches(_ pid: Int32, _ signal: Int32) -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (UInt64(1) << UInt64(signal - 1)) != 0
    }

    /// A signal sent in the first milliseconds: once the process has a handler for it (read
    /// from `/proc` just before the signal is sent; a handler is never taken away), the run
    /// must end with 128 + its number and valid, empty-but-interrupted reports. Before that
    /// (the dynamic linker still mapping the libraries, about 2 ms of a release build) no
    /// code of the program has run and the kernel ends it; those runs are counted, not
    /// failed. The handler now exists before `main` (a pre-initialisation function), so the
    /// Swift runtime's and the libraries' start-up are covered.
    @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
    func aSignalInTheFirstMillisecondsStillWritesTheReports(signal: Int32) throws {
        let tmp = try Self.suite()
        var problems: [String] = []
        var beforeAnyCode = 0
        for delay in Self.delays {
            for run in 0..<3 {
                let name = "r-\(delay)-\(run)"
                let process = try WorkerProcesses.start(
                    ["test", "suite.lua", "--json", "\(name).json", "--junit", "\(name).xml", "--timeout", "60"],
                    in: tmp, environment: ["XDG_CACHE_HOME": tmp.file("cache")])
                if delay > 0 { usleep(delay * 1000) }
                let caught = Self.catches(process.processIdentifier, signal)
                kill(process.processIdentifier, signal)
                process.waitUntilExit()
                let outcome =
                    process.terminationReason == .exit
                    ? "exit \(process.terminationStatus)" : "killed by signal \(process.terminationStatus)"
                if !caught && process.terminationReason == .uncaughtSignal {
                    beforeAnyCode += 1
                } else if process.terminationReason != .exit || process.terminationStatus != 128 + signal {
                    problems.append("\(delay) ms (handler \(caught ? "installed" : "not yet seen")): \(outcome)")
                } else if Self.verdicts(tmp, "\(name).json") == nil || !Self.junitIsValid(tmp, "\(name).xml") {
                    problems.append("\(delay) ms: \(outcome) without its reports")
                }
            }
        }
        #expect(problems.isEmpty, "signal \(signal): \(problems)")
        print("signal \(signal): \(beforeAnyCode) of \(Self.delays.count * 3) runs ended before any code ran")
    }
}
