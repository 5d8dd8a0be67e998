import Foundation
import SceneflowCore
import SceneflowSDL

extension Benchmark {
    /// The cost of the window's `H` overlay (issue 16 item 4): milliseconds per window frame
    /// (draw the scene with the most elements, then present) without the overlay (`plain`) and
    /// with it (`labelled`: a box and the accessibility label of every element), `frames` of
    /// each, interleaved. Timed through the present because SDL batches draw calls until then.
    /// `first` is the first labelled frame (text rasterised and uploaded). Returns nil for a
    /// prototype without elements.
    ///
    /// - Throws: `DiagnosticList` for a bad prototype; `SDLError` when no window can be made.
    public static func labelOverlay(_ folder: String, frames: Int) throws -> (
        scene: String, labels: Int, first: Double, plain: Stats, labelled: Stats
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
        func time(_ labelled: Bool) throws -> Double {
            _ = window.pollEvents()
            let start = DispatchTime.now().uptimeNanoseconds
            try window.draw(frame, images: images)
            if labelled { try window.draw(overlay) }
            window.present()
            return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        }
        _ = try time(false)  // the scene's texture uploaded
        let first = try time(true)
        var plain: [Double] = []
        var labelled: [Double] = []
        for _ in 0..<frames {
            plain.append(try time(false))
            labelled.append(try time(true))
        }
        return (scene.name, scene.elements.count, first, Stats(plain), Stats(labelled))
    }
}
