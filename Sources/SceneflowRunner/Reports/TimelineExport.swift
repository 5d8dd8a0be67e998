import Foundation
import SceneflowCore

/// Writes a run's timeline as JSON (`--timeline FILE.json`, schema `sceneflow.timeline`) and
/// CSV (`--csv FILE.csv`, one row per transition), each atomically. Used by `sceneflow play`
/// when the window closes and by `sceneflow test` after the scripts ran.
public enum TimelineExport {
    /// A file that could not be written.
    public struct WriteError: Error, CustomStringConvertible {
        /// The file.
        public var path: String
        /// The file system's reason.
        public var reason: String
        /// `could not write timeline.json: …` (`standard output` for `-`), as every output's
        /// failure reads (`OutputError`).
        public var description: String { OutputError(path: path, reason: reason).description }
    }

    /// Writes `document` to `json` and/or `csv` (either may be nil), atomically.
    ///
    /// - Throws: `WriteError` naming the first file that could not be written (the other is
    ///   still attempted first).
    public static func write(_ document: TimelineDocument, json: String?, csv: String?) throws {
        var failure: WriteError?
        if let json {
            do {
                try AtomicFile.write(try document.jsonData(), to: json)
            } catch {
                failure = WriteError(path: json, reason: reason(error))
            }
        }
        if let csv {
            do {
                try AtomicFile.write(document.csv(), to: csv)
            } catch {
                failure = failure ?? WriteError(path: csv, reason: reason(error))
            }
        }
        if let failure { throw failure }
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
