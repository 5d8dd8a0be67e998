/// A colour as 8-bit R, G, B, A (straight alpha).
public struct OverlayColor: Equatable, Sendable {
    /// Red 0…255.
    public var r: UInt8
    /// Green 0…255.
    public var g: UInt8
    /// Blue 0…255.
    public var b: UInt8
    /// Opacity 0…255.
    public var a: UInt8
    /// Creates a colour.
    public init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
    /// Hotspot hints and the element overlay: a translucent blue (iOS system blue).
    public static let hint = OverlayColor(0, 122, 255, 90)
    /// Element borders and label backgrounds.
    public static let hintBorder = OverlayColor(0, 122, 255, 230)
    /// Panel backgrounds.
    public static let panel = OverlayColor(20, 20, 24, 225)
    /// Error panels.
    public static let error = OverlayColor(150, 20, 20, 235)
    /// Text.
    public static let text = OverlayColor(255, 255, 255, 255)
    /// Edit mode: the border of detected text (an orange that reads on light and dark screens).
    public static let detected = OverlayColor(255, 149, 0, 240)
    /// Edit mode: the faint fill of detected text.
    public static let detectedFill = OverlayColor(255, 149, 0, 40)
    /// Edit mode: the selected hotspot's border and handles (iOS system green).
    public static let selected = OverlayColor(52, 199, 89, 255)
}

/// A rectangle drawn over the scene, in points, with an optional label drawn in HUD text at
/// its top-left corner.
public struct OverlayBox: Equatable, Sendable {
    /// Where, in points (device screen coordinates).
    public var frame: Rect
    /// Fill colour (alpha 0 for none).
    public var fill: OverlayColor
    /// Border colour (alpha 0 for none), one window pixel wide.
    public var border: OverlayColor
    /// Text drawn inside the top-left corner, if any.
    public var label: String?
    /// When set, the box and its label are drawn only inside this rectangle (points): a
    /// scrolled element's outline stays in the scrolling band, off the fixed header and footer.
    public var clip: Rect? = nil
    /// True draws the border dashed (the edit mode's detected text and the hotspot being drawn).
    public var dashed = false
    /// Creates a box.
    public init(frame: Rect, fill: OverlayColor, border: OverlayColor, label: String? = nil) {
        self.frame = frame
        self.fill = fill
        self.border = border
        self.label = label
    }
}

/// Lines of HUD text on a background panel, centred horizontally.
public struct OverlayPanel: Equatable, Sendable {
    /// Where the panel sits vertically.
    public enum Placement: Sendable, Equatable {
        /// Near the top of the window.
        case top
        /// In the middle.
        case center
        /// Near the bottom.
        case bottom
    }
    /// The text, one entry per line (long lines are clipped by the window).
    public var lines: [String]
    /// Where the panel sits.
    public var placement: Placement
    /// The panel's background.
    public var background: OverlayColor
    /// Creates a panel.
    public init(lines: [String], placement: Placement, background: OverlayColor = .panel) {
        self.lines = lines
        self.placement = placement
        self.background = background
    }
}

/// Everything drawn over a frame in the window: boxes (points) then panels (window-centred).
public struct Overlay: Equatable, Sendable {
    /// Rectangles over elements, back to front.
    public var boxes: [OverlayBox] = []
    /// Text panels, drawn after the boxes.
    public var panels: [OverlayPanel] = []
    /// Creates an overlay.
    public init(boxes: [OverlayBox] = [], panels: [OverlayPanel] = []) {
        self.boxes = boxes
        self.panels = panels
    }
    /// True when there is nothing to draw.
    public var isEmpty: Bool { boxes.isEmpty && panels.isEmpty }
}
