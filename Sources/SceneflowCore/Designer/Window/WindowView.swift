/// How the device screen sits in the window at a zoom: the scale (window pixels per device
/// pixel), where the screen lies, and, when it is larger than the window (1:1 or 50 % of a tall
/// device on a small display), which part of it shows: the **pan**. Pure: the window layer
/// sets the renderer's scale and viewport from it and maps mouse positions back with it, so
/// input lands on the points drawn under the pointer at every zoom and pan.
///
/// All sizes are in pixels: `content` in device pixels (the shown device, turned in landscape),
/// `window` in window pixels (the renderer's output). Where the screen is smaller than the
/// window along an axis it is centred there (black bars); where it is larger, `pan` (whole
/// device pixels, from 0 to the hidden part) picks the visible part.
public struct WindowView: Equatable, Sendable {
    /// The device screen, device pixels.
    public private(set) var content: Size
    /// The window's drawable area, window pixels.
    public private(set) var window: Size
    /// The zoom.
    public private(set) var zoom: WindowZoom
    /// The top-left of the visible part of the screen, device pixels (0 where it fits).
    public private(set) var pan = Point(x: 0, y: 0)

    /// A view of a `content` screen in a `window`, panned to the top-left.
    public init(content: Size, window: Size, zoom: WindowZoom = .fit) {
        self.content = content
        self.window = window
        self.zoom = zoom
    }

    /// Window pixels per device pixel: 1 at 1:1, 0.5 at 50 %, and at fit the largest scale
    /// that shows the whole screen.
    public var scale: Double {
        switch zoom {
        case .actual: return 1
        case .half: return 0.5
        case .fit:
            guard content.width > 0, content.height > 0 else { return 1 }
            return max(min(window.width / content.width, window.height / content.height), 1e-3)
        }
    }

    /// True when part of the screen is outside the window (it can be panned).
    public var isCropped: Bool { hidden.width >= 0.5 || hidden.height >= 0.5 }

    /// How much of the screen does not fit the window, device pixels (0 where it fits).
    var hidden: Size {
        Size(
            width: max(0, content.width - window.width / scale), height: max(0, content.height - window.height / scale))
    }

    /// Where the screen's top-left lies, in device pixels from the window's top-left (whole
    /// pixels: the renderer's viewport origin at this scale): centred where it fits, minus the
    /// pan where it does not.
    public var origin: (x: Int, y: Int) {
        func axis(_ window: Double, _ content: Double, _ pan: Double) -> Int {
            let room = window / scale - content
            return room >= 0 ? Int((room / 2).rounded(.down)) : -Int(pan)
        }
        return (axis(window.width, content.width, pan.x), axis(window.height, content.height, pan.y))
    }

    /// The part of the screen the window shows, device pixels.
    public var visible: Rect {
        Rect(
            x: pan.x, y: pan.y, width: min(content.width, window.width / scale),
            height: min(content.height, window.height / scale))
    }

    /// The device pixel under window pixel `p`.
    public func devicePixel(atWindow p: Point) -> Point {
        let o = origin
        return Point(x: p.x / scale - Double(o.x), y: p.y / scale - Double(o.y))
    }

    /// The point (device pixels ÷ `deviceScale`) under window pixel `p`.
    public func point(atWindow p: Point, deviceScale: Double) -> Point {
        let d = devicePixel(atWindow: p)
        return Point(x: d.x / deviceScale, y: d.y / deviceScale)
    }

    /// The window pixel over point `p` (points × `deviceScale` = device pixels): the inverse of
    /// `point(atWindow:deviceScale:)`, for input made up in-process (`bench --memory --window`
    /// clicks as a mouse would).
    public func windowPixel(ofPoint p: Point, deviceScale: Double) -> Point {
        let o = origin
        return Point(x: (p.x * deviceScale + Double(o.x)) * scale, y: (p.y * deviceScale + Double(o.y)) * scale)
    }

    /// `r`, given in window pixels from the top-left of the visible part of the screen, in
    /// points (device pixels ÷ `deviceScale`): for text drawn at one window size at every zoom
    /// (the `T` display), where the renderer takes points.
    public func points(ofWindowRect r: Rect, deviceScale: Double) -> Rect {
        let v = visible
        let k = scale * deviceScale  // window pixels per point
        return Rect(
            x: v.x / deviceScale + r.x / k, y: v.y / deviceScale + r.y / k, width: r.width / k, height: r.height / k)
    }

    /// `r` (points, device pixels ÷ `deviceScale`) in window pixels from the window's
    /// top-left: the inverse of `point(atWindow:deviceScale:)`, e.g. where a text field lies
    /// for the input method's candidate window.
    public func windowRect(ofPoints r: Rect, deviceScale: Double) -> Rect {
        let o = origin
        let k = scale * deviceScale
        return Rect(
            x: (r.x * deviceScale + Double(o.x)) * scale, y: (r.y * deviceScale + Double(o.y)) * scale,
            width: r.width * k, height: r.height * k)
    }

    /// The size of the visible part of the screen, window pixels.
    public var visibleWindowSize: Size {
        let v = visible
        return Size(width: v.width * scale, height: v.height * scale)
    }

    /// The window was resized to `size` window pixels: the centre of what showed stays in the middle.
    public mutating func resize(window size: Size) {
        guard size != window else { return }
        let centre = visibleCentre
        window = size
        recentre(on: centre)
    }

    /// Changes the zoom; the centre of what showed stays in the middle.
    public mutating func set(zoom newZoom: WindowZoom) {
        guard newZoom != zoom else { return }
        let centre = visibleCentre
        zoom = newZoom
        recentre(on: centre)
    }

    /// Shows another screen size (the device turned, or a reload changed it), from its top-left.
    public mutating func set(content size: Size) {
        guard size != content else { return }
        content = size
        pan = Point(x: 0, y: 0)
    }

    /// Pans by `dx`, `dy` window pixels (positive: show more to the right / below), clamped to
    /// the hidden part. Returns true when the view moved.
    @discardableResult
    public mutating func pan(byWindowPixels dx: Double, _ dy: Double) -> Bool {
        let before = pan
        setPan(Point(x: pan.x + dx / scale, y: pan.y + dy / scale))
        return pan != before
    }

    private var visibleCentre: Point {
        let v = visible
        return Point(x: v.x + v.width / 2, y: v.y + v.height / 2)
    }

    private mutating func recentre(on centre: Point) {
        let v = visible
        setPan(Point(x: centre.x - v.width / 2, y: centre.y - v.height / 2))
    }

    private mutating func setPan(_ p: Point) {
        let h = hidden
        pan = Point(x: min(max(p.x, 0), h.width).rounded(), y: min(max(p.y, 0), h.height).rounded())
        if pan.x > h.width { pan.x = h.width.rounded(.down) }
        if pan.y > h.height { pan.y = h.height.rounded(.down) }
    }
}
