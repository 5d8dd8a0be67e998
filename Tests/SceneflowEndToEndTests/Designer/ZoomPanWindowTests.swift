import Foundation
import Testing

/// The cropped 1:1 view under Xvfb: the window stays on the 1280x1024 screen, and clicks land
/// on the points drawn under the pointer after panning with Page Up and the wheel. Skips
/// (printing why) when Xvfb, xdotool or ImageMagick is missing.
@Suite(.serialized) struct ZoomPanWindowTests {
    @Test func clicksFollowThePanAtOneToOne() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        // 150x300 pt at scale 4: "Open" covers device pixels y 800…1200 of home, "Back" 0…240 of detail.
        let dir = try WindowDesignerTests.prototype(tmp, name: "Panner")
        let w = try PlayingWindow(display, ["play", dir, "--no-hints"], title: "Panner")
        w.key("1")
        #expect(poll(timeout: 20) { w.geometry == (600, 1024) }, "\(w.geometry)")
        let frame = w.frameOnScreen
        #expect(frame.x >= 0 && frame.y >= 0 && frame.maxX <= 1280 && frame.maxY <= 1024, "on screen: \(frame)")
        w.key("Prior")  // pan to the top: window y = device y
        usleep(200_000)
        w.display.run("xdotool", ["mousemove", "--window", w.id, "300", "300", "click", "5"])  // 40 pt = 160 px down
        usleep(300_000)
        w.capture(tmp.file("panned.png"))
        w.click(300, 700)  // device y 860 ("Open") only when panned 160 px; 700 (nothing) at the top
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "the wheel panned 160 px: \(w.title)\n\(w.log)")
        usleep(300_000)
        w.key("Prior")
        usleep(200_000)
        w.click(300, 230)  // device y 230 ("Back") at the top; 390 (nothing) if still panned
        #expect(poll(timeout: 20) { w.title.contains("home") }, "Page Up panned back: \(w.title)\n\(w.log)")
        if let keep = ProcessInfo.processInfo.environment["SCENEFLOW_KEEP_SHOTS"] {
            try? FileManager.default.copyItem(atPath: tmp.file("panned.png"), toPath: "\(keep)/panned.png")
        }
        w.quit()
        #expect(w.status == 0, "\(w.log)")
    }
}
