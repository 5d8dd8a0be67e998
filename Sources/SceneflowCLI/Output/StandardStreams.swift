import CProcessShim
import Foundation
import SceneflowCore
import SceneflowRunner

/// Standard input, output and error as the world hands them over (issue 15.3/15.4): closed
/// (`2>&-`), full (`2>/dev/full`), a pipe whose reader left (`| head -1`), a file over the
/// size limit (`ulimit -f`). Writing a message never crashes and never stops the run before
/// its reports are written.
enum StandardStreams {
    /// Called first thing in `main`:
    /// - SIGPIPE and SIGXFSZ are ignored, so a pipe whose reader is gone or a file over
    ///   `ulimit -f` makes that write fail (EPIPE, EFBIG) instead of killing the process;
    /// - descriptors 0, 1 and 2 that are closed are opened on `/dev/null` (standard output on
    ///   `/dev/full`), so no file opened later (a report, a PNG) takes their number and
    ///   receives console output; they are noted in `StandardOutput.closedAtStart`, so a
    ///   report sent to `-` fails ("it is closed") and console or `--tap` output written to a
    ///   closed standard output makes the exit 70 ("it is closed") instead of vanishing;
    /// - a write to standard output, a pipe or a device (`--json -`) waits for a stalled reader
    ///   only a moment once a stop signal arrived (`OutputTarget`);
    /// - a non-blocking standard output or error has its console waited out as a blocking one
    ///   (`sf_wait_out_nonblocking_output`), not cut at the pipe's 64 KiB.
    static func prepare() {
        StandardOutput.stopRequested = { Interruption.received != 0 }
        raiseDescriptorLimit()
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            StandardOutput.closedAtStart.insert(fd)
            // A closed standard output takes /dev/full: every write to it fails, so the console,
            // `--tap` and `-` reports all end in `finish`'s "it is closed" (exit 70) instead of
            // vanishing into /dev/null with exit 0. Standard error and input take /dev/null.
            var placeholder = fd == 1 ? open("/dev/full", O_WRONLY) : -1
            if placeholder < 0 { placeholder = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY) }
            if placeholder >= 0 && placeholder != fd {
                dup2(placeholder, fd)
                close(placeholder)
            }
        }
        // Standard output or error open for reading only (`1</dev/null`) fails every write
        // (EBADF): replaced as a closed one is, so its writes fail as they do and the exit says
        // why (red-team 11 R5: the console was lost with exit 0 and not a word).
        for fd: Int32 in 1...2 where !StandardOutput.closedAtStart.contains(fd) {
            let flags = fcntl(fd, F_GETFL)
            guard flags >= 0, flags & O_ACCMODE == O_RDONLY else { continue }
            StandardOutput.readOnlyAtStart.insert(fd)
            let placeholder = open(fd == 1 ? "/dev/full" : "/dev/null", O_WRONLY)
            if placeholder >= 0 && placeholder != fd {
                dup2(placeholder, fd)
                close(placeholder)
            }
        }
        StandardOutput.note()
        // A non-blocking standard output or error (a CI runner's shared pipe) whose reader
        // pauses is waited out by every command's console, not only `test`'s relay: `inspect`
        // was cut at 64 KiB with exit 0, `timing` failed with EAGAIN (red-team finding T8).
        _ = sf_wait_out_nonblocking_output { Interruption.received != 0 ? 1 : 0 }
    }

    /// Raises the soft limit on open files (`ulimit -n`) to the hard limit, at most 4096, as
    /// build tools and test runners do: `--jobs` keeps pipes to every worker open. Then closes
    /// the descriptors inherited at or above the limit (a parent that held them before it
    /// lowered the limit: a shell's pipe at 251 under `ulimit -n 200`): no child process can
    /// be started while one is open, since glibc's `posix_spawn` refuses to name it (EBADF),
    /// and Sceneflow never uses a descriptor it did not open.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = min(limit.rlim_max, 4096)
        if limit.rlim_cur < wanted {
            limit.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) != 0 {
                _ = getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
            }
        }
        guard limit.rlim_cur < rlim_t(Int32.max) else { return }
        for fd in openDescriptors() where rlim_t(fd) >= limit.rlim_cur { close(fd) }
    }

    /// The descriptors open in this process (from `/proc/self/fd`; the one reading it left out).
    static func openDescriptors() -> [Int32] {
        guard let folder = opendir("/proc/self/fd") else { return [] }
        defer { closedir(folder) }
        let own = dirfd(folder)
        var found: [Int32] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if let fd = Int32(name), fd != own { found.append(fd) }
        }
        return found
    }

    /// Makes standard output line-buffered (each line written as it ends), also when it is a
    /// pipe or a file, where C's standard I/O would otherwise hold it until a block fills.
    static func lineBufferOutput() {
        sf_line_buffer_stdout()
    }

    /// Writes `text` to standard error, ignoring every failure (closed, full, a broken pipe):
    /// there is nowhere left to report it. Foundation's `FileHandle.write` traps on such errors.
    static func writeError(_ text: String) {
        fflush(nil)  // keep the order of console output and messages when both go to one place
        try? OutputTarget.writeAll(Data(text.utf8), to: 2, path: "standard error")
    }

    /// Makes `-` mean standard output for the report options: the console output (every
    /// `print`) moves to standard error, and reports named `-` go to a duplicate of the
    /// original standard output (`StandardOutput.reportDescriptor`).
    static func claimStandardOutput() {
        fflush(nil)
        let saved = fcntl(1, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0 else { return }
        StandardOutput.reportDescriptor = saved
        dup2(2, 1)
    }

    /// True when standard output (the original one, where `-` writes) is a terminal.
    static var reportsGoToATerminal: Bool { isatty(StandardOutput.reportDescriptor) == 1 }

    /// The command that runs (`check`, `test`, …), for messages written when it ends; nil for
    /// `sceneflow --help` and the like. Set once at start (`named(_:)`).
    nonisolated(unsafe) static var command: String?

    /// How a message of the running command starts: `sceneflow test: `, or `sceneflow: `
    /// when no command runs.
    static var messagePrefix: String { command.map { "sceneflow \($0): " } ?? "sceneflow: " }

    /// The command word of `arguments` (the first, when it is a plain word such as `check`
    /// or `merge-reports`), or nil.
    static func named(_ arguments: [String]) -> String? {
        guard let first = arguments.first, (1...20).contains(first.count),
            first.allSatisfy({ ("a"..."z").contains($0) || $0 == "-" }), !first.hasPrefix("-")
        else { return nil }
        return first
    }

    /// The reason (errno) an earlier flush of standard output failed with (`flushOutput`), or 0.
    nonisolated(unsafe) static var outputFailure: Int32 = 0

    /// Writes `text` to standard output as it is, keeping the reason (errno) of the first
    /// write that fails for the message at exit (`finish`): a text longer than the stream's
    /// buffer fails inside the write, and the reason was lost ("a write failed" for `man` and
    /// `completions` into a full disk: red-team 18 B-F6).
    static func writeOutput(_ text: String) {
        var text = text
        let failure = text.withUTF8 { sf_write_stdout($0.baseAddress, $0.count) }
        if failure != 0, outputFailure == 0 { outputFailure = failure }
    }

    /// Called before exiting: flushes standard output and says on standard error when it
    /// could not be written (a full disk; a reader that left, EPIPE, is not worth a word).
    /// Returns the exit status to use: `status`, or 70 (the system failed) when standard
    /// output could not be written (or was closed when the process started and something was
    /// written to it: the console, `--tap`) and the command had not already failed with a usage or
    /// input error (`inspect P > tree.txt` on a full disk exited 0 with a cut file: red-team
    /// finding F15).
    /// A console relay (`ConsoleRelay`) is drained first; a stop signal that arrives while it
    /// waits for a stalled reader makes the status 128 + the signal's number.
    static func finish(_ status: Int32) -> Int32 {
        var status = status
        if let signal = ConsoleRelay.finish(), status < 128 { status = Interruption.exitStatus(signal) }
        errno = 0
        let flushFailed = fflush(nil) != 0
        let reason = errno
        // A write during the run may have failed already (the buffer filled up): the flag stays,
        // the reason does not; into a pipe or socket that is a reader that left (EPIPE).
        var info = stat()
        let pipe = fstat(1, &info) == 0 && (info.st_mode & S_IFMT == S_IFIFO || info.st_mode & S_IFMT == S_IFSOCK)
        let failed = flushFailed || (sf_stdout_failed() != 0 && !pipe)
        if !failed || reason == EPIPE || reason == EBADF { return status }
        let why =
            StandardOutput.unwritableAtStart(1)
            ?? (flushFailed && reason != 0
                ? String(cString: strerror(reason))
                : outputFailure != 0 ? String(cString: strerror(outputFailure)) : "a write failed")
        // Named as every failed output is (`sceneflow COMMAND: could not write NAME: REASON`):
        // a CI log with several sceneflow steps tells which lost its output (red-team 16 B-F5).
        let who = command.map { "sceneflow \($0)" } ?? "sceneflow"
        writeError("\(who): could not write standard output: \(why)\n")
        return status == ExitCode.success.rawValue || status == ExitCode.failure.rawValue
            ? ExitCode.software.rawValue : status
    }
}
