import Foundation
import SceneflowCore
import SceneflowSDL
import Testing

/// Text fields drawn over a scene by the renderer (`render`, headless frames and the window
/// draw the same way): the text with SDL2_ttf in the field's colour inside the text box, the
/// background over the frame, the caret in iOS blue after the text, scrolled into view when the
/// text is longer than the box, and nothing outside the clip.
@Suite("Drawing text fields over a scene")
struct TextFieldRenderTests {
    // 200 x 60 pt at scale 2 = 400 x 120 px; the field is 10…190 x 10…50 pt.
    let device = Device(width: 200, height: 60, scale: 2)
    let frameRect = Rect(x: 10, y: 10, width: 180, height: 40)

    private func overlay(
        _ text: String, caret: Bool = false, secure: Bool = false, clip: Rect? = nil, background: Bool = true
    ) -> TextFieldOverlay {
        let field = TextField(
            fontSize: 20, color: OverlayColor(200, 0, 0), placeholder: "Name", secure: secure,
            background: background ? OverlayColor(0, 0, 255) : nil)
        return TextFieldOverlay(
            label: "Name", field: field, placed: frameRect, clip: clip, editing: TextEditing(text: text), caret: caret)
    }

    private func draw(_ overlays: [TextFieldOverlay]) throws -> RGBAImage {
        let folder = try TempFolder()
        defer { folder.remove() }
        try folder.png("white.png", RGBAImage(width: 400, height: 120, fill: (255, 255, 255, 255)))
        var scene = layer("white.png")
        scene.textOverlays = overlays
        let renderer = try OffscreenRenderer(device: device)
        try renderer.draw(
            FrameDescription(device: device, layers: [scene]), images: renderer.makeTextureCache(directory: folder.path)
        )
        return try renderer.capture()
    }

    /// Pixels (device) in `rect` where `test` holds.
    private func count(_ image: RGBAImage, _ rect: (x: Range<Int>, y: Range<Int>), _ test: (RGBA) -> Bool) -> Int {
        rect.y.reduce(0) { sum, y in sum + rect.x.filter { test(image.pixel(x: $0, y: y)) }.count }
    }

    typealias RGBA = (r: UInt8, g: UInt8, b: UInt8, a: UInt8)

    static func reddish(_ p: RGBA) -> Bool { p.r > 120 && p.g < 80 && p.b < 160 }
    static func blue(_ p: RGBA) -> Bool { p.r == 0 && p.g == 0 && p.b == 255 }
    static func caretBlue(_ p: RGBA) -> Bool { p.r == 0 && p.g == 122 && p.b == 255 }

    @Test func textIsDrawnInItsColourInsideTheBoxOverTheBackground() throws {
        let image = try draw([overlay("Grüße 東京")])
        let box = (x: 36..<364, y: 20..<100)  // the text box in device pixels: inset 8 pt
        #expect(count(image, box, Self.reddish) > 100, "the text is drawn")
        #expect(count(image, (x: 0..<400, y: 0..<20), Self.reddish) == 0, "nothing above the frame")
        #expect(Self.blue(image.pixel(x: 22, y: 60)), "the background fills the frame, padding included")
        #expect(image.pixel(x: 10, y: 60).r == 255, "and not outside it")
        #expect(count(image, (x: 0..<400, y: 0..<120), Self.caretBlue) == 0, "no caret without the keyboard")
    }

    @Test func theCaretSitsAfterTheTextAndLongTextScrollsToShowIt() throws {
        let short = try draw([overlay("ab", caret: true)])
        let caretColumns = (0..<400).filter { x in Self.caretBlue(short.pixel(x: x, y: 60)) }
        #expect(caretColumns.count == 4, "2 pt wide at scale 2: \(caretColumns)")
        #expect(caretColumns.first.map { $0 > 40 && $0 < 120 } == true, "after \"ab\": \(caretColumns)")
        let long = try draw([overlay(String(repeating: "W", count: 60), caret: true)])
        let longCaret = (0..<400).filter { x in Self.caretBlue(long.pixel(x: x, y: 60)) }
        #expect(longCaret.last.map { $0 >= 356 && $0 < 364 } == true, "at the box's right edge: \(longCaret)")
        #expect(count(long, (x: 364..<400, y: 0..<120), Self.reddish) == 0, "text cut to the box")
    }

    @Test func aSecureFieldDrawsDotsAndThePlaceholderIsGrey() throws {
        let secure = try draw([overlay("hunter2", secure: true)])
        let plain = try draw([overlay("hunter2")])
        #expect(secure != plain)
        let placeholder = try draw([overlay("", background: false)])
        let greys = count(placeholder, (x: 36..<364, y: 20..<100)) { $0.r < 240 && abs(Int($0.r) - Int($0.b)) < 12 }
        #expect(greys > 50, "the placeholder in its grey")
        #expect(count(placeholder, (x: 0..<400, y: 0..<120), Self.reddish) == 0)
    }

    @Test func nothingIsDrawnOutsideTheClip() throws {
        let image = try draw([overlay("Clipped text", caret: true, clip: Rect(x: 0, y: 0, width: 200, height: 30))])
        #expect(count(image, (x: 0..<400, y: 60..<120), { !($0.r == 255 && $0.g == 255 && $0.b == 255) }) == 0)
        #expect(count(image, (x: 0..<400, y: 0..<60), Self.blue) > 0)
    }
}
