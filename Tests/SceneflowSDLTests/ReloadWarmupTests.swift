import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// The images a reloaded prototype shows first are decoded before it is swapped in (issue
/// 13.6: the first transition after a reload had hitches while its screenshots were decoded
/// mid-animation). `Session.upcomingLayers` names the scenes on screen and one step away
/// (forward by any action, back to the scene below); `TextureCache.prepare(_:)` decodes them;
/// then no transition one step away decodes anything while it is drawn.
@Suite struct ReloadWarmupTests {
    let device = Device(width: 60, height: 120, scale: 1)

    /// home → list (a scroll scene, taller image) → detail; home presents "sheet" (an overlay);
    /// each image a different colour.
    func session(_ folder: TempFolder) throws -> Session {
        let colors: [String: (UInt8, UInt8, UInt8)] = [
            "home": (200, 0, 0), "list": (0, 200, 0), "detail": (0, 0, 200), "sheet": (200, 200, 0),
        ]
        for (name, c) in colors {
            let height = name == "list" ? 300 : 120
            try folder.png("\(name).png", RGBAImage(width: 60, height: height, fill: (c.0, c.1, c.2, 255)))
        }
        let push = Transition(kind: .pushLeft, duration: 0.3)
        let home = Scene(
            name: "home", image: "home.png",
            elements: [
                Element(
                    label: "List", frame: Rect(x: 0, y: 0, width: 60, height: 40),
                    onTap: .go(scene: "list", transition: push)),
                Element(
                    label: "Sheet", frame: Rect(x: 0, y: 60, width: 60, height: 40),
                    onTap: .present(scene: "sheet", transition: Transition(kind: .coverUp, duration: 0.3))),
            ])
        var list = Scene(
            name: "list", image: "list.png",
            elements: [
                Element(
                    label: "Detail", frame: Rect(x: 0, y: 40, width: 60, height: 40),
                    onTap: .go(scene: "detail", transition: push)),
                Element(label: "Back", frame: Rect(x: 0, y: 0, width: 60, height: 20), onTap: .back),
            ])
        list.design.scroll = ScrollRegion(header: 20, footer: 20, contentHeight: 300)
        let detail = Scene(
            name: "detail", image: "detail.png",
            elements: [Element(label: "Back", frame: Rect(x: 0, y: 0, width: 60, height: 20), onTap: .back)])
        var sheet = Scene(name: "sheet", image: "sheet.png")
        sheet.design.overlay = OverlayStyle(position: .bottom)
        var prototype = Prototype(name: "W", device: device, start: "home", scenes: [home, list, detail, sheet])
        prototype.directory = folder.path
        return Session(prototype: prototype)
    }

    /// Draws every frame until the session settles (at most 2 s).
    func drawUntilSettled(_ s: Session, _ renderer: OffscreenRenderer, _ images: TextureCache) throws {
        for _ in 0..<120 {
            s.step(to: s.now + 1.0 / 60)
            try renderer.draw(s.frame(), images: images)
            s.framePresented()
            if s.isSettled { return }
        }
    }

    @Test func afterPreparingTheUpcomingLayersNoStepAwayDecodesWhileDrawn() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let renderer = try OffscreenRenderer(device: device)
        // The reloaded session shows list, with home below it (restored history).
        for step in ["forward to detail", "back to home"] {
            let s = try session(folder)
            s.perform(.go(scene: "list", transition: .cut), source: "restore")
            let images = renderer.makeTextureCache(directory: folder.path)
            try images.prepare(s.upcomingLayers)
            #expect(images.decodesWhileDrawing == 0)
            try renderer.draw(s.frame(), images: images)
            if step == "forward to detail" {
                s.perform(.go(scene: "detail", transition: Transition(kind: .pushLeft, duration: 0.3)), source: "tap")
            } else {
                s.perform(.back, source: "key Escape")
            }
            try drawUntilSettled(s, renderer, images)
            #expect(images.decodesWhileDrawing == 0, "\(step): every image was ready before the first frame")
        }
    }

    @Test func withoutPreparingTheFirstTransitionDecodesWhileDrawn() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let renderer = try OffscreenRenderer(device: device)
        let s = try session(folder)
        let images = renderer.makeTextureCache(directory: folder.path)
        try renderer.draw(s.frame(), images: images)
        s.perform(.present(scene: "sheet", transition: Transition(kind: .coverUp, duration: 0.3)), source: "tap")
        try drawUntilSettled(s, renderer, images)
        #expect(images.decodesWhileDrawing == 2, "home on the first frame, sheet in the transition")
    }

    @Test func theUpcomingLayersCoverTheSceneOnScreenEveryActionTargetAndTheSceneBelow() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        let s = try session(folder)
        #expect(Set(s.upcomingLayers.map(\.image)) == ["home.png", "list.png", "sheet.png"])
        s.perform(.go(scene: "list", transition: .cut), source: "restore")
        #expect(Set(s.upcomingLayers.map(\.image)) == ["list.png", "detail.png", "home.png"])
        let list = try #require(s.upcomingLayers.first { $0.image == "list.png" })
        #expect(list.contentHeight == 300, "keyed as drawn: a scroll scene's texture is its content height")
    }
}
