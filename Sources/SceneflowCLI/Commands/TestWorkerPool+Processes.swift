import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// Starting worker processes, handing them files and waiting for what they write.
extension TestWorkerPool {
    /// The fewest free file descriptors a worker start needs: its three pipes, the error file
    /// and the socket pair Foundation's `Process` makes for its run loop (which traps, rather
    /// than throws, when it cannot; red-team finding under `ulimit -n 12`).
    static let descriptorsPerStart = 16

    /// Starts one worker process, or nil when none can be started (`startFailure` says why).
    func startWorker(folder: String) -> Worker? {
        var limit = rlimit()
        getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
        if limit.rlim_cur < rlim_t(Int32.max), Int(limit.rlim_cur) - open < Self.descriptorsPerStart {
            startFailure =
                "too few file descriptors: \(open) of the \(limit.rlim_cur) allowed (ulimit -n) are open and starting a worker needs \(Self.descriptorsPerStart) more"
            return nil
        }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let errors = (folder as NSString).appendingPathComponent("\(UInt32.random(in: 0...UInt32.max)).err")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["test", "--worker", String(getpid())] + settings.workerArguments
        // A fatal signal (SIGSEGV, SIGABRT, SIGBUS, from a bug or sent with kill) must end the
        // worker so its test fails: the Swift runtime's backtracer caught one, printed a crash
        // report and the test then passed (red-team finding).
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: errors)
        let events = Pipe()
        let requests = Pipe()
        process.standardOutput = events
        process.standardInput = requests
        do {
            try process.run()
        } catch {
            startFailure = Self.reason(error)
            return nil
        }
        let fd = events.fileHandleForReading.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return Worker(process: process, events: events, requests: requests, errors: errors)
    }

    /// Why `Process.run` failed, in the operating system's words: its error carries the
    /// `errno` (reading the global `errno` afterwards gave another call's value: "Bad file
    /// descriptor (errno 2: No such file or directory)").
    static func reason(_ error: any Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain {
            return "\(String(cString: strerror(Int32(ns.code)))) (errno \(ns.code))"
        }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return "\(String(cString: strerror(Int32(underlying.code)))) (errno \(underlying.code))"
        }
        return ns.localizedDescription
    }

    /// Asks `worker` to run `run` from its next test on.
    func send(_ run: FileRun, to worker: Worker) {
        guard
            var line = try? requestEncoder.encode(
                WorkerRequest(
                    file: run.file, skip: run.next, timeline: recordsTimeline, tests: tests[run.file], failed: failures,
                    timeoutOrigin: settings.timeout == nil || settings.timeoutOrigin == "--timeout"
                        ? nil : settings.timeoutOrigin,
                    clockLimitOrigin: settings.clockLimit == nil || settings.clockLimitOrigin == "--clock-limit"
                        ? nil : settings.clockLimitOrigin)
            )
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
