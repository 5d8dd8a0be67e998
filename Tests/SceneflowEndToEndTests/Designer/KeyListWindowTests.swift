import Foundation
import Testing

/// The `?` key list under Xvfb: Escape, Space and a click each only close it; the prototype
/// stays on its scene (needs Xvfb, xdotool, ImageMagick; skips otherwise).
@Suite(.serialized) struct KeyListWindowTests {
    @Test func keysAndClicksOnlyCloseTheList() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try WindowDesignerTests.prototype(tmp, name: "KeyList")
        let w = try PlayingWindow(display, ["play", dir, "--no-hints"], title: "KeyList")
        let size = w.settledGeometry
        let open = WindowDesignerTests.at(75, 250, size)
        // Once on detail, a click at Open's place lands on nothing, so a lost first click is retried.
        #expect(w.click(open.0, open.1, until: { w.title.contains("detail") }), "\(w.log)")
        usleep(400_000)
        let centre = tmp.file("centre.png")
        func listShows() -> Bool {
            w.capture(centre)
            return PlayingWindow.pixel(centre, size.width / 2, size.height / 2) != (200, 40, 40)
        }
        let back = WindowDesignerTests.at(75, 30, size)
        for (name, close) in [
            ("Escape", { w.key("Escape") }), ("space", { w.key("space") }),
            ("click on Back", { w.click(back.0, back.1) }),
        ] as [(String, () -> Void)] {
            w.key("question")
            #expect(poll(timeout: 10) { listShows() }, "? shows the list before \(name)")
            close()
            #expect(poll(timeout: 10) { !listShows() }, "\(name) closes the list")
            usleep(400_000)
            #expect(w.title.contains("detail"), "\(name) did nothing in the prototype: \(w.title)\n\(w.log)")
        }
        // The T display (dark, at the top left) hides while the list shows and comes back after.
        let corner = tmp.file("corner.png")
        func hudShows() -> Bool {
            w.capture(corner)
            let p = PlayingWindow.pixel(corner, 12, 32)
            return p.r >= 0 && p.r < 60 && p.g < 60 && p.b < 60
        }
        w.key("t")
        #expect(poll(timeout: 10) { hudShows() }, "T shows the timing display")
        w.key("question")
        #expect(poll(timeout: 10) { listShows() && !hudShows() }, "the key list shows alone")
        w.key("space")
        #expect(poll(timeout: 10) { !listShows() && hudShows() }, "the timing display is back")
        w.key("t")
        w.key("Escape")
        #expect(poll(timeout: 20) { w.title.contains("home") }, "with the list closed Escape goes back: \(w.log)")
        w.quit()
        #expect(w.status == 0, "\(w.log)")
    }
}
