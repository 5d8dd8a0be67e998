import Foundation

/// An Xvfb server on a free display number for the life of the value, for window tests.
/// `start()` returns nil (and the test skips with a printed reason) when Xvfb is missing.
final class VirtualDisplay {
    /// `:N`.
    let name: String
    private let number: Int
    private let process: Process

    private init(number: Int, process: Process) {
        self.name = ":\(number)"
        self.number = number
        self.process = process
    }

    deinit { VirtualDisplay.kill(process, number) }

    /// SIGKILL (the child inherits the test process's signal mask, where SIGTERM may be
    /// blocked), then removes the lock file and socket Xvfb could not clean up, when they are
    /// this server's: a server that lost the race for a display number must not remove the
    /// winner's.
    private static func kill(_ process: Process, _ number: Int) {
        let pid = process.processIdentifier
        if process.isRunning { Foundation.kill(pid, SIGKILL) }
        process.waitUntilExit()
        let lock = "/tmp/.X\(number)-lock"
        let owner = (try? String(contentsOfFile: lock, encoding: .utf8))?.trimmingCharacters(
            in: .whitespacesAndNewlines)
        guard owner == String(pid) else { return }
        try? FileManager.default.removeItem(atPath: lock)
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }

    /// Starts `Xvfb :N -screen 0 1280x1024x24` on the first free N from 140 (no lock file in
    /// /tmp) and waits up to 5 s for its socket. Nil when Xvfb is not installed or does not start.
    static func start() -> VirtualDisplay? {
        let candidates = ["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"]
        guard let xvfb = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("skipping: Xvfb is not installed (apt install xvfb)")
            return nil
        }
        let fm = FileManager.default
        for n in 140..<200
        where !fm.fileExists(atPath: "/tmp/.X\(n)-lock") && !fm.fileExists(atPath: "/tmp/.X11-unix/X\(n)") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: xvfb)
            process.arguments = [":\(n)", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { continue }
            let deadline = Date().addingTimeInterval(5)
            while Date() < deadline && process.isRunning {
                // Ours only when the lock names this server (another may have taken the number).
                let owner = (try? String(contentsOfFile: "/tmp/.X\(n)-lock", encoding: .utf8))?
                    .trimmingCharacters(in: .whitespacesAndNewlines)
                if owner == String(process.processIdentifier) && fm.fileExists(atPath: "/tmp/.X11-unix/X\(n)") {
                    return VirtualDisplay(number: n, process: process)
                }
                usleep(20_000)
            }
            kill(process, n)
        }
        print("skipping: Xvfb did not start on any display from :140 to :199")
        return nil
    }
}
