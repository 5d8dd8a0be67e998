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
        /// Creates a request.
        public init(scene: String, to: String? = nil, transition: Transition = .cut, at: Double = 0) {
            self.scene = scene
            self.to = to
            self.transition = transition
            self.at = at
        }
    }

    /// The frame description for `request` (the timing curve applied to `at / duration`),
    /// with star ratings at their initial values.
    public static func frame(_ prototype: Prototype, _ request: Request) -> FrameDescription {
        guard let to = request.to else {
            return FrameDescription(device: prototype.device, layers: [FrameComposer.layer(prototype, request.scene)])
                .withInitialControls(of: prototype)
        }
        let d = request.transition.duration
        let t = d > 0 ? min(max(request.at / d, 0), 1) : 1
        return FrameComposer.frame(
            prototype: prototype, from: request.scene, to: to, transition: request.transition, linearProgress: t
        ).withInitialControls(of: prototype)
    }

    /// Draws `request` and returns the pixels (device.pixelWidth x pixelHeight RGBA).
    ///
    /// - Throws: `SDLError`, `ImageLoadError` (an image that cannot be decoded).
    public static func render(_ prototype: Prototype, _ request: Request) throws -> RGBAImage {
        let renderer = try OffscreenRenderer(device: prototype.device)
        let images = renderer.makeTextureCache(directory: prototype.directory)
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
