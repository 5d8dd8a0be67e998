/// The device turning in a frame (`Session.rotate(to:)`): the screen as it was before the turn
/// rotates a quarter while it grows or shrinks into the turned screen, and the screen after the
/// turn, rotated the same way, fades in over it. The frame's own layers are the screen after
/// the turn (on the frame's device); `fromLayers` the screen before it (on `fromDevice`).
public struct FrameTurn: Equatable, Sendable {
    /// The device of the screen before the turn (upright or turned).
    public var fromDevice: Device
    /// The screen before the turn, back to front, in `fromDevice`'s points.
    public var fromLayers: [SceneLayer]
    /// How far the turn is, 0…1, after its timing curve.
    public var progress: Double
    /// The quarter the screen before the turn rotates by at the end, in degrees clockwise:
    /// -90 turning to landscape, 90 turning upright.
    public var angle: Double

    /// Creates a turn.
    public init(fromDevice: Device, fromLayers: [SceneLayer], progress: Double, angle: Double) {
        self.fromDevice = fromDevice
        self.fromLayers = fromLayers
        self.progress = progress
        self.angle = angle
    }

    /// The turn from a screen of `fromDevice` (its layers `fromLayers`) to one of `device` at
    /// `progress` (0…1, after the timing curve): a quarter counter-clockwise into landscape
    /// (`device` wider than tall), clockwise back upright.
    public static func between(from fromDevice: Device, _ fromLayers: [SceneLayer], to device: Device, progress: Double)
        -> FrameTurn
    {
        FrameTurn(
            fromDevice: fromDevice, fromLayers: fromLayers, progress: progress,
            angle: device.width > device.height ? -90 : 90)
    }

    /// Where one screen of the turn is drawn on the frame's screen: its centre and size in the
    /// frame's points, its rotation in degrees clockwise about its centre, and its opacity 0…1.
    public struct Placement: Equatable, Sendable {
        /// The centre, in the frame's points.
        public var center: Point
        /// The drawn size before rotating, in the frame's points.
        public var size: Size
        /// Degrees clockwise about `center`.
        public var angle: Double
        /// Opacity 0…1.
        public var alpha: Double
    }

    /// Where the screens before (`from`) and after (`to`) the turn are drawn on `device` (the
    /// frame's): both centred and scaled alike, from the size at which the screen before fits
    /// upright (progress 0: it looks as it did, the screen after lies turned under it, unseen)
    /// to the full screen (progress 1: the screen after fills the frame upright, opaque).
    public func placements(on device: Device) -> (from: Placement, to: Placement) {
        let p = min(max(progress, 0), 1)
        let fit = min(device.width / max(fromDevice.width, 1e-9), device.height / max(fromDevice.height, 1e-9))
        let scale = fit + (1 - fit) * p
        let center = Point(x: device.width / 2, y: device.height / 2)
        let from = Placement(
            center: center, size: Size(width: fromDevice.width * scale, height: fromDevice.height * scale),
            angle: angle * p, alpha: 1)
        let to = Placement(
            center: center, size: Size(width: device.width * scale, height: device.height * scale),
            angle: -angle * (1 - p), alpha: p)
        return (from, to)
    }
}
