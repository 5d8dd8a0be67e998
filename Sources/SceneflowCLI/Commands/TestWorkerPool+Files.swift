import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// What the pool tracks: one running worker process, and one script file with its plan and
/// outcomes so far.
extension TestWorkerPool {
    /// One running worker process, what it was given and what it sent.
    final class Worker {
        let process: WorkerProcess
        let events: Pipe
        let requests: Pipe
        let errors: String
        var buffer = Data()
        /// The files handed to this worker, in order: the first is the one it runs.
        var assigned: [FileRun] = []
        var stuck: (reason: LuaWatchdog.Reason, subject: String, place: LuaWatchdog.Place?)?
        var killed = false
        var closed = false
        /// Its exit was handled (`TestWorkerPool.ended`).
        var ended = false
        /// When the stop was sent to it (system uptime, seconds), or nil before: it is killed
        /// `signalGrace` seconds later.
        var stopSentAt: Double?
        /// While `--max-failures` waits for this worker to finish encoding a failed test's
        /// video before stopping it: until when (system uptime, seconds).
        var videoDeadline: Double?
        /// When it last sent anything, or was last given a file while it held none (system
        /// uptime, seconds): a worker holding files that stays silent past
        /// `TestWorkerPool.silenceLimit` is frozen, and is killed.
        var lastHeard = ProcessInfo.processInfo.systemUptime
        /// How long it had been silent when the runner killed it as frozen (seconds), or nil.
        var frozenFor: Double?

        /// True while it encodes the video of a test that failed the run (its verdict came,
        /// `ended` not yet, and the video is kept).
        var encodesFailureVideo: Bool {
            guard let run = assigned.first, let (position, video) = run.encoding, video != nil,
                let outcome = run.outcomes[position]
            else { return false }
            return outcome.failsTheRun
        }

        init(process: WorkerProcess, events: Pipe, requests: Pipe, errors: String) {
            self.process = process
            self.events = events
            self.requests = requests
            self.errors = errors
        }

        /// Ends the worker's input: it exits after the files it holds.
        func close() {
            guard !closed else { return }
            closed = true
            try? requests.fileHandleForWriting.close()
        }
    }

    /// One script file: its plan, the outcomes so far and where it stands.
    final class FileRun {
        let file: String
        /// The worker's `planned` line, decoded only when needed (a worker stopped mid-file,
        /// a test never reached): decoding every event would cost the runner more CPU than the
        /// rest of its work per file.
        var plannedLine: Data?
        /// What the file's first load declared (`WorkerEvent.declared`), sent to a worker that
        /// goes on with the file after another was stopped in it (`WorkerRequest.digest`).
        var digest: String?
        /// Whether that load declared after_each and after_all hooks (`WorkerEvent.declared`).
        var declaresHooks = (afterEach: false, afterAll: false)
        private var decodedPlan: [TestOutcome]?
        /// Whether the file's test count went to the console's `[n/N]` (once: a fresh worker
        /// that resumes the file after a stopped one plans it again).
        var countShown = false

