import CProcessShim
import Foundation

/// A `sceneflow test --worker` child process, started with `posix_spawn` (`sf_spawn`) rather
/// than Foundation's `Process`, whose start cost the runner ~2 ms of CPU per worker (a
/// monitoring thread, a socket pair, the child closing every descriptor it finds in
/// `/proc/self/fd`) on the path every run waits for. Its exit is collected with `waitpid`:
/// nothing else in the runner waits for it.
final class WorkerProcess {
    /// How a process ended, as Foundation's `Process.TerminationReason` names it.
    enum TerminationReason {
        /// It called `exit` (or returned from `main`): `terminationStatus` is its status.
        case exit
        /// A signal ended it: `terminationStatus` is the signal's number.
        case uncaughtSignal
    }

    /// The child's process ID.
    let processIdentifier: pid_t
    /// The `waitpid` status once the child was collected.
    private var status: Int32?

    /// Starts `executable` with `arguments` (without the program name) and `environment`, its
    /// standard input, output and error on the descriptors given (each duplicated onto 0, 1
    /// and 2 in the child; nothing else of this process is open there). `name` is the program
    /// name the child sees (`executable` when not given).
    ///
    /// - Throws: `POSIXError` with the reason the start failed (`EAGAIN` past the process
    ///   limit, `ENOMEM`, `ENOENT` when the executable is gone).
    init(
        executable: String, name: String? = nil, arguments: [String], environment: [String: String], input: Int32,
        output: Int32, error: Int32
    ) throws {
        // The child's descriptors must not be 0-2 (a closed standard stream hands out 0).
        var moved: [Int32] = []
        defer { for fd in moved { close(fd) } }
        func above2(_ fd: Int32) throws -> Int32 {
            guard fd < 3 else { return fd }
            let copy = fcntl(fd, F_DUPFD_CLOEXEC, 3)
            guard copy >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EBADF) }
            moved.append(copy)
            return copy
        }
        let (input, output, error) = (try above2(input), try above2(output), try above2(error))
        let argv = ([name ?? executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var pid: pid_t = 0
        let failure = sf_spawn(executable, argv, envp, input, output, error, &pid)
        guard failure == 0 else { throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EINVAL) }
        processIdentifier = pid
    }

    /// Whether the child is still running (collects its exit status once it ended).
    var isRunning: Bool {
        collect(blocking: false)
        return status == nil
    }

    /// Waits for the child to end.
    func waitUntilExit() {
        collect(blocking: true)
    }

    /// Why the child ended (valid once `isRunning` is false).
    var terminationReason: TerminationReason {
        guard let status, status & 0x7f != 0 else { return .exit }
        return .uncaughtSignal
    }

    /// The exit status, or the number of the signal that ended the child (valid once
    /// `isRunning` is false).
    var terminationStatus: Int32 {
        guard let status else { return 0 }
        return status & 0x7f != 0 ? status & 0x7f : (status >> 8) & 0xff
    }

    private func collect(blocking: Bool) {
        guard status == nil else { return }
        var raw: Int32 = 0
        while true {
            let result = waitpid(processIdentifier, &raw, blocking ? 0 : WNOHANG)
            if result == processIdentifier {
                // A stopped child (WUNTRACED is not asked for) is never reported.
                status = raw
                return
            }
            if result < 0 && errno == EINTR { continue }
            if result < 0 { status = raw }  // ECHILD: already collected elsewhere
            return
        }
    }

    deinit {
        // A child never collected would stay a zombie for the rest of a --watch session.
        if status == nil, waitpid(processIdentifier, nil, WNOHANG) == 0 {
            kill(processIdentifier, SIGKILL)
            waitpid(processIdentifier, nil, 0)
        }
    }
}
