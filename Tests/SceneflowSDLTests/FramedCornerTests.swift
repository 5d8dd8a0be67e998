import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// The sample prototypes' framed screenshots: after the crop, the corners outside the rounded
/// screen show the app's colours, not black bezel wedges; and the crop is then opaque.
@Suite struct FramedCornerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func channelsMax(_ p: (r: UInt8, g: UInt8, b: UInt8, a: UInt8)) -> Int { Int(max(p.r, p.g, p.b)) }

    @Test func feederCornersAreTheLightListBackground() throws {
        let path = Self.root.appendingPathComponent("Prototypes/Feeder/1_en-US_phone_portrait_light_list.png").path
        let picture = try PictureLoader().load(path: path)
        #expect(try picture.screenRect(for: .auto) == PixelRect(x: 60, y: 65, width: 1080, height: 2340))
        let (surface, opaque) = try picture.screenSurface(for: .auto, width: 1080, height: 2340)
        #expect(opaque, "with the corners filled the screen area is opaque: the renderer's fast path")
        let screen = try surface.rgbaImage()
        // Each corner pixel was black bezel (or grey rim); now it is the near-white background.
        for (x, y) in [(2, 2), (1077, 2), (2, 2337), (1077, 2337), (30, 10), (10, 30)] {
            #expect(channelsMax(screen.pixel(x: x, y: y)) >= 230, "(\(x), \(y)) is \(screen.pixel(x: x, y: y))")
        }
        // The punch-hole camera near the top-left corner is content and stays black.
        #expect(channelsMax(screen.pixel(x: 42, y: 72)) < 40, "\(screen.pixel(x: 42, y: 72))")
    }

    @Test func auroraStoreCornersInsideAnExplicitRectangle() throws {
        let path = Self.root.appendingPathComponent("Prototypes/AuroraStore/screenshot-01.png").path
        let picture = try PictureLoader().load(path: path)
        let rect = PixelRect(x: 60, y: 30, width: 647, height: 1441)
        let screen = try picture.screenImage(for: .rect(rect), width: 647, height: 1441)
        for (x, y) in [(3, 3), (643, 3), (3, 1437), (643, 1437)] {
            let p = screen.pixel(x: x, y: y)
            #expect(channelsMax(p) >= 200 && p.a == 255, "(\(x), \(y)) is \(p)")
        }
    }
}
