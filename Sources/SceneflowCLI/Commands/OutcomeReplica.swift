import SceneflowCore
import SceneflowRunner

/// A worker's copy of the running test's records as its runner rebuilds them: from the very
/// record lines the worker streams (`TestRecordEvent.line`, read back with
/// `TestRecordEvent(line:)`), applied to a `TestRecordJournal` as
/// `TestWorkerPool.FileRun.journal` applies them. When a test's outcome has exactly these
/// steps and log, the worker sends it without them (`WorkerEvent.endedFromRecords`).
struct OutcomeReplica {
    /// The records since the test started, as the runner reads them.
    private(set) var journal = TestRecordJournal()
    /// False once the runner may have dropped some of the test's lines: an after_all phase
    /// began (the runner keeps those for the file's (after_all) entry), or the verdict was
    /// sent ahead of a video (the runner drops the lines with it).
    var usable = true

    /// Adds one record line, as streamed (newline included).
    mutating func add(_ line: [UInt8]) {
        guard usable else { return }
        if line.starts(with: Self.afterAllPhase) {
            usable = false
            return
        }
        if let event = TestRecordEvent(line: line) { journal.apply(event) }
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
