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
    /// - descriptors 0, 1 and 2 that are closed are opened on `/dev/null`, so no file opened
    ///   later (a report, a PNG) takes their number and receives console output.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 && errno == EBADF {
            let null = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY)
            if null >= 0 && null != fd {
                dup2(null, fd)
                close(null)
            }
        }
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

    /// Called before exiting: flushes standard output and says on standard error when it
    /// could not be written (a full disk; a reader that left, EPIPE, is not worth a word).
    static func finish() {
        let failed = fflush(nil) != 0
        let reason = errno
        if failed && reason != EPIPE && reason != EBADF {
            writeError("sceneflow: could not write to standard output: \(String(cString: strerror(reason)))\n")
        }
    }
}
