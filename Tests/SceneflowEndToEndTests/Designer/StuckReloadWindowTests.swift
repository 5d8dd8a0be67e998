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
        #expect(run.stderr.contains("timeline written to t.json"), "\(run)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("t.json")), "\(run)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("t.csv")), "\(run)")
        #expect((try? TimelineDocument.read(tmp.file("t.json"))) != nil, "the timeline is whole")
    }
}
