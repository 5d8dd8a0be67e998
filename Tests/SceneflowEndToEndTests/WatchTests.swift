import Foundation
import Testing

/// `sceneflow test --watch` (issue 20): runs, then reruns a changed script alone, every script
/// when a module or the prototype changes, and ends cleanly on Ctrl-C (SIGINT) while waiting.
@Suite struct WatchTests {
    /// The watch process and what it printed so far.
    final class Watch {
        let process = Process()
        let out = Pipe()
        var text = ""

        init(_ arguments: [String]) throws {
            process.executableURL = try #require(Sceneflow.binary)
            process.arguments = arguments
            var env = ProcessInfo.processInfo.environment
            env["SDL_VIDEODRIVER"] = "dummy"
            env["CI"] = nil
            env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "sceneflow-watch-cache-\(UUID().uuidString)"
            process.environment = env
            process.standardOutput = out
            process.standardError = out
            try process.run()
        }

        /// Reads until `marker` has appeared `count` times in all output (at most 120 s, so a
        /// broken watch fails instead of hanging the suite).
        func wait(for marker: String, count: Int) -> Bool {
            let deadline = Date().addingTimeInterval(120)
            let fd = out.fileHandleForReading.fileDescriptor
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while text.components(separatedBy: marker).count - 1 < count {
                let n = read(fd, &buffer, buffer.count)
                if n > 0 {
                    text += String(decoding: buffer[0..<n], as: UTF8.self)
                } else {
                    if !process.isRunning || Date() > deadline { return false }
                    usleep(20_000)
                }
            }
            return true
        }
    }

    @Test func rerunsWhatAChangeAffectsUntilCtrlC() throws {
        let tmp = try TempFolder()
        try tmp.prototype("w/proto")
        try tmp.write("w/a.lua", "prototype \"proto\"\ntest(\"a\", function() end)\n")
        try tmp.write("w/b.lua", "prototype \"proto\"\ntest(\"b\", function() end)\n")
        try tmp.write("w/lib/helper.lua", "return {}\n")
        let watching = "for changes (Ctrl-C to stop)"
        let watch = try Watch(["test", tmp.file("w"), "--watch"])
        defer { if watch.process.isRunning { kill(watch.process.processIdentifier, SIGKILL) } }
        #expect(watch.wait(for: watching, count: 1), "\(watch.text)")
        #expect(watch.text.contains("2 passed, 0 failed"), "\(watch.text)")

        // A script changes: only it runs again.
        try tmp.write("w/a.lua", "prototype \"proto\"\ntest(\"a\", function() expect.scene \"detail\" end)\n")
        #expect(watch.wait(for: watching, count: 2), "\(watch.text)")
        let second = watch.text.components(separatedBy: watching)[1]
        #expect(second.contains("changed: running \(tmp.file("w/a.lua"))"), "\(second)")
        #expect(second.contains("0 passed, 1 failed") && !second.contains("PASS  b"), "\(second)")

        // A module changes: every script runs again.
        try tmp.write("w/lib/helper.lua", "return { changed = true }\n")
        #expect(watch.wait(for: watching, count: 3), "\(watch.text)")
        let third = watch.text.components(separatedBy: watching)[2]
        #expect(third.contains("changed: running every script") && third.contains("1 passed, 1 failed"), "\(third)")

        // The prototype changes: every script runs again.
        try tmp.image("w/proto/home.png", width: 36, height: 80)
        #expect(watch.wait(for: watching, count: 4), "\(watch.text)")
        #expect(watch.text.components(separatedBy: watching)[3].contains("changed: running every script"))

        kill(watch.process.processIdentifier, SIGINT)
        #expect(watch.wait(for: "stopped watching", count: 1), "\(watch.text)")
        watch.process.waitUntilExit()
        #expect(watch.process.terminationStatus == 0, "\(watch.text)")
        #expect(!watch.text.contains("Fatal error"), "\(watch.text)")
    }

    /// Ctrl-C ends a watch as the user's way out (exit 0); any other stop signal (CI's
    /// SIGTERM, `timeout -s ALRM`, SIGUSR1) ends it as a stopped run: 128 + its number.
    @Test(arguments: [SIGTERM, SIGALRM, SIGUSR1])
    func anotherStopSignalWhileWaitingExitsWithItsCode(signal: Int32) throws {
        let tmp = try TempFolder()
        try tmp.prototype("w/proto")
        try tmp.write("w/a.lua", "prototype \"proto\"\ntest(\"a\", function() tap \"Open\" end)\n")
        let watch = try Watch(["test", "--watch", tmp.file("w/a.lua")])
        let watching = "for changes (Ctrl-C to stop)"
        #expect(watch.wait(for: watching, count: 1), "\(watch.text)")
        kill(watch.process.processIdentifier, signal)
        #expect(watch.wait(for: "stopped watching", count: 1), "\(watch.text)")
        watch.process.waitUntilExit()
        #expect(watch.process.terminationReason == .exit, "\(watch.text)")
        #expect(watch.process.terminationStatus == 128 + signal, "\(watch.text)")
    }

    @Test func watchDoesNotGoWithList() throws {
        let r = try Sceneflow.run(["test", "--watch", "--list"])
        #expect(r.status == 64 && r.stderr.contains("--watch runs tests; it cannot go with --list"), "\(r)")
    }
}
