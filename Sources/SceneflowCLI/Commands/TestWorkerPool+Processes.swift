import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// Starting worker processes, handing them files and waiting for what they write.
extension TestWorkerPool {
    /// The fewest free file descriptors a worker start needs: its two pipes, the error file and
    /// copies of them while the child starts (Foundation's `Process`, used before, trapped
    /// rather than threw when it ran out; red-team finding under `ulimit -n 12`).
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
        // Made again for every start: a temporary-file cleaner (systemd-tmpfiles, a CI step
        // emptying /tmp) may have removed it since the last (red-team finding p13).
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let errors = (folder as NSString).appendingPathComponent("\(UInt32.random(in: 0...UInt32.max)).err")
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        guard let errorFile = FileHandle(forWritingAtPath: errors) else {
            startFailure = "could not open \(errors) for the worker's error output"
            return nil
        }
        defer { try? errorFile.close() }
        // A fatal signal (SIGSEGV, SIGABRT, SIGBUS, from a bug or sent with kill) must end the
        // worker so its test fails: the Swift runtime's backtracer caught one, printed a crash
        // report and the test then passed (red-team finding).
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // The baselines every worker of the run wrote, so none writes over another's through a
        // link (red-team 42 B F1), kept in the pool's folder (removed with it).
        let claims = (folder as NSString).appendingPathComponent("baselines")
        try? FileManager.default.createDirectory(
            atPath: claims, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        environment[RecordedBaselines.environmentKey] = claims
        let events = Pipe()
        let requests = Pipe()
        let process: WorkerProcess
        do {
            process = try WorkerProcess(
                executable: Self.executable, name: Self.programName,
                arguments: ["test", "--worker", String(getpid())] + settings.workerArguments,
                environment: environment, input: requests.fileHandleForReading.fileDescriptor,
                output: events.fileHandleForWriting.fileDescriptor, error: errorFile.fileDescriptor)
        } catch {
            try? events.fileHandleForReading.close()
            try? events.fileHandleForWriting.close()
            try? requests.fileHandleForReading.close()
            try? requests.fileHandleForWriting.close()
            startFailure = Self.reason(error)
            return nil
        }
        // The child holds its own copies: the runner keeps only its ends, so the worker sees
        // the end of its input when the runner closes it, and the runner sees the end of the
        // events when the worker exits.
        try? events.fileHandleForWriting.close()
        try? requests.fileHandleForReading.close()
        let fd = events.fileHandleForReading.fileDescriptor
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        return Worker(process: process, events: events, requests: requests, errors: errors)
    }

    /// This executable, for the workers: `/proc/self/exe`, the running image itself, so a run
    /// is one version whatever happens to the file (red-team 11 m7: a binary deleted mid-run
    /// left the rest "interrupted"; one replaced ran the rest in another version); its resolved
    /// path where `/proc` is not mounted.
    static let executable =
        access("/proc/self/exe", X_OK) == 0
        ? "/proc/self/exe" : URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
    /// The program name the workers get: this executable's path.
    static let programName = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path

    /// Why a worker could not be started, in the operating system's words: the error carries
    /// the `errno` (reading the global `errno` afterwards gave another call's value: "Bad file
    /// descriptor (errno 2: No such file or directory)").
    static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError {
            return "\(String(cString: strerror(posix.code.rawValue))) (errno \(posix.code.rawValue))"
        }
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
                        ? nil : settings.clockLimitOrigin, afterAllOnly: run.afterAllOnly ? true : nil,
                    afterEachFirst: run.heldForAfterEach != nil ? true : nil,
                    afterEachSkip: run.heldForAfterEach != nil && run.afterEachSkip > 0 ? run.afterEachSkip : nil,
                    heldFailed: run.heldForAfterEach != nil && run.heldUncounted ? true : nil,
                    afterAllSkip: run.afterAllOnly && run.afterAllSkip > 0 ? run.afterAllSkip : nil,
                    withoutBeforeAll: run.afterAllOnly && run.withoutBeforeAll ? true : nil,
                    beforeAllFailedInTests: run.afterAllOnly
                        && HeadlessTestRunner.failedInBeforeAll(run.afterAllAfter.flatMap { run.outcomes[$0] })
                        ? true : nil,
                    sources: readsSources ? true : nil, digest: run.sends > 0 ? run.digest : nil)
            )
        else { return }
        line.append(10)
        if worker.assigned.isEmpty { worker.lastHeard = ProcessInfo.processInfo.systemUptime }
        worker.assigned.append(run)
        run.sends += 1
        run.loadedBySend = false
        run.sentAt = ProcessInfo.processInfo.systemUptime
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

    /// Waits up to 5 ms for a worker to write; once one did, 2 ms more, so that the records
    /// of a burst (each step, log and expectation is a line of its own) are read in one wake
    /// rather than one wake per line. Each wake costs the runner a `poll` and a `read` and, with
    /// as many workers as cores, takes a core from a worker: the sample suite's ~1 000 lines
    /// woke the runner several hundred times. A result reaches the console at most 2 ms later.
    func wait(for workers: [Worker]) {
        var fds = workers.map {
            pollfd(fd: $0.events.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        }
        if fds.isEmpty {
            usleep(5_000)
            return
        }
        if poll(&fds, nfds_t(fds.count), 5) > 0 { usleep(Self.burstWait) }
    }
}

extension TestWorkerPool {
    /// Microseconds the runner waits after a worker wrote before reading (`wait(for:)`).
    static let burstWait: useconds_t = 2_000

    /// The longest a worker holding a file may stay silent (real seconds) before the runner
    /// takes it for frozen: a live worker writes a heartbeat every second from a thread of its
    /// own, whatever its Lua does (`TestWorker.heartbeat`; stuck Lua is its watchdog's to end),
    /// so ten silent seconds mean the whole process stands still (SIGSTOP, a terminal's
    /// SIGTSTP, a cgroup freezer, a debugger), its watchdog thread with it. A silence measured
    /// from the last line, not the test's limits: a slow but legal load (10 s for the script,
    /// 10 s for `prototype.lua`) was killed as frozen (red-team finding S9).
    var silenceLimit: Double { 10 }
    /// Real seconds between two looks (`killFrozen`) that mean the runner itself was stopped.
    static let selfStopGap = 1.0

    /// Kills (SIGKILL, which also ends a stopped process) each worker that holds a file and
    /// has been silent longer than `silenceLimit`; `ended` then fails its running test (or
    /// file) saying so, and a fresh worker takes the rest.
    func killFrozen(_ workers: [Worker]) {
        let now = ProcessInfo.processInfo.systemUptime
        // The runner looks every few milliseconds: a longer gap means it was stopped itself
        // (Ctrl-Z and `fg`, SIGSTOP/SIGCONT of the process group, `docker pause`), most likely
        // with its workers, whose heartbeats resume only as they run again. Their silence is
        // counted from now: on resume the runner killed a healthy worker before its first
        // heartbeat came (red-team finding T5).
        if let last = lastFrozenCheck, now - last > Self.selfStopGap {
            for worker in workers { worker.lastHeard = max(worker.lastHeard, now) }
        }
        lastFrozenCheck = now
        for worker in workers where !worker.assigned.isEmpty && !worker.killed && worker.stopSentAt == nil {
            let silence = now - worker.lastHeard
            guard silence > silenceLimit else { continue }
            worker.frozenFor = silence
            worker.killed = true
            kill(worker.process.processIdentifier, SIGKILL)
        }
    }
}
