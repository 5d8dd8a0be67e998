import Foundation
import Testing

/// Clicks and drags in text fields in the window under Xvfb with real X input (xdotool): a click
/// between two drawn letters puts the caret there (typing inserts between them), a drag from one
/// gap to another selects the letters between (typing replaces them), whether the field had the
/// keyboard or not. The gaps are found in a capture of the drawn text, so the test checks that
/// clicks map through the geometry the text is drawn with. Checked through what
/// `sceneflow record` writes and its replay. Skips (printing why) when Xvfb, xdotool or
/// ImageMagick is missing.
@Suite(.serialized) struct TextFieldClickWindowTests {
    /// 150x300 pt at scale 4: two white fields holding "abcd" in black, 20 pt text.
    static func prototype(_ tmp: TempFolder) throws -> String {
        try tmp.write("P/form.png", PNGWriter.solid(width: 600, height: 1200, rgb: (220, 220, 220)))
        try tmp.write(
            "P/prototype.lua",
            """
            return {
              name = "ClickLab", device = { width = 150, height = 300, scale = 4 }, start = "form",
              scenes = {
                form = { image = "form.png", elements = {
                  { label = "First", control = "text_field", frame = { 10, 40, 130, 40 }, background = "#FFFFFF",
                    value = "abcd", font_size = 20 },
                  { label = "Second", control = "text_field", frame = { 10, 120, 130, 40 }, background = "#FFFFFF",
                    value = "abcd", font_size = 20 },
                } },
              },
            }
            """)
        return tmp.file("P")
    }

    /// The window x of the middle of each gap between drawn letters in the band of window rows
    /// `rows` and columns `columns` of the capture `shot` (dark pixels are ink).
    static func gaps(_ shot: String, columns: Range<Int>, rows: Range<Int>) -> [Int] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [
            "convert", shot, "-crop", "\(columns.count)x\(rows.count)+\(columns.lowerBound)+\(rows.lowerBound)",
            "+repage", "-colorspace", "gray", "-depth", "8", "gray:-",
        ]
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return [] }
        let bytes = [UInt8](pipe.fileHandleForReading.readDataToEndOfFile())
        p.waitUntilExit()
        guard bytes.count == columns.count * rows.count else { return [] }
        let ink = (0..<columns.count).map { x in (0..<rows.count).contains { y in bytes[y * columns.count + x] < 110 } }
        var runs: [Range<Int>] = []  // ink runs
        var start: Int?
        for x in 0...columns.count {
            let dark = x < columns.count && ink[x]
            if dark, start == nil { start = x }
            if !dark, let s = start {
                runs.append(s..<x)
                start = nil
            }
        }
        return zip(runs, runs.dropFirst()).map { columns.lowerBound + ($0.upperBound + $1.lowerBound) / 2 }
    }

    @Test func aClickPlacesTheCaretBetweenLettersAndADragSelects() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try Self.prototype(tmp)
        try FileManager.default.createDirectory(atPath: tmp.file("Scripts"), withIntermediateDirectories: true)
        let script = tmp.file("Scripts/recorded.lua")
        let w = try PlayingWindow(display, ["record", dir, "--out", script], title: "ClickLab")
        let size = w.geometry
        func at(_ x: Double, _ y: Double) -> (Int, Int) { WindowDesignerTests.at(x, y, size) }
        let shot = tmp.file("fields.png")
        w.capture(shot)
        let left = at(12, 0).0
        let right = at(138, 0).0
        let first = Self.gaps(shot, columns: left..<right, rows: at(0, 48).1..<at(0, 72).1)
        let second = Self.gaps(shot, columns: left..<right, rows: at(0, 128).1..<at(0, 152).1)
        try #require(first.count == 3 && second.count == 3, "the gaps between a, b, c and d: \(first) \(second)")
        // Unfocused First: a click in the gap between b and c puts the caret there.
        w.click(first[1], at(0, 60).1)
        usleep(300_000)
        w.display.run("xdotool", ["type", "--window", w.id, "--delay", "40", "X"])
        // Second: a drag from the gap after a to the gap after c selects "bc".
        w.drag(from: (second[0], at(0, 140).1), to: (second[2], at(0, 140).1))
        usleep(300_000)
        w.display.run("xdotool", ["type", "--window", w.id, "--delay", "40", "Z"])
        w.key("Return")
        usleep(500_000)
        let output = w.quit()
        #expect(w.status == 0, "\(output)")
        let text = try String(contentsOfFile: script, encoding: .utf8)
        #expect(text.contains(#"type_text("First", "abXcd")"#), "the caret between b and c: \(text)")
        #expect(text.contains(#"type_text("Second", "aZd\n")"#), "the drag selected bc: \(text)")
        let replay = try Sceneflow.run(["test", script])
        #expect(replay.status == 0 && replay.outputLines.last == "1 passed, 0 failed", "\(replay)")
    }
}
