import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// Red-team 39 S3: a stop signal while a test's before_each hooks ran said "interrupted by a
/// signal while the test ran", though the test's function had not begun; a limit there names
/// the hook, and a signal in after_each says so. Now a stop names the hooks it came in, for
/// before_each and for the before_all hooks of the test's own load, whether a signal or
/// `--max-failures` stopped them.
@Suite struct SignalInBeforeHooksTests {
    /// `b.lua`, whose `hook` hooks burn 20 s of CPU time before its one test.
    static func suite(_ hook: String) throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype(scenes: AfterEachAfterEveryEndingTests.scenes, images: ["home.png"])
        try tmp.write(
            "b.lua",
            """
            prototype "Proto"
            \(hook)(function() log.message("HOOK log") local t = os.clock() while os.clock() - t < 20 do end end)
            test("slow start", function() error("NEVER") end)

            """)
        return tmp
    }

    /// The failure of `slow start` in the JSON report at `path`.
    static func outcome(_ path: String) throws -> TestOutcome? {
        let report = try JSONReport.read(Data(contentsOf: URL(fileURLWithPath: path)))
        return report.files.flatMap(\.outcomes).first { $0.name == "slow start" }
    }

    @Test(arguments: ["before_each", "before_all"], ["1", "2"])
    func aSignalInABeforeHookNamesTheHook(_ hook: String, _ jobs: String) throws {
        let tmp = try Self.suite(hook)
        let process = try WorkerProcesses.start(
            ["test", "b.lua", "--jobs", jobs, "--timeout", "60", "--json", "r.json"], in: tmp,
            environment: ["XDG_CACHE_HOME": tmp.file("cache")])
        usleep(2_500_000)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 143, "\(hook), --jobs \(jobs)")
        let outcome = try Self.outcome(tmp.file("r.json"))
        let message = outcome?.failure?.message ?? "no outcome"
        #expect(outcome?.verdict == .interrupted, "\(hook), --jobs \(jobs): \(message)")
        #expect(
            message.contains("interrupted by a signal while its \(hook) hooks ran"),
            "\(hook), --jobs \(jobs): \(message)")
        #expect(!message.contains("while the test ran") && !message.contains("NEVER"), "\(message)")
        #expect(outcome?.log.map(\.message).contains("HOOK log") == true, "the hook's log is kept")
    }

    @Test(arguments: ["before_each", "before_all"])
    func anotherWorkersFailureUnderMaxFailuresNamesTheHook(_ hook: String) throws {
        let tmp = try Self.suite(hook)
        try tmp.write(
            "a.lua",
            """
            prototype "Proto"
            test("fails soon", function() local t = os.clock() while os.clock() - t < 2.5 do end error("A FAILS") end)

            """)
        let r = try Sceneflow.run(
            ["test", "a.lua", "b.lua", "-x", "--jobs", "2", "--timeout", "60", "--json", "r.json"], in: tmp.url,
            timeout: 120)
        #expect(r.status == 1, "\(r)")
        let outcome = try Self.outcome(tmp.file("r.json"))
        let message = outcome?.failure?.message ?? "no outcome"
        #expect(outcome?.verdict == .interrupted, "\(hook): \(message)")
        #expect(
            message.contains("stopped after 1 failure (--max-failures) while its \(hook) hooks ran"),
            "\(hook): \(message)\n\(r.stdout)")
    }
}
