import CProcessShim
import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// What a test worker tells the runner, one JSON object per line on the pipe that was its
/// standard output (see `Sources/README.md`, "Limits that hold"). The runner never runs a
/// script's Lua itself: it learns from these lines when each test starts and ends, so when it
/// must kill a worker it knows which test was running and which are left.
enum WorkerEvent: Codable {
    /// The file loaded: one outcome per test in run order, from the worker's first position
    /// on, each the outcome the test gets if it never runs (see `HeadlessTestRunner.onPlan`).
    case planned([TestOutcome])
    /// The test at this run position (0 = the file's first test in run order) started.
    case started(Int)
    /// The test at this run position ended.
    case ended(Int, TestOutcome)
    /// The file is done: its load problems, timeline and real time (the outcomes were sent
    /// one by one and are left out).
    case finished(ScriptFileResult)
    /// The watchdog thread found Lua code the instruction hook could not stop; the worker
    /// exits right after this line. `subject` is the file whose code ran.
    case stuck(reason: LuaWatchdog.Reason, subject: String)
}

/// A test worker (`sceneflow test FILE --worker PID [--worker-skip N]`): runs one script file
/// from run position N on and streams `WorkerEvent`s to the runner. It dies with its parent
/// (PR_SET_PDEATHSIG), and its `LuaWatchdog` handler reports Lua stuck in a library call and
/// exits at once, since only ending the process can stop such a call.
enum TestWorker {
    /// The pipe to the runner (a copy of standard output taken at start; standard output
    /// itself then points to standard error, so nothing else can write into the pipe).
    nonisolated(unsafe) private static var eventsFD: Int32 = -1
    /// Held while a line is written: the watchdog thread must not cut into one.
    private static let writing = NSLock()
    /// The exit status of a worker whose Lua code was stuck (after its `stuck` line).
    static let stuckStatus: Int32 = 3

    /// Runs `script` for the runner whose process id is `parent`.
    static func run(_ script: String, settings: TestSettings, parent: Int32) -> ExitCode {
        guard sf_die_with_parent(parent) == 0 else { return .software }
        eventsFD = dup(1)
        dup2(2, 1)
        let interruption = Interruption.install(worker: true)
        LuaWatchdog.start(stuckHandler)
        var options = settings.runnerOptions
        options.skipFirst = settings.workerSkip
        let runner = HeadlessTestRunner(options: options)
        runner.shouldStop = { interruption.signal != nil }
        var position = settings.workerSkip
        runner.onPlan = { send(.planned($0)) }
        runner.onTestStart = { _, _ in send(.started(position)) }
        var result = runner.run(script: script) { outcome in
            send(.ended(position, outcome))
            position += 1
        }
        result.outcomes = []
        send(.finished(result))
        return .success
    }

    /// Writes one event as a line to the runner.
    static func send(_ event: WorkerEvent) {
        guard var data = try? JSONEncoder().encode(event) else { return }
        data.append(10)
        writing.lock()
        defer { writing.unlock() }
        writeAll(data)
    }

    private static func writeAll(_ data: Data) {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(eventsFD, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    private static let stuckHandler: LuaWatchdog.Handler = { reason, subject in
        let file = subject.map { String(cString: $0) } ?? ""
        TestWorker.send(.stuck(reason: LuaWatchdog.Reason(rawValue: reason) ?? .pastDeadline, subject: file))
        _exit(TestWorker.stuckStatus)
    }
}
