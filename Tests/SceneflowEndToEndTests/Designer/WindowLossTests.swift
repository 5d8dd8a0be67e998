import Foundation
import Testing

/// The window under attack from outside (issue 15.3 and 15.4): another client resizes it to
/// 32767x32767 (libxcb aborted on the first frame), destroys it, kills its connection, or the
/// X server dies. `play --timeline` must keep running at a size the renderer can hold, or write
/// the timeline and exit 70 (system failure) with a message; never crash, never exit 1
/// without the timeline. Skips without Xvfb and xdotool (`Scripts/setup.sh` installs them).
@Suite(.serialized) struct WindowLossTests {
    /// A played prototype with `--timeline` into a fresh folder.
    func play(_ display: XvfbDisplay, _ folder: TempFolder) throws -> PlayingWindow {
        let proto = try folder.prototype("Proto")
        return try PlayingWindow(
            display, ["play", proto, "--no-reload", "--timeline", folder.file("timeline.json")], title: "Tiny")
    }

    /// The timeline written, parsed (nil when there is none or it is not JSON).
    func timeline(_ folder: TempFolder) -> Any? {
        guard let data = FileManager.default.contents(atPath: folder.file("timeline.json")) else { return nil }
        return try? JSONSerialization.jsonObject(with: data)
    }

    @Test func aHugeResizeFromOutsideIsClamped() throws {
        guard let display = XvfbDisplay.start() else { return }
        let folder = try TempFolder()
        let window = try play(display, folder)
        display.run("xdotool", ["windowsize", window.id, "32767", "32767"])
        // The player shrinks the window when it next polls its events; on a loaded machine
        // (CI runs every suite at once) that can take seconds, so wait for it, not a fixed time.
        var size = (width: 0, height: 0)
        poll(timeout: 20) {
            size = window.geometry
            return window.status != nil || (size.width > 0 && size.width <= 16_384 && size.height <= 16_384)
        }
        #expect(window.status == nil, "the player exited after the resize:\n\(window.log)")
        #expect(size.width <= 16_384 && size.height <= 16_384, "not clamped: \(size)")
        window.quit()
        poll(timeout: 20) { window.status != nil }
        #expect(window.status == 0, "\(window.log)")
        #expect(timeline(folder) != nil, "no timeline written:\n\(window.log)")
    }

    @Test func theXServerDyingWritesTheTimelineAndExits70() throws {
        guard let display = XvfbDisplay.start() else { return }
        let folder = try TempFolder()
        let window = try play(display, folder)
        let server = try #require(XvfbDisplay.lockOwner(display.number))
        kill(server, SIGKILL)
        poll(timeout: 15) { window.status != nil }
        #expect(window.status == 70, "\(window.log)")
        #expect(window.log.contains("the connection to the display was lost"), "\(window.log)")
        #expect(timeline(folder) != nil, "no timeline written:\n\(window.log)")
    }

    /// Red-team 11 R3: an X server that stops answering (a stalled `ssh -X` or VNC link, a
    /// stopped Xvfb) held `play` inside an Xlib call, so SIGTERM waited for the server (for
    /// ever) and a SIGKILL lost the timeline. The stop ends it within a few seconds, timeline
    /// written, exit 143; `record` ends too, its script on disk.
    @Test(arguments: ["play", "record"])
    func aStopSignalEndsTheWindowWhenTheXServerStopsAnswering(_ command: String) throws {
        guard let display = XvfbDisplay.start() else { return }
        let folder = try TempFolder()
        let proto = try folder.prototype("Proto")
        let arguments =
            command == "play"
            ? ["play", proto, "--no-reload", "--timeline", folder.file("timeline.json")]
            : ["record", proto, "--out", folder.file("r.lua")]
        let window = try PlayingWindow(display, arguments, title: "Tiny")
        let server = try #require(XvfbDisplay.lockOwner(display.number))
        kill(server, SIGSTOP)
        defer { kill(server, SIGCONT) }
        usleep(500_000)
        let sent = Date()
        kill(window.pid, SIGTERM)
        poll(timeout: 15) { window.status != nil }
        let took = Date().timeIntervalSince(sent)
        #expect(window.status == 143, "\(command) after \(took) s:\n\(window.log)")
        #expect(took < 8, "\(command) took \(took) s to stop")
        #expect(window.log.contains("the display did not answer"), "\(window.log)")
        if command == "play" {
            #expect(timeline(folder) != nil, "no timeline written:\n\(window.log)")
        } else {
            let script = try String(contentsOfFile: folder.file("r.lua"), encoding: .utf8)
            #expect(script.contains("prototype"), "\(script)")
        }
    }

    @Test func anotherClientKillingTheConnectionWritesTheTimeline() throws {
        guard let display = XvfbDisplay.start() else { return }
        let folder = try TempFolder()
        let window = try play(display, folder)
        display.run("xdotool", ["windowkill", window.id])
        poll(timeout: 15) { window.status != nil }
        #expect(window.status == 70, "\(window.log)")
        #expect(timeline(folder) != nil, "no timeline written:\n\(window.log)")
    }

    @Test func anotherClientDestroyingTheWindowWritesTheTimeline() throws {
        guard let display = XvfbDisplay.start() else { return }
        let folder = try TempFolder()
        let window = try play(display, folder)
        display.run("xdotool", ["windowclose", window.id])
        poll(timeout: 15) { window.status != nil }
        #expect(window.status == 70, "\(window.log)")
        #expect(window.log.contains("the window was destroyed by another client"), "\(window.log)")
        #expect(timeline(folder) != nil, "no timeline written:\n\(window.log)")
    }
}
