import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowSDL

/// `sceneflow render`: one frame drawn offscreen with SDL's software renderer at the device's
/// pixel size (no display needed), either a scene at rest or a moment of a transition.
public enum StillRenderer {
    /// What to draw.
    public struct Request: Sendable {
        /// The scene at rest, or the outgoing scene of a transition.
        public var scene: String
        /// The incoming scene, for a frame in the middle of a transition.
        public var to: String?
        /// The transition between `scene` and `to`.
        public var transition: Transition
        /// Seconds since the transition started (clamped to its duration).
        public var at: Double
        /// How the device is held (`--landscape`): in landscape, scenes show their landscape
        /// variant or separate landscape scene at the turned pixel size.
        public var orientation: Orientation
        /// Creates a request.
        public init(
            scene: String, to: String? = nil, transition: Transition = .cut, at: Double = 0,
            orientation: Orientation = .portrait
        ) {
            self.scene = scene
            self.to = to
            self.transition = transition
            self.at = at
            self.orientation = orientation
        }
    }

    /// The frame description for `request` (the timing curve applied to `at / duration`),
    /// with star ratings at their initial values. Held in landscape, a scene with a separate
    /// landscape scene (`landscape = "name"`) shows that scene.
    public static func frame(_ prototype: Prototype, _ request: Request) -> FrameDescription {
        let held = request.orientation
        let scene = prototype.scene(shownFor: request.scene, held: held)
        guard let to = request.to.map({ prototype.scene(shownFor: $0, held: held) }) else {
            return FrameDescription(
                device: prototype.device(showing: scene, held: held),
                layers: [FrameComposer.layer(prototype, scene, held: held)]
            ).withInitialControls(of: prototype)
        }
        let d = request.transition.duration
        let t = d > 0 ? min(max(ClockTicks.snap(request.at) / d, 0), 1) : 1  // in clock ticks, as a run
        return FrameComposer.frame(
            prototype: prototype, from: scene, to: to, transition: request.transition, linearProgress: t, held: held
        ).withInitialControls(of: prototype)
    }

    /// Draws `request` and returns the pixels (device.pixelWidth x pixelHeight RGBA, turned
    /// when the frame shows in landscape).
    ///
    /// Images are read with `loader` (one holding a reusable `PictureHandoff` decodes a
    /// screenshot once for many renders).
    ///
    /// - Throws: `SDLError`, `ImageLoadError` (an image that cannot be decoded).
    public static func render(_ prototype: Prototype, _ request: Request, loader: PictureLoader = PictureLoader())
        throws -> RGBAImage
    {
        let renderer = try OffscreenRenderer(device: prototype.device)
        let images = renderer.makeTextureCache(directory: prototype.directory, loader: loader)
        try renderer.draw(frame(prototype, request), images: images)
        return try renderer.capture()
    }
}

extension StillRenderer {
    /// Writes `image` as a PNG, atomically (a temporary file renamed into place).
    ///
    /// - Throws: `SDLError` naming the file when it cannot be written.
    public static func save(_ image: RGBAImage, to path: String) throws {
        try OffscreenRenderer.savePNG(image, to: path)
    }
}

/// The prototype handle commands work with (Lua state kept alive for Lua-function actions).
public typealias LoadedPrototypeHandle = LoadedPrototype
