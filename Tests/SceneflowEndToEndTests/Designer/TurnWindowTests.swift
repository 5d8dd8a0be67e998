import Foundation
import Testing

/// Turning the device (`O`) under Xvfb: every frame of the 0.3 s rotation is drawn centred in
/// the window it is drawn in (the turning screens about the window's centre; the whole window at
/// rest), never an outgoing frame at its old size in a corner of the turned window. Captures the window at several moments of several turns.
/// Skips (printing why) when Xvfb, xdotool or ImageMagick is missing.
@Suite(.serialized) struct TurnWindowTests {
    /// The part of a capture that is not black, as `WxH+X+Y` (from 1, 1: a black border is added
    /// first), and the capture's size `WxH`.
    static func drawnPart(_ shot: String) -> (drawn: String, size: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: DesignerCommandTests.which("convert") ?? "/usr/bin/convert")
        p.arguments = [
            shot, "-format", "%wx%h ", "-write", "info:", "-bordercolor", "black", "-border", "1", "-fuzz", "3%",
            "-trim", "-format", "%wx%h%O", "info:",
        ]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try? p.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let parts = text.split(separator: " ").map(String.init)
        return parts.count == 2 ? (parts[1], parts[0]) : ("?", text)
    }

    @Test func eachFrameOfTheTurnFillsItsWindow() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        try tmp.write("P/home.png", PNGWriter.solid(width: 720, height: 1600, rgb: (255, 255, 255)))
        try tmp.write("P/land.png", PNGWriter.solid(width: 1600, height: 720, rgb: (255, 255, 255)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "Turner",
              device = { width = 360, height = 800, scale = 2 },
              start = "home",
              scenes = { home = { image = "home.png", elements = {}, landscape = { image = "land.png", elements = {} } } },
            }
            """)
        let w = try PlayingWindow(display, ["play", tmp.file("P")], title: "Turner")
        var bad: [String] = []
        for (i, delay) in [0.03, 0.06, 0.09, 0.12, 0.15, 0.18, 0.21, 0.24, 0.03, 0.07, 0.11, 0.14, 0.17, 0.2]
            .enumerated()
        {
            w.key("o")
            Thread.sleep(forTimeInterval: delay)
            let shot = tmp.file("turn\(i).png")
            w.capture(shot)
            let (drawn, size) = Self.drawnPart(shot)
            // The drawn part centred in the window (offsets from the 1-pixel border, 2 px of slack).
            let centred: Bool = {
                let parts = drawn.split(separator: "+")
                let d = parts.first?.split(separator: "x").compactMap { Int($0) } ?? []
                let s = size.split(separator: "x").compactMap { Int($0) }
                guard parts.count == 3, d.count == 2, s.count == 2, let x = Int(parts[1]), let y = Int(parts[2])
                else { return false }
                return abs((x - 1) * 2 + d[0] - s[0]) <= 4 && abs((y - 1) * 2 + d[1] - s[1]) <= 4
            }()
            // Right after the key the window may have its new size before the first frame at that
            // size is presented: all black (trim leaves 1x1), accepted only then.
            let notYetDrawn = drawn.hasPrefix("1x1") && delay <= 0.03
            if !centred && !notYetDrawn {
                bad.append("\(delay) s into turn \(i + 1): drew \(drawn) in a \(size) window")
            }
            if let keep = ProcessInfo.processInfo.environment["SCENEFLOW_KEEP_SHOTS"] {
                try? FileManager.default.copyItem(atPath: shot, toPath: "\(keep)/turn\(i).png")
            }
            poll(timeout: 5) { w.title.contains("home") }
            usleep(500_000)
        }
        #expect(bad.isEmpty, "frames not centred in their window:\n\(bad.joined(separator: "\n"))")
        w.quit()
        #expect(w.status == 0, "\(w.log)")
    }
}
