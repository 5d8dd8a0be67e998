import Foundation
import SceneflowCore
import SceneflowSDL
import Testing

/// Headless frames of a scroll scene with an element pressed (QA item 8): the pressed image is
/// drawn where the element is after the content scrolled, and cut at the fixed header.
@Suite struct ScrollPressedRenderTests {
    // 20 x 40 pt at scale 2: 40 x 80 px. `list` is 20 x 100 pt: red 10 pt header, grey rest;
    // "Row" at image y 20…30 with a pressed image whose top half is blue, bottom half magenta.
    let device = Device(width: 20, height: 40, scale: 2)

    func session(in folder: TempFolder) throws -> Session {
        try folder.png(
            "list.png", makeImage(width: 40, height: 200) { _, y in y < 20 ? (200, 0, 0, 255) : (128, 128, 128, 255) })
        try folder.png(
            "pressed.png", makeImage(width: 40, height: 80) { _, y in y < 40 ? (0, 0, 255, 255) : (255, 0, 255, 255) })
        var row = Element(label: "Row", frame: Rect(x: 0, y: 20, width: 20, height: 10))
        row.design.pressed = "pressed.png"
        var list = Scene(name: "list", image: "list.png", elements: [row])
        list.design.scroll = ScrollRegion(header: 10, contentHeight: 100)
        var prototype = Prototype(name: "S", device: device, start: "list", scenes: [list])
        prototype.directory = folder.path
        return Session(prototype: prototype)
    }

    @Test func thePressedImageIsDrawnAtTheScrolledRowAndCutAtTheHeader() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let s = try session(in: folder)
        let renderer = try OffscreenRenderer(device: device)
        let images = renderer.makeTextureCache(directory: folder.path)
        s.handle(InputEvent(.down, Point(x: 10, y: 25), at: 0.1))
        s.handle(InputEvent(.move, Point(x: 10, y: 17), at: 0.2))  // content up 8 pt: Row at 12…22
        try renderer.draw(s.frame(), images: images)
        var frame = try renderer.capture()
        #expect(frame.pixel(x: 20, y: 26) == (0, 0, 255, 255), "top half at screen y 12…17 pt")
        #expect(frame.pixel(x: 20, y: 40) == (255, 0, 255, 255), "bottom half at 17…22 pt")
        #expect(frame.pixel(x: 20, y: 50) == (128, 128, 128, 255), "nothing left where the finger went down")
        s.handle(InputEvent(.move, Point(x: 10, y: 12), at: 0.3))  // up 13 pt: Row at 7…17, 3 pt under the header
        try renderer.draw(s.frame(), images: images)
        frame = try renderer.capture()
        #expect(frame.pixel(x: 20, y: 16) == (200, 0, 0, 255), "the header covers the row's top")
        #expect(frame.pixel(x: 20, y: 22) == (0, 0, 255, 255), "the uncovered rest of the top half")
        #expect(frame.pixel(x: 20, y: 30) == (255, 0, 255, 255), "the bottom half, not squashed")
    }
}
