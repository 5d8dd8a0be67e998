import Foundation
import SceneflowCore

/// Writes a run's timeline as JSON (`--timeline FILE.json`, schema `sceneflow.timeline`) and
/// CSV (`--csv FILE.csv`, one row per transition), each atomically. Used by `sceneflow play`
/// when the window closes and by `sceneflow test` after the scripts ran.
public enum TimelineExport {
    /// The files that could not be written.
    public struct WriteError: Error, CustomStringConvertible {
        /// Each file that could not be written, with the file system's reason, in the order
        /// they were tried (the JSON, then the CSV).
        public var failures: [(path: String, reason: String)]
        /// `could not write timeline.json: …` (`standard output` for `-`), as every output's
        /// failure reads (`OutputError`); both files, joined by "; ", when both failed.
        public var description: String {
            failures.map { OutputError(path: $0.path, reason: $0.reason).description }.joined(separator: "; ")
        }
    }

    /// Writes `document` to `json` and/or `csv` (either may be nil), atomically.
    ///
    /// - Throws: `WriteError` naming every file that could not be written (each is tried:
    ///   a failed JSON never keeps the CSV from being written).
    public static func write(_ document: TimelineDocument, json: String?, csv: String?) throws {
        var failures: [(path: String, reason: String)] = []
        if let json {
            do {
                try AtomicFile.write(try document.jsonData(), to: json)
            } catch {
                failures.append((json, reason(error)))
            }
        }
        if let csv {
            do {
                try AtomicFile.write(document.csv(), to: csv)
            } catch {
                failures.append((csv, reason(error)))
            }
        }
        if !failures.isEmpty { throw WriteError(failures: failures) }
    }

    /// The document for one session: its completed transitions and the running one, if any.
    public static func document(
        name: String, session: Session, clock: TimelineRun.ClockKind
    ) -> TimelineDocument {
        TimelineDocument(runs: [run(name: name, session: session, clock: clock)])
    }

    /// The document for a headless test run: one run per script file whose result carries a
    /// timeline (the runner's `recordsTimeline` option), in the order given.
    public static func document(results: [ScriptFileResult]) -> TimelineDocument {
        TimelineDocument(runs: results.compactMap(\.timeline))
    }

    /// One run for `session`.
    public static func run(name: String, session: Session, clock: TimelineRun.ClockKind) -> TimelineRun {
        TimelineRun(
            name: name, prototype: session.prototype.name, clock: clock, timeline: session.timeline,
            running: session.runningTransition)
    }

    private static func reason(_ error: any Error) -> String { plainReason(error) }
}