        /// The plan (one outcome per test from the first worker's position on), or nil before
        /// the file loaded.
        func planned(_ decoder: JSONDecoder) -> [TestOutcome]? {
            if decodedPlan == nil, let line = plannedLine,
                case .planned(let tests) = try? decoder.decode(WorkerEvent.self, from: line)
            {
                decodedPlan = tests.map { TestOutcome(planned: $0, file: file) }
            }
            return decodedPlan
        }
        var outcomes: [Int: TestOutcome] = [:]
        var running: Int?
        /// The running test's record lines (`TestRecordEvent.line`, newlines included) as the
        /// worker sent them: read only when the worker ends inside the test (`keepRecords`).
        var records = Data()
        /// The file's last test ended its worker before the after_all hooks: a fresh worker
        /// runs only them (`WorkerRequest.afterAllOnly`).
        var afterAllOnly = false
        /// The worker announced the load that runs the after_all hooks (`WorkerEvent.afterAllLoad`):
        /// a stop from then on is their entry's, even before they began.
        var afterAllLoadBegun = false
        /// With `afterAllOnly`: the last test's worker was stopped in the before_all hooks,
        /// so the fresh worker leaves them out (`WorkerRequest.withoutBeforeAll`).
        var withoutBeforeAll = false
        /// The run position of the test that ended its worker before its after_each hooks:
        /// the next worker runs them first (`WorkerRequest.afterEachFirst`), and the test's
        /// outcome is shown once their `WorkerEvent.afterEach` came (`releaseHeld`).
        var heldForAfterEach: Int?
        /// With `heldForAfterEach`: the worker before was stopped inside that test's after_each
        /// hook number `afterEachSkip`, so the next runs the hooks after it
        /// (`WorkerRequest.afterEachSkip`; red-team 33 C1); 0 runs them all.
        var afterEachSkip = 0
        /// With `heldForAfterEach`: the held test failed and is not yet counted towards
        /// `--max-failures`. It counts once it is reported, after its after_each hooks, as in a
        /// live worker (`releaseHeld`; red-team 48 A F1: the limit stopped the run before them).
        var heldUncounted = false
        /// With `afterAllOnly`: the worker before was stopped inside after_all hook number
        /// `afterAllSkip`, so the next runs the hooks after it (`WorkerRequest.afterAllSkip`),
        /// and its `(after_all)` entry joins `partialAfterAll`, the stop's (red-team 33 C1).
        var afterAllSkip = 0
        var partialAfterAll: TestOutcome?
        /// What the after_all loads before the current one in this worker recorded (a limit
        /// stopped a hook there and a fresh load ran the rest): folded in from the record lines
        /// as each new load begins, kept for when the worker is stopped in a later load
        /// (red-team 34 C2); the worker's own entry covers them when it ends.
        var loadsSoFar: TestOutcome?
        /// The run position of the test the file's after_all hooks ran after, when a worker
        /// ended in or before them: the `(after_all)` entry follows it.
        var afterAllAfter: Int?
        /// When the running test's after_all hooks began (`systemUptime`), nil before.
        var afterAllSince: Double?
        /// When the load that runs the after_all hooks began (`WorkerEvent.afterAllLoad`,
        /// `systemUptime`): a stop before the hooks (in that load's top level or before_all)
        /// charges the `(after_all)` entry from here (red-team 43 A F1: from the file's send,
        /// the whole file's time). Nil before, and once a test starts.
        var afterAllLoadSince: Double?
        /// The test whose verdict came (`WorkerEvent.verdict`) while its video is encoded, and
        /// the video's file: the verdict stands if the worker is stopped before `ended`.
        var encoding: (position: Int, video: String?)?
        /// How many log lines the `encoding` test's verdict came with: the lines its `ended`
        /// has beyond them were added while its video was finished (a cut video's note).
        var encodingLogLines = 0
        /// The run position of the test that ended and waits to be shown (`onOutcome`) until
        /// the worker goes on (the next test starts, the file ends, the worker ends) or the
        /// log of after_all hooks that ran after it came, so the console shows that log too.
        var shownLater: Int?
        /// When the running test started (`ProcessInfo.systemUptime`).
        var runningSince = 0.0
        /// The run position to resume at after a stopped worker.
        var next = 0
        var result: ScriptFileResult?
        var started: Double?
        /// How many times the file was handed to a worker (more than once after a stop).
        var sends = 0
        /// Whether the worker it was last handed to finished loading it (its plan came).
        var loadedBySend = false
        /// When it was last handed to a worker (`ProcessInfo.systemUptime`), nil before.
        var sentAt: Double?
        /// Where the `(after_all)` entry of a worker stopped in or before the hooks starts: the
        /// load that runs them, else the hooks, else the file's send to this worker.
        var afterAllEntrySince: Double? { afterAllLoadSince ?? afterAllSince ?? sentAt }
        /// The file's timeline as its tests' parts came (`WorkerEvent.timelinePart`), on one
        /// clock across its workers, with a `left_out` event where a worker was stopped inside
        /// a test; used instead of the last worker's own once a worker was stopped.
        var streamedTimeline: TimelineRun?
        /// Clock seconds the streamed parts took: where the next part starts.
        var streamedClock = 0.0
        /// Whether a worker was stopped inside one of the file's tests (`streamedTimeline`
        /// then holds what the earlier workers recorded).
        var timelineBroken = false

        /// Adds a test's timeline part after the ones before it.
        func streamTimeline(_ part: TimelineRun, clock: Double) {
            streamedTimeline = streamedTimeline?.appending(part, shiftedBy: streamedClock) ?? part
            streamedClock += clock.isFinite ? clock : 0
        }

        /// Notes in the streamed timeline that the worker running `test` was stopped inside
        /// it, so the transitions and events of that test are not there.
        func noteTimelineLost(of test: String, prototype: String) {
            timelineBroken = true
            let note = TimelineEventEntry(
                time: streamedClock, wall: nil, type: "left_out",
                text:
                    "test \"\(test)\": its worker process was stopped inside it, so the transitions and events it recorded are not here"
            )
            if streamedTimeline == nil {
                streamedTimeline = TimelineRun(
                    name: file, prototype: prototype, clock: .virtual, transitions: [], events: [])
            }
            streamedTimeline?.events.append(note)
        }

        init(file: String) { self.file = file }

        /// The running test's records, replayed from `records`.
        func journal() -> TestRecordJournal {
            var journal = TestRecordJournal()
            for line in records.split(separator: 10) {
                if let event = TestRecordEvent(line: line) { journal.apply(event) }
            }
            return journal
        }
    }
}
