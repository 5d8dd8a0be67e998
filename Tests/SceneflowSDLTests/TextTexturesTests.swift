import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// The window's text textures are made once per (text, pixel size) and bounded.
@Suite struct TextTexturesTests {
    let device = Device(width: 100, height: 100, scale: 1)

    func painter() throws -> OverlayPainter {
        let surface = try SDLSurface(width: 100, height: 100, format: SDLSurface.opaqueFormat)
        return try OverlayPainter(renderer: RendererHandle(software: surface, device: device))
    }

    @Test func theSameTextAtTheSameSizeIsRasterisedOnce() throws {
        let p = try painter()
        for _ in 0..<5 { try p.drawText("Über", at: Point(x: 1, y: 1), size: 13, color: .text) }
        #expect(p.cachedTextCount == 1)
        try p.drawText("Über", at: Point(x: 1, y: 1), size: 13, color: OverlayColor(255, 0, 0))
        #expect(p.cachedTextCount == 1, "a colour is a modulation of the same texture")
        try p.drawText("Über", at: Point(x: 1, y: 1), size: 26, color: .text)
        #expect(p.cachedTextCount == 2, "another pixel size is another texture")
        try p.drawText("   ", at: Point(x: 1, y: 1), size: 13, color: .text)
        #expect(p.cachedTextCount == 2, "nothing to draw, nothing kept")
    }

    @Test func theCacheIsBounded() throws {
        let p = try painter()
        for i in 0..<(TextTextures.capacity + 40) {
            try p.drawText("label \(i)", at: Point(x: 1, y: 1), size: 13, color: .text)
        }
        #expect(p.cachedTextCount == TextTextures.capacity)
    }
}
