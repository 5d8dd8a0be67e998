import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// Reading the events a worker writes, and handling a worker that ended, however it ended.
extension TestWorkerPool {
    /// Reads what `worker` wrote and applies each complete line to the file it runs.
    func read(_ worker: Worker, onOutcome: (TestOutcome) -> Void) {
        let fd = worker.events.fileHandleForReading.fileDescriptor
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            worker.buffer.append(contentsOf: chunk[0..<count])
        }
        var start = worker.buffer.startIndex
        while let newline = worker.buffer[start...].firstIndex(of: 10) {
            let line = worker.buffer[start..<newline]
            start = newline + 1
            if line.first == TestRecordEvent.lineMark {
                // Kept as they came, read only if the worker ends inside the test.
                if let run = worker.assigned.first, run.running != nil {
                    run.records.append(worker.buffer[line.startIndex..<start])
                }
                continue
            }
            if line.starts(with: Self.plannedPrefix) {
                if let run = worker.assigned.first, run.plannedLine == nil {
                    run.plannedLine = Data(line)
                    run.started = ProcessInfo.processInfo.systemUptime
                    if run.result == nil { settledFiles += 1 }
                }
                continue
            }
            // The two most frequent lines are read without JSONDecoder (half the runner's CPU).
            let event: WorkerEvent
            if let position = WorkerEvent.integer(line, after: WorkerEvent.startedPrefix) {
                event = .started(position)
            } else if let count = WorkerEvent.integer(line, after: WorkerEvent.countPrefix) {
                event = .count(count)
            } else if let seconds = WorkerEvent.seconds(line) {
                event = .done(seconds)
            } else if let decoded = try? decoder.decode(WorkerEvent.self, from: line) {
                event = decoded
            } else {
                continue
            }
            if case .stuck(let reason, let subject, let place) = event {
                worker.stuck = (reason, subject, place)
                continue
            }
            guard let run = worker.assigned.first else { continue }
            switch event {
            case .planned: break
            case .count(let count):
                // A file resumed by a fresh worker is counted once (`[2/3]` for 2 tests).
                if !run.countShown {
                    run.countShown = true
                    onPlanned(count, settledFiles >= totalFiles)
                }
            case .started(let position):
                run.running = position
                run.runningSince = ProcessInfo.processInfo.systemUptime
                run.records.removeAll(keepingCapacity: true)
            case .verdict(let position, let outcome, let video):
                // Final: only the video can still be added (or noted as cut).
                run.outcomes[position] = outcome
                run.running = nil
                run.records.removeAll(keepingCapacity: true)
                run.next = position + 1
                run.encoding = (position, video)
                if outcome.failsTheRun { failures += 1 }
            case .ended(let position, let outcome):
                let earlier = run.encoding?.position == position ? run.outcomes[position] : nil
                run.encoding = nil
                run.outcomes[position] = outcome
                run.running = nil
                run.records.removeAll(keepingCapacity: true)
                run.next = position + 1
                if outcome.failsTheRun && earlier?.failsTheRun != true { failures += 1 }
                onOutcome(outcome)
            case .finished(let result) where result.notRun != nil:
                // The worker had seen --max-failures failures before this file's turn.
                worker.assigned.removeFirst()
                finish(run, notRun: true)
            case .finished(let result):
                worker.assigned.removeFirst()
                finish(
                    run, loadProblems: result.loadProblems, timeline: result.timeline,
                    wallSeconds: run.sends == 1 ? result.wallSeconds : nil, complete: true)
            case .done(let seconds):
                worker.assigned.removeFirst()
                finish(run, wallSeconds: run.sends == 1 ? seconds : nil, complete: true)
            case .stuck: break
            }
        }
        worker.buffer.removeSubrange(worker.buffer.startIndex..<start)
    }

    /// Handles the end of `worker`: the test it was running gets its verdict here, the rest of
    /// that file and the files queued behind it go back to the front of the queue (or, after
    /// a signal, are reported as interrupted and not run).
    func ended(
        _ worker: Worker, resumed: inout [FileRun], interrupted: Bool, onOutcome: (TestOutcome) -> Void
    ) {
        defer { try? FileManager.default.removeItem(atPath: worker.errors) }
        worker.ended = true
        worker.close()
        guard let run = worker.assigned.first else { return }
        let queued = worker.assigned.dropFirst()
        worker.assigned = []
        let stoppedBySignal = interrupted || worker.stuck?.reason == .afterStop
        if stoppedBySignal {
            for other in queued where other.result == nil {
                other.result = ScriptFileResult.notRun(other.file, reason: notRunReason)
            }
        } else {
            resumed.insert(contentsOf: queued, at: 0)
        }
        guard let planned = run.planned(decoder) else {
            // Stopped while loading the file (or before it began).
            if stoppedBySignal {
                finish(run, notRun: true)
            } else if worker.stuck == nil && worker.process.terminationReason == .exit
                && worker.process.terminationStatus == 0
            {
                resumed.insert(run, at: 0)  // it ended before taking the file: try again
            } else {
                finish(run, loadProblems: [loadProblem(worker, run)])
            }
            return
        }
        if let (position, video) = run.encoding, var outcome = run.outcomes[position] {
            // Stopped while the video of a finished test was encoded: the test keeps its
            // verdict; the partial file is removed and the report says so.
            run.encoding = nil
            if let video {
                try? FileManager.default.removeItem(atPath: video)
                HeadlessTestRunner.noteCutVideo(video, in: &outcome)
            }
            run.outcomes[position] = outcome
            onOutcome(outcome)
        }
        if let position = run.running, planned.indices.contains(position) {
            let test = planned[position]
            var outcome = TestOutcome(
                name: test.name, file: run.file, line: test.line, verdict: .failed,
                wallSeconds: ProcessInfo.processInfo.systemUptime - run.runningSince)
            if stoppedBySignal {
                outcome.verdict = .interrupted
                outcome.failure = Diagnostic(
                    file: run.file, line: test.line, message: "interrupted by a signal while the test ran")
            } else {
                outcome.failure = Diagnostic(file: run.file, line: test.line, message: testProblem(worker, run, test))
            }
            keepRecords(of: run, in: &outcome)
            if outcome.failsTheRun { failures += 1 }
            run.outcomes[position] = outcome
            run.running = nil
            run.next = position + 1
            onOutcome(outcome)
        }
        if stoppedBySignal || run.next >= planned.count {
            finish(run)
        } else {
            resumed.insert(run, at: 0)
        }
    }
}
