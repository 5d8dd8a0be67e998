import Foundation
import SceneflowCore
import SceneflowSDL

extension Benchmark {
    /// Star-rating costs on the first scene of `prototype` that has one (nil when none does):
    /// milliseconds to draw that scene offscreen at full pixel size without and with its
    /// controls (values cycling through every step, so partly lit glyphs are clipped), and
    /// microseconds for one pointer sample of a captured drag through the `Session` (press,
    /// moves across the whole row and beyond, release), without rasterising.
    ///
    /// - Throws: `SDLError`, `ImageLoadError`.
    public static func starRating(_ prototype: Prototype, frames: Int) throws -> (
        scene: String, plain: Stats, withControls: Stats, dragSample: Stats
    )? {
        guard
            let scene = prototype.orderedScenes.first(where: { s in s.elements.contains { $0.control != nil } }),
            let element = scene.elements.first(where: { $0.control != nil }),
            let rating = element.control?.starRating
        else { return nil }
        let renderer = try OffscreenRenderer(device: prototype.device)
        let images = renderer.makeTextureCache(directory: prototype.directory)
        let plain = FrameDescription(device: prototype.device, layers: [FrameComposer.layer(prototype, scene.name)])
        var tracker = StarRatingTracker(rating, frame: element.frame)
        let steps = Int((Double(rating.stars) * rating.values.stepsPerStar).rounded())
        try renderer.draw(plain.withInitialControls(of: prototype), images: images)
        var bare: [Double] = []
        var with: [Double] = []
        for i in 0..<frames {
            try tracker.set(Double(i % (steps + 1)) / rating.values.stepsPerStar)
            let overlay = StarRatingOverlay(label: element.label, tracker: tracker, focused: i % 2 == 0)
            let framed = plain.withOverlays { _ in [overlay] }
            let a = DispatchTime.now().uptimeNanoseconds
            try renderer.draw(plain, images: images)
            let b = DispatchTime.now().uptimeNanoseconds
            try renderer.draw(framed, images: images)
            let c = DispatchTime.now().uptimeNanoseconds
            bare.append(Double(b - a) / 1e6)
            with.append(Double(c - b) / 1e6)
        }
        return (scene.name, Stats(bare), Stats(with), dragSamples(prototype, scene: scene.name, element: element))
    }

    /// Microseconds per input event of a drag over a star rating, over 200 drags of 42 events.
    private static func dragSamples(_ prototype: Prototype, scene: String, element: Element) -> Stats {
        var copy = prototype
        copy.start = scene
        let session = Session(prototype: copy)
        let y = element.frame.center.y
        var samples: [Double] = []
        for round in 0..<200 {
            let t = Double(round)
            let begin = DispatchTime.now().uptimeNanoseconds
            session.handle(InputEvent(.down, element.frame.center, at: t))
            for i in 0..<40 {
                let x = element.frame.x - 20 + (element.frame.width + 40) * Double(i) / 39
                session.handle(InputEvent(.move, Point(x: x, y: y + Double(i % 7)), at: t + 0.01 * Double(i)))
            }
            session.handle(InputEvent(.up, element.frame.center, at: t + 0.5))
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e3 / 42)
            _ = session.takeScriptCalls()
            session.reset()
        }
        return Stats(samples)
    }
}
