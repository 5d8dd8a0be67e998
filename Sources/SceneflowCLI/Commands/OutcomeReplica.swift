import SceneflowCore
import SceneflowRunner

/// A worker's copy of the running test's records as its runner rebuilds them from the
/// record lines the worker streams (`TestWorkerPool.FileRun.journal`): the same events
/// applied to a `TestRecordJournal`. Every event reads back from its line as it was
/// (`TestRecordEventLineTests`) except one holding a number that is not finite, which the
/// runner drops; after one, the replica is not used. When a test's outcome has exactly these
/// steps and log, the worker sends it without them (`WorkerEvent.endedFromRecords`).
struct OutcomeReplica {
    /// The records since the test started, as the runner reads them.
    private(set) var journal = TestRecordJournal()
    /// False once the runner may have dropped some of the test's lines: an after_all phase
    /// began (the runner keeps those for the file's (after_all) entry), or the verdict was
    /// sent ahead of a video (the runner drops the lines with it).
    var usable = true

    /// Adds one record event, streamed as `line`.
    mutating func add(_ event: TestRecordEvent, line: [UInt8]) {
        guard usable else { return }
        if line.starts(with: Self.afterAllPhase) || !event.numbersAreFinite {
            usable = false
            return
        }
        journal.apply(event)
    }

    /// `outcome` without its steps and log when they equal the replica's; nil when they
    /// differ (the outcome then travels whole).
    func strip(_ outcome: TestOutcome) -> TestOutcome? {
        guard usable, outcome.steps == journal.steps, outcome.log == journal.log else { return nil }
        var stripped = outcome
        stripped.steps = []
        stripped.log = []
        return stripped
    }

    /// How the line of an after_all phase starts (`TestWorkerPool.afterAllPhasePrefix`).
    static let afterAllPhase = TestWorkerPool.afterAllPhasePrefix
}

extension TestRecordEvent {
    /// Whether every number of the event is finite (its line reads back as it was).
    var numbersAreFinite: Bool {
        switch self {
        case .log(let entry): entry.clockTime.isFinite
        case .logDropped(_, let clockTime, _): clockTime.isFinite
        case .stepBegan(_, _, let clockStart, _, _): clockStart.isFinite
        case .stepEnded(let clockEnd, let wallSeconds, _): clockEnd.isFinite && wallSeconds.isFinite
        case .unwound, .softFailed, .phase, .hook, .afterAllFailed, .visual, .visualAmended, .reset: true
        }
    }
}
