import Foundation
import SceneflowCore
import Testing

/// Red-team 9 R2, the window: an edit written while another process holds the prototype
/// folder's lock (a `hotspot` command, another window's edit) waited in `flock` on the window's
/// thread: no drawing, no keys, SIGTERM unanswered, and the reload check afterwards failed as
/// "frozen". The edit now waits beside the window, which says so and goes on answering; the edit
/// lands when the lock is freed (and reloads), is refused after 10 s with nothing written, and a
/// stop signal closes the window at once. Skips (printing why) without Xvfb, xdotool or
/// ImageMagick.
@Suite(.serialized) struct EditLockWaitWindowTests {
    /// `play` on EditModeWindowTests' prototype in edit mode, with the folder locked by the test
    /// and a hotspot "Zed" drawn and labelled (its write waiting for the lock).
    static func waitingEdit(_ display: XvfbDisplay, _ tmp: TempFolder) throws -> (
        PlayingWindow, HeldFolderLock, String
    ) {
        let dir = try EditModeWindowTests.prototype(tmp)
        let w = try PlayingWindow(display, ["play", dir], title: "EditLab")
        w.key("e")
        #expect(poll(timeout: 20) { w.title.contains("edit mode") }, "\(w.title)\n\(w.log)")
        let lock = try HeldFolderLock(dir)
        draw(w)
        #expect(poll(timeout: 10) { w.log.contains("waiting for another edit of") }, "\(w.log)")
        return (w, lock, dir)
    }

    /// Draws a box in the top half, types "Zed" and Return.
    static func draw(_ w: PlayingWindow) {
        let size = w.geometry
        w.drag(from: WindowDesignerTests.at(20, 40, size), to: WindowDesignerTests.at(130, 100, size), steps: 6)
        usleep(300_000)
        w.display.run("xdotool", ["type", "--window", w.id, "--delay", "60", "Zed"])
        usleep(300_000)
        w.key("Return")
    }

    static func hasZed(_ dir: String) -> Bool {
        EditModeWindowTests.elements(dir).contains { $0.label == "Zed" }
    }

    @Test func theWindowAnswersWhileAnEditWaitsAndTheEditLandsWhenTheFolderIsFreed() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let (w, lock, dir) = try Self.waitingEdit(display, tmp)
        #expect(!Self.hasZed(dir), "nothing written while the lock is held")
        w.key("e")
        #expect(poll(timeout: 5) { !w.title.contains("edit mode") }, "E answers while the edit waits\n\(w.log)")
        Thread.sleep(forTimeInterval: 1)
        lock.release()
        #expect(poll(timeout: 10) { Self.hasZed(dir) }, "the edit lands once the lock is freed\n\(w.log)")
        #expect(poll(timeout: 10) { w.log.contains("reloaded EditLab") }, "\(w.log)")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(!w.log.contains("reload failed"), "\(w.log)")
        w.quit()
        #expect(w.status == 0, "\(w.log)")
    }

    @Test func aStopSignalClosesTheWindowWhileAnEditWaits() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let (w, lock, dir) = try Self.waitingEdit(display, tmp)
        defer { lock.release() }
        let sent = Date()
        w.send(SIGTERM)
        #expect(w.status == 143, "\(w.log)")
        #expect(Date().timeIntervalSince(sent) < 2, "closed at once: \(w.log)")
        #expect(w.log.contains("not written"), "says the waiting edit was not written\n\(w.log)")
        #expect(!Self.hasZed(dir))
    }

    @Test func anEditWaitingTooLongIsRefusedAndCanBeMadeAgain() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let (w, lock, dir) = try Self.waitingEdit(display, tmp)
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/prototype.lua"))
        #expect(
            poll(timeout: 20) { w.log.contains("held by another process for 10 s") }, "refused after 10 s\n\(w.log)")
        #expect(w.log.contains("nothing was written"), "\(w.log)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/prototype.lua")) == before)
        lock.release()
        Self.draw(w)  // nothing lost: the same edit again
        #expect(poll(timeout: 10) { Self.hasZed(dir) }, "\(w.log)")
        w.quit()
        #expect(w.status == 0, "\(w.log)")
    }
}
