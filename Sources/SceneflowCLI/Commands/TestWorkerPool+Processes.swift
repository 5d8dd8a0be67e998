import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// Starting worker processes, handing them files and waiting for what they write.
extension TestWorkerPool {
    /// Starts one worker process, or nil when none can be started.
    func startWorker(folder: String) -> Worker? {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let errors = (folder as NSString).appendingPathComponent("\(UInt32.random(in: 0...UInt32.max)).err")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["test", "--worker", String(getpid())] + settings.workerArguments
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errors)
        let events = Pipe()
        let requests = Pipe()
        process.standardOutput = events
        process.standardInput = requests
        do {
            try process.run()
        } catch {
            return nil
        }
        let fd = events.fileHandleForReading.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return Worker(process: process, events: events, requests: requests, errors: errors)
    }

    /// Asks `worker` to run `run` from its next test on.
    func send(_ run: FileRun, to worker: Worker) {
        guard
            var line = try? JSONEncoder().encode(
                WorkerRequest(
                    file: run.file, skip: run.next, timeline: settings.runnerOptions.recordsTimeline,
                    tests: tests[run.file]))
        else { return }
        line.append(10)
        worker.assigned.append(run)
        run.sends += 1
        // A worker that died meanwhile is handled as it ends (its files go back to the queue).
        let fd = worker.requests.fileHandleForWriting.fileDescriptor
        line.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Waits up to 5 ms for a worker to write.
    func wait(for workers: [Worker]) {
        var fds = workers.map {
            pollfd(fd: $0.events.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        }
        if fds.isEmpty {
            usleep(5_000)
            return
        }
        _ = poll(&fds, nfds_t(fds.count), 5)
    }
}
