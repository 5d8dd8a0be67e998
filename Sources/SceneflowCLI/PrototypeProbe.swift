import CProcessShim
import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// Hot reload's first step in `play`: the changed `prototype.lua` runs in a child process
/// before `play` runs it itself. Lua that never returns to the VM (a backtracking pattern in
/// one `string.find`) can only be stopped by ending the process it runs in (`LuaWatchdog`):
/// in the child that ends the child, and the window keeps the last good prototype with the
/// child's message, as for a syntax error; run in `play` it ended the session without its
/// timeline. Only a prototype that loaded in the child is loaded in the window.
enum PrototypeProbe {
    /// The hidden first argument that makes `sceneflow` a probe: `sceneflow __probe-prototype DIR`.
    static let command = "__probe-prototype"

    /// In the child: loads `<folder>/prototype.lua` (its Lua and the checks of its values, not
    /// its images) and exits 0, or 65 with the problems on standard error. A stuck load is
    /// ended by the watchdog (`StuckLua`), also 65 with its message.
    static func serve(_ arguments: [String]) -> ExitCode {
        guard arguments.count == 3, let parent = Int32(arguments[2]) else { return .usage }
        // A probe never outlives the window that started it.
        if sf_die_with_parent(parent) != 0 { return .software }
        do {
            _ = try PrototypeLoader.load(directory: arguments[1])
            return .success
        } catch {
            StandardStreams.writeError("\(error)\n")
            return .badInput
        }
    }

    /// In `play`: starts the probe on `folder` and returns it under way, for the window to
    /// poll between frames (it never waits for it); nil when no child could be started (too
    /// many processes?), and the reload then runs in `play` as before.
    static func start(_ folder: String) -> ReloadCheck? {
        let executable = TestWorkerPool.executable  // the running image, as the test workers
        let errors = FileManager.default.temporaryDirectory
            .appendingPathComponent("sceneflow-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).err").path
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = [command, folder, String(getpid())]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: errors)
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(atPath: errors)
            return nil
        }
        return Run(process: process, folder: folder, errors: errors)
    }

    /// One probe under way: its child process and the file its standard error goes to.
    final class Run: ReloadCheck {
        private let process: Process
        private let folder: String
        private let errors: String
        private var ended = false

        init(process: Process, folder: String, errors: String) {
            self.process = process
            self.folder = folder
            self.errors = errors
        }

        deinit { cancel() }

        /// The probe's verdict once its child exited: `.loads` on exit 0, else its message
        /// (or how the child ended, when it wrote none).
        func verdict() -> ReloadVerdict? {
            guard !ended else { return nil }
            guard !process.isRunning else { return nil }
            process.waitUntilExit()
            ended = true
            defer { try? FileManager.default.removeItem(atPath: errors) }
            if process.terminationReason == .exit && process.terminationStatus == 0 { return .loads }
            let text =
                (try? String(contentsOfFile: errors, encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            if !text.isEmpty { return .fails(text) }
            let how =
                process.terminationReason == .uncaughtSignal
                ? "was killed by signal \(process.terminationStatus)" : "exited \(process.terminationStatus)"
            return .fails(
                "\(prototypeFilePath(in: folder)): loading it in a separate process failed: the process \(how)")
        }

        /// Kills the child (SIGKILL also ends a stopped one) and reaps it.
        func cancel() {
            guard !ended else { return }
            ended = true
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: errors)
        }
    }
}
