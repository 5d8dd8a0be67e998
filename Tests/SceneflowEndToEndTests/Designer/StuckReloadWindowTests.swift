import Foundation
import SceneflowCore
import Testing

/// Hot reload of a `prototype.lua` whose Lua is stuck inside one library call (a pattern that
/// backtracks): the window keeps the last good prototype and shows the error, as for a syntax
/// error or an endless loop, and Q still writes the whole timeline (the session used to end
/// with exit 65 and no timeline).
@Suite(.serialized) struct StuckReloadWindowTests {
    static let stuck = "string.find(string.rep(\"a\", 40), string.rep(\"a-\", 20) .. \"b\")\nreturn {}\n"

    @Test func aReloadStuckInALibraryCallKeepsTheLastGoodPrototype() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try WindowDesignerTests.prototype(tmp, name: "StuckReload")
        let json = tmp.file("out.json")
        let w = try PlayingWindow(display, ["play", dir, "--timeline", json], title: "StuckReload")
        let size = w.geometry
        let open = WindowDesignerTests.at(75, 250, size)
        let back = WindowDesignerTests.at(75, 30, size)
        w.click(open.0, open.1)
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "\(w.log)")
        try tmp.write("P/prototype.lua", Self.stuck)
        #expect(poll(timeout: 60) { w.log.contains("reload failed, keeping the last good prototype") }, "\(w.log)")
        #expect(w.log.contains("P/prototype.lua: did not finish"), "the error names the file and why\n\(w.log)")
        #expect(w.status == nil, "the session ended: \(w.log)")
        // The last good prototype still answers taps.
        Thread.sleep(forTimeInterval: 0.3)
        w.click(back.0, back.1)
        #expect(poll(timeout: 20) { w.title.contains("home") }, "\(w.log)")
        Thread.sleep(forTimeInterval: 0.3)
        w.quit()
        #expect(w.status == 0, "\(w.log)")
        let run = try #require(try TimelineDocument.read(json).runs.first)
        #expect(run.transitions.map(\.to) == ["detail", "home"], "\(run.transitions.map(\.to))")
    }
}

/// Every way out of `play` writes `--timeline`/`--csv` first, also the watchdog ending the
/// process because a Lua action is stuck inside one library call (exit 65).
@Suite struct StuckActionPlayTests {
    @Test func aStuckActionStillWritesTheTimeline() throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                    home = { image = "home.png", after = 0.2,
                      on_after = function(app) string.find(string.rep("a", 40), string.rep("a-", 20) .. "b") end },
                    detail = { image = "detail.png" },
                """)
        let run = try Sceneflow.run(
            ["play", "Proto", "--timeline", "t.json", "--csv", "t.csv"], in: tmp.url, timeout: 90)
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.contains("did not finish within 10 s"), "\(run)")
        // It names the command and says the window closed (red-team 29 F3).
        #expect(run.stderr.hasPrefix("sceneflow play: "), "\(run)")
        #expect(run.stderr.contains("so the window was closed"), "\(run)")
        #expect(run.stderr.contains("timeline written to t.json"), "\(run)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("t.json")), "\(run)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("t.csv")), "\(run)")
        #expect((try? TimelineDocument.read(tmp.file("t.json"))) != nil, "the timeline is whole")
    }
}

/// `record` ended the same way says where the recorded script is (red-team 29 F3: nothing
/// said the script was saved, nor which command ended).
@Suite struct StuckActionRecordTests {
    @Test func aStuckActionSaysWhereTheScriptIs() throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                    home = { image = "home.png", after = 0.2,
                      on_after = function(app) string.find(string.rep("a", 40), string.rep("a-", 20) .. "b") end },
                    detail = { image = "detail.png" },
                """)
        let run = try Sceneflow.run(["record", "Proto", "--out", "r.lua"], in: tmp.url, timeout: 90)
        #expect(run.status == 65, "\(run)")
        #expect(run.stderr.hasPrefix("sceneflow record: "), "\(run)")
        #expect(run.stderr.contains("so the window was closed"), "\(run)")
        #expect(run.stderr.contains("the script recorded up to the last step is in r.lua"), "\(run)")
    }
}

/// Red-team T9: hot reload's check of a changed `prototype.lua` runs in a child process, and a
/// child that never ends (frozen from outside, or stuck where its own watchdog cannot reach)
/// must not freeze the window. The window goes on answering input while the check runs; a check
/// still running at `WindowPlayer.reloadCheckDeadline` is killed and reported as a failed reload
/// (the last good prototype stays); Q while a check runs quits at once and ends the child.
@Suite(.serialized) struct FrozenReloadCheckWindowTests {
    /// Starts `play` on the detail scene, saves a `prototype.lua` whose check is stuck for 10 s,
    /// and stops (SIGSTOP) the child that checks it, so it never ends.
    static func frozenCheck(_ display: XvfbDisplay, _ tmp: TempFolder) throws -> (PlayingWindow, Int32, (Int, Int)) {
        let dir = try WindowDesignerTests.prototype(tmp, name: "FrozenReload")
        let w = try PlayingWindow(display, ["play", dir], title: "FrozenReload")
        let size = w.geometry
        let open = WindowDesignerTests.at(75, 250, size)
        w.click(open.0, open.1)
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "\(w.log)")
        try tmp.write("P/prototype.lua", StuckReloadWindowTests.stuck)
        var child: Int32 = 0
        #expect(
            poll(timeout: 20) {
                child = WorkerProcesses.children(of: w.pid).first ?? 0
                return child != 0
            })
        kill(child, SIGSTOP)
        return (w, child, WindowDesignerTests.at(75, 30, size))
    }

    @Test func theWindowAnswersWhileACheckIsFrozenAndTheCheckEndsAtItsDeadline() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let (w, child, back) = try Self.frozenCheck(display, tmp)
        defer { kill(child, SIGKILL) }
        Thread.sleep(forTimeInterval: 0.5)
        w.click(back.0, back.1)
        #expect(
            poll(timeout: 5) { w.title.contains("home") }, "the window answers a tap while the check runs\n\(w.log)")
        let deadline = 15.0
        #expect(
            poll(timeout: deadline + 10) { w.log.contains("reload failed, keeping the last good prototype") },
            "\(w.log)")
        #expect(w.log.contains("did not finish within 15 s"), "the error says why\n\(w.log)")
        #expect(poll(timeout: 5) { !WorkerProcesses.alive(child) }, "the frozen check was ended")
        w.quit()
        #expect(poll(timeout: 10) { w.status != nil })
        #expect(w.status == 0, "\(w.log)")
    }

    @Test func qQuitsAtOnceWhileACheckIsFrozen() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let (w, child, _) = try Self.frozenCheck(display, tmp)
        defer { kill(child, SIGKILL) }
        Thread.sleep(forTimeInterval: 0.5)
        w.key("q")
        #expect(poll(timeout: 5) { w.status != nil }, "Q quits while the check is frozen\n\(w.log)")
        #expect(w.status == 0, "\(w.log)")
        #expect(poll(timeout: 5) { !WorkerProcesses.alive(child) }, "the frozen check ended with the window")
    }
}
