import Foundation
import SceneflowCore
import SceneflowSDL

extension Benchmark {
    /// The cost of the window's `H` overlay (issue 16 item 4): milliseconds to draw it (a box
    /// and the accessibility label of every element of the scene with the most elements) over a
    /// drawn frame in a window, per frame, `frames` times, excluding the frame itself and the
    /// present. `first` is the first draw (text rasterised and uploaded), `steady` the rest
    /// (text textures reused). Returns nil for a prototype without elements.
    ///
    /// - Throws: `DiagnosticList` for a bad prototype; `SDLError` when no window can be made.
    public static func labelOverlay(_ folder: String, frames: Int) throws -> (
        scene: String, labels: Int, first: Double, steady: Stats
    )? {
        let loaded = try PrototypeOpener.open(folder, images: .header)
        let prototype = loaded.prototype
        guard let scene = prototype.orderedScenes.max(by: { $0.elements.count < $1.elements.count }),
            !scene.elements.isEmpty
        else { return nil }
        let window = try Window(title: prototype.name, device: prototype.device)
        let images = window.makeTextureCache(directory: prototype.directory)
        let session = Session(prototype: prototype)
        session.restore(prototype.restingStack(for: scene.name), orientation: .portrait)
        var designer = DesignerState()
        designer.showsElements = true
        let overlay = designer.overlay(for: scene, at: 0)
        let frame = session.frame()
        var samples: [Double] = []
        for _ in 0...frames {
            _ = window.pollEvents()
            try window.draw(frame, images: images)
            let start = DispatchTime.now().uptimeNanoseconds
            try window.draw(overlay)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            window.present()
        }
        return (scene.name, scene.elements.count, samples[0], Stats(Array(samples.dropFirst())))
    }
}
