import Foundation
import Testing

/// The lock another process holds on a prototype folder (`flock` on the folder, as a running
/// `hotspot` edit or the window's edit mode holds it), taken here by the test itself; released
/// by `release()` or when the value goes.
final class HeldFolderLock {
    private var fd: Int32

    /// Takes the lock on `folder` (waiting for it, as the tests hold it before anything else).
    init(_ folder: String) throws {
        fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)  // no child inherits the lock
        try #require(fd >= 0, "cannot open \(folder)")
        try #require(flock(fd, LOCK_EX) == 0, "cannot lock \(folder)")
    }

    deinit { release() }

    /// Frees the lock (once).
    func release() {
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }
}

/// Red-team 9 R2, the command: `sceneflow hotspot` waited silently for ever while another
/// process held the prototype folder's lock. It says once on standard error that it waits, waits
/// at most 10 s, then fails with exit 75 naming the folder; the edit lands when the lock is freed
/// in time, and a stop signal ends the wait at once.
@Suite struct HotspotLockWaitTests {
    static let add = ["hotspot", "add", "Proto", "home", "Held", "--frame", "2,40,10,10"]

    /// `sceneflow hotspot add …` started in `tmp`, its standard error going to `tmp/err.txt`,
    /// with no signal blocked (a child inherits the test process's mask, where SIGTERM may be
    /// blocked; a shell starts it with none).
    static func start(_ tmp: TempFolder) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/perl")
        let unblocked = "use POSIX; sigprocmask(SIG_SETMASK, POSIX::SigSet->new); exec @ARGV or die"
        p.arguments = ["-e", unblocked, try #require(Sceneflow.binary).path] + add
        p.currentDirectoryURL = tmp.url
        p.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: tmp.file("err.txt"), contents: nil)
        p.standardError = try FileHandle(forWritingTo: tmp.url.appendingPathComponent("err.txt"))
        try p.run()
        return p
    }

    static func errors(_ tmp: TempFolder) -> String {
        (try? String(contentsOfFile: tmp.file("err.txt"), encoding: .utf8)) ?? ""
    }

    @Test func aFolderHeldTooLongIsRefusedWithExit75AndNothingWritten() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let before = try Data(contentsOf: URL(fileURLWithPath: tmp.file("Proto/prototype.lua")))
        let lock = try HeldFolderLock(tmp.file("Proto"))
        let r = try Sceneflow.run(Self.add, in: tmp.url, timeout: 40)
        lock.release()
        #expect(r.status == 75 && !r.signalled && !r.timedOut, "\(r)")
        #expect(r.seconds >= 9.5 && r.seconds < 20, "waits about 10 s: \(r)")
        let waits = r.errorLines.filter { $0.contains("waiting for another process") }
        #expect(waits.count == 1, "said once that it waits: \(r)")
        #expect(waits.first?.contains("Proto") == true, "names the folder: \(r)")
        #expect(
            r.stderr.contains("held by another process for 10 s") && r.stderr.contains("nothing was written"), "\(r)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tmp.file("Proto/prototype.lua"))) == before)
    }

    @Test func theEditLandsWhenTheFolderIsFreedInTime() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let lock = try HeldFolderLock(tmp.file("Proto"))
        let p = try Self.start(tmp)
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        #expect(
            poll(timeout: 10) { Self.errors(tmp).contains("waiting for another process") },
            Comment(rawValue: Self.errors(tmp)))
        #expect(p.isRunning, "still waiting while the lock is held")
        lock.release()
        try #require(poll(timeout: 10) { !p.isRunning })
        #expect(p.terminationStatus == 0, Comment(rawValue: Self.errors(tmp)))
        let text = try String(contentsOfFile: tmp.file("Proto/prototype.lua"), encoding: .utf8)
        #expect(text.contains("label = \"Held\""), "\(text)")
    }

    @Test func aStopSignalEndsTheWaitAtOnce() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        let lock = try HeldFolderLock(tmp.file("Proto"))
        defer { lock.release() }
        let p = try Self.start(tmp)
        defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
        #expect(
            poll(timeout: 10) { Self.errors(tmp).contains("waiting for another process") },
            Comment(rawValue: Self.errors(tmp)))
        let sent = Date()
        kill(p.processIdentifier, SIGTERM)
        try #require(poll(timeout: 5) { !p.isRunning }, "SIGTERM ends the wait")
        #expect(Date().timeIntervalSince(sent) < 1, "ended at once")
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGTERM)
    }
}
