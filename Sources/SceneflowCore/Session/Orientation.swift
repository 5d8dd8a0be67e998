/// Which way the device is held.
public enum Orientation: String, Sendable, CaseIterable {
    /// Upright: the prototype's device size as declared.
    case portrait
    /// Turned a quarter: width and height swapped.
    case landscape

    /// The other orientation.
    public var toggled: Orientation { self == .portrait ? .landscape : .portrait }
}

/// How a scene looks when the device is held in landscape: its own screenshot (landscape
/// pixels) and elements in landscape points:
/// `landscape = { image = "home_land.png", elements = { ... } }`. A scene without one is
/// portrait-only: turning the device leaves it as it is, as a portrait-locked app does.
public struct LandscapeVariant: Equatable, Sendable {
    /// The landscape screenshot, relative to the prototype folder.
    public var image: String
    /// Where the screen lies inside it.
    public var screen: ScreenArea
    /// The elements in landscape points (x along the long side).
    public var elements: [Element]
    /// The landscape screenshot's own scroll region (`scroll = {header, footer, height}` in
    /// landscape points), or nil: it does not scroll.
    public var scroll: ScrollRegion?
    /// Creates a variant.
    public init(
        image: String, screen: ScreenArea = .wholeImage, elements: [Element] = [], scroll: ScrollRegion? = nil
    ) {
        self.image = image
        self.screen = screen
        self.elements = elements
        self.scroll = scroll
    }
}

extension Device {
    /// The device turned a quarter: width and height (points) swapped, same scale.
    public var rotated: Device { Device(width: height, height: width, scale: scale) }

    /// The device as held in `orientation`.
    public func held(_ orientation: Orientation) -> Device { orientation == .portrait ? self : rotated }
}
