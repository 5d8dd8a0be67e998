import Foundation
import Testing

/// `--watch` runs what changed while a run was going (red-team finding S7: the files were
/// looked at afresh after each run, so a script saved during one was never run and the
/// watched suite stayed green), and keeps watching a prototype folder that is missing for a
/// while (red-team finding S4: once gone during a rerun, its return and every later edit were
/// never run).
@Suite struct WatchDuringRunTests {
    static let watching = "for changes (Ctrl-C to stop)"

    /// `w/a.lua` taps "Open" and runs first; `w/b.lua` then computes for 2 s of CPU.
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype("w/proto")
        try tmp.write("w/a.lua", "prototype \"proto\"\ntest(\"a\", function() tap \"Open\" end)\n")
        try tmp.write(
            "w/b.lua",
            "prototype \"proto\"\ntest(\"b\", function() local t = os.clock() while os.clock() - t < 2 do end end)\n")
        return tmp
    }

    /// While b computes (a has passed), a's script or the prototype changes so that a fails:
    /// the next run runs a again.
    @Test(arguments: ["script", "prototype"])
    func aChangeSavedDuringARunIsRunNext(_ what: String) throws {
        let tmp = try Self.suite()
        let watch = try WatchTests.Watch(["test", tmp.file("w"), "--watch"])
        defer { if watch.process.isRunning { kill(watch.process.processIdentifier, SIGKILL) } }
        #expect(WorkerProcesses.waitUntilBusy(watch.process.processIdentifier) != nil, "b never began")
        if what == "script" {
            try tmp.write("w/a.lua", "prototype \"proto\"\ntest(\"a\", function() error(\"a now fails\") end)\n")
        } else {
            let text = try String(contentsOfFile: tmp.file("w/proto/prototype.lua"), encoding: .utf8)
            try text.replacingOccurrences(of: "\"Open\"", with: "\"Opened\"").write(
                toFile: tmp.file("w/proto/prototype.lua"), atomically: true, encoding: .utf8)
        }
        #expect(watch.wait(for: Self.watching, count: 2), "the change was never run: \(watch.text)")
        let second = watch.text.components(separatedBy: Self.watching)[1]
        #expect(second.contains("FAIL  a"), "\(second)")
        kill(watch.process.processIdentifier, SIGINT)
        #expect(watch.wait(for: "stopped watching", count: 1), "\(watch.text)")
        #expect(watch.text.contains("stopped watching; watched suite: 1 passed, 1 failed"), "\(watch.text)")
    }

    @Test func aPrototypeFolderThatComesBackIsWatchedAgain() throws {
        let tmp = try TempFolder()
        try tmp.prototype("w/proto")
        try tmp.write("w/a.lua", "prototype \"proto\"\ntest(\"a\", function() tap \"Open\" end)\n")
        let watch = try WatchTests.Watch(["test", tmp.file("w"), "--watch"])
        defer { if watch.process.isRunning { kill(watch.process.processIdentifier, SIGKILL) } }
        #expect(watch.wait(for: Self.watching, count: 1), "\(watch.text)")
        let saved = tmp.file("saved-proto")
        try FileManager.default.moveItem(atPath: tmp.file("w/proto"), toPath: saved)
        #expect(watch.wait(for: Self.watching, count: 2), "the removal was not run: \(watch.text)")
        #expect(watch.text.components(separatedBy: Self.watching)[1].contains("no prototype folder"), "\(watch.text)")
        try FileManager.default.copyItem(atPath: saved, toPath: tmp.file("w/proto"))
        #expect(watch.wait(for: Self.watching, count: 3), "the folder's return was not run: \(watch.text)")
        #expect(watch.text.components(separatedBy: Self.watching)[2].contains("1 passed, 0 failed"), "\(watch.text)")
        // Edited after it came back: watched as before.
        let text = try String(contentsOfFile: tmp.file("w/proto/prototype.lua"), encoding: .utf8)
        try text.replacingOccurrences(of: "\"Open\"", with: "\"Opened\"").write(
            toFile: tmp.file("w/proto/prototype.lua"), atomically: true, encoding: .utf8)
        #expect(watch.wait(for: Self.watching, count: 4), "the edit was not run: \(watch.text)")
        #expect(watch.text.components(separatedBy: Self.watching)[3].contains("0 passed, 1 failed"), "\(watch.text)")
        kill(watch.process.processIdentifier, SIGINT)
        #expect(watch.wait(for: "stopped watching", count: 1), "\(watch.text)")
    }
}
