import Foundation
import SceneflowCore
import Testing

/// `play --timeline out.json --csv out.csv`: two taps, an edit of prototype.lua (hot reload),
/// one tap, Q. The files hold the whole session, with the reload marked (issue 13.6: they
/// held only the transition after the reload), and the reload decodes the screens the new
/// prototype shows first before it is swapped in.
@Suite(.serialized) struct ReloadTimelineWindowTests {
    @Test func theTimelineKeepsEveryTransitionAcrossAReload() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try WindowDesignerTests.prototype(tmp, name: "KeepTimeline")
        let (json, csv) = (tmp.file("out.json"), tmp.file("out.csv"))
        let w = try PlayingWindow(
            display, ["play", dir, "--timeline", json, "--csv", csv], title: "KeepTimeline")
        let size = w.geometry
        let open = WindowDesignerTests.at(75, 250, size)
        let back = WindowDesignerTests.at(75, 30, size)
        w.click(open.0, open.1)
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "\(w.log)")
        Thread.sleep(forTimeInterval: 0.3)
        w.click(back.0, back.1)
        #expect(poll(timeout: 20) { w.title.contains("home") }, "\(w.log)")
        let lua = try String(contentsOfFile: tmp.file("P/prototype.lua"), encoding: .utf8)
        try tmp.write("P/prototype.lua", lua + "\n-- an edit\n")
        #expect(poll(timeout: 20) { w.log.contains("reloaded KeepTimeline") }, "\(w.log)")
        #expect(
            w.log.contains("2 screens decoded before the swap"),
            "home and detail (one tap away) are ready before the new prototype shows\n\(w.log)")
        Thread.sleep(forTimeInterval: 0.3)
        w.click(open.0, open.1)
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "\(w.log)")
        Thread.sleep(forTimeInterval: 0.3)
        w.quit()
        let document = try TimelineDocument.read(json)
        let run = try #require(document.runs.first)
        #expect(run.transitions.map(\.to) == ["detail", "home", "detail"], "\(run.transitions.map(\.to))")
        let types = run.events.map(\.type)
        let reload = try #require(types.firstIndex(of: "reload"), "\(types)")
        let completions = types.indices.filter { types[$0] == "transition_completed" }
        #expect(completions.count == 3 && completions[1] < reload && reload < completions[2], "\(types)")
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n")
        let header = rows[0].split(separator: ",")
        let column = try #require(header.firstIndex(of: "reloads_before"), "\(rows[0])")
        #expect(
            rows.dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false)[column] } == [
                "0", "0", "1",
            ])
    }
}
