import Foundation
import SceneflowCore
import SceneflowSDL
import Testing

/// Issue 16 item 4: the window's text is drawn with SDL2_ttf in any script, anti-aliased, at the
/// pixel size it shows at, in the boxes `PanelLayout` lays out (one geometry).
@Suite struct LabelTextTests {
    // 180 x 320 pt at scale 2 = 360 x 640 px; text units are points (`render --labels`).
    let device = Device(width: 180, height: 320, scale: 2)

    /// `labels` drawn as the `H` overlay, one element per label, 60 pt apart, over black.
    func render(_ labels: [String]) throws -> RGBAImage {
        let renderer = try OffscreenRenderer(device: device)
        let boxes = labels.enumerated().map { i, label in
            OverlayBox(
                frame: Rect(x: 4, y: 20 + Double(i) * 60, width: 172, height: 44), fill: .hint, border: .hintBorder,
                label: label)
        }
        try renderer.draw(Overlay(boxes: boxes))
        return try renderer.capture()
    }

    /// The label boxes as the painter lays them out, in device pixels.
    func labelFrames(_ labels: [String]) -> [Rect] {
        let corners = labels.indices.map { Point(x: 4, y: 20 + Double($0) * 60) }
        let area = Size(width: device.width, height: device.height)
        return PanelLayout.labels(labels, at: corners, in: area, measure: FontMeasure(scale: device.scale)).map {
            Rect(x: $0.frame.x * 2, y: $0.frame.y * 2, width: $0.frame.width * 2, height: $0.frame.height * 2)
        }
    }

    /// The red channel of every pixel in `rect` (device pixels): the text is white, the label's
    /// background (`OverlayColor.hintBorder` over black) has red 0, so red is the text's coverage.
    func coverage(_ image: RGBAImage, in rect: Rect) -> [UInt8] {
        var values: [UInt8] = []
        for y in Int(rect.y)..<Int(rect.maxY) {
            for x in Int(rect.x)..<Int(rect.maxX) { values.append(image.pixel(x: x, y: y).r) }
        }
        return values
    }

    @Test func labelsInAnyScriptAreDrawnAntiAliased() throws {
        let labels = ["Über Einstellungen", "日本語", "✓ Done"]
        let image = try render(labels)
        let frames = labelFrames(labels)
        for (label, frame) in zip(labels, frames) {
            let red = coverage(image, in: frame)
            let ink = red.filter { $0 > 24 }
            #expect(ink.count > 60, "\(label): \(ink.count) text pixels in \(frame)")
            // Anti-aliased: edges in many grey levels, not just lit and unlit.
            #expect(Set(ink).count >= 8, "\(label): \(Set(ink).count) grey levels")
            #expect(ink.contains { $0 > 230 }, "\(label): the stems are solid white")
        }
    }

    @Test func theLabelBoxDrawnIsTheOneLaidOut() throws {
        let labels = ["Über Einstellungen", "日本語", "✓ Done"]
        let image = try render(labels)
        for frame in labelFrames(labels) {
            // Inside the box's edge: the label's background; just right of it: the element's fill.
            let midY = Int(frame.y + frame.height / 2)
            let inside = image.pixel(x: Int(frame.x) + 3, y: midY)
            let outside = image.pixel(x: Int(frame.maxX) + 1, y: midY)
            #expect(inside.b > 200 && inside.r < 10, "label background inside \(frame): \(inside)")
            #expect(outside.b < 120, "element fill right of \(frame): \(outside)")
            let below = image.pixel(x: Int(frame.x) + 12, y: Int(frame.maxY) + 1)
            #expect(below.b < 120, "element fill below \(frame): \(below)")
        }
    }

    @Test func anUmlautIsNotItsBareLetter() throws {
        let withDots = try render(["Ü"])
        let bare = try render(["U"])
        let frame = labelFrames(["Ü"])[0]
        let a = coverage(withDots, in: frame)
        let b = coverage(bare, in: frame)
        #expect(a.count == b.count)
        let differing = zip(a, b).filter { abs(Int($0) - Int($1)) > 40 }.count
        #expect(differing >= 6, "the dots of Ü: \(differing) pixels differ")
        #expect(a.filter { $0 > 24 }.count > b.filter { $0 > 24 }.count, "Ü has more ink than U")
    }

    @Test func cjkIsDrawnWithTheCJKFaceWhenInstalledElseNoted() throws {
        let image = try render(["日本語"])
        let frame = labelFrames(["日本語"])[0]
        let ink = coverage(image, in: frame).filter { $0 > 24 }.count
        if FontMeasure.families.contains(where: { $0.contains("CJK") }) {
            #expect(ink > 150, "three ideographs drawn: \(ink) text pixels")
            #expect(!FontMeasure.missing.contains("日"))
        } else {
            #expect(FontMeasure.missing.contains("日") || ink > 150, "drawn by another font, or noted as missing")
        }
    }

    @Test func aCharacterNoFontHasIsNotedAndDrawsAsABox() throws {
        let nothing = "\u{10FFFD}"  // private use: no installed font has it
        let image = try render(["A\(nothing)"])
        #expect(FontMeasure.missing.contains(Unicode.Scalar(0x10FFFD)!))
        #expect(coverage(image, in: labelFrames(["A\(nothing)"])[0]).contains { $0 > 200 }, "still drawn")
    }

    @Test func measuredWidthsFollowTheText() {
        let m = FontMeasure(scale: 1)
        #expect(m.width("", size: 13) == 0)
        #expect(m.lineHeight(size: 13) >= 13 && m.lineHeight(size: 13) <= 20)
        #expect(m.width("WWWW", size: 13) > m.width("iiii", size: 13), "proportional")
        #expect(m.width("Über", size: 26) > 1.8 * m.width("Über", size: 13))
        // At scale 2 a size is measured at twice the pixels and given back in units.
        let two = FontMeasure(scale: 2)
        #expect(abs(two.width("Einstellungen", size: 13) - m.width("Einstellungen", size: 13)) < 4)
        #expect(FontMeasure.families.first?.hasPrefix("DejaVu Sans") == true, "\(FontMeasure.families)")
    }
}
