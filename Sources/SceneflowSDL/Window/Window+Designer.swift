internal import CSDL2
import SceneflowCore

extension Window {
    /// Draws `overlay` over the frame drawn last (before `present()`): element boxes in
    /// points, labels and panels in text laid out in window pixels (`PanelLayout.textSize`
    /// window pixels tall at every zoom) in the part of the screen the window shows.
    /// Throws `SDLError`.
    public func draw(_ overlay: Overlay) throws {
        guard !overlay.isEmpty else { return }
        try overlayPainter().draw(overlay, scale: device.scale, visible: view.visible)
    }

    /// Measures text as `drawText` draws it, in window pixels (the faces of `FontMeasure`,
    /// rasterised at window pixel sizes).
    public var textMeasure: any TextMeasuring { FontMeasure(scale: 1) }

    /// Draws one line of `text` (any script; SDL2_ttf, anti-aliased) over the frame drawn last,
    /// its line box's top-left at `point` (window pixels from the top-left of the part of the
    /// screen the window shows), `size` window pixels tall (the em size), in `color`. Call
    /// between `draw` and `present`. Throws `SDLError`.
    public func drawText(_ text: String, at point: Point, size: Double, color: OverlayColor) throws {
        try overlayPainter().drawText(text, at: point, size: size, color: color, visible: view.visible)
    }

    /// Resizes the window for `zoom`: 1:1 device pixels, half, or fitted to ~90 % of the
    /// display, clamped to the display's usable area and re-centred on it when it would run
    /// off (`WindowPlacement`). A screen larger than the window at 1:1 or 50 % is cropped and
    /// can be panned (`pan(byWindowPixels:_:)`); the mouse maps through `view` at every zoom.
    public func setZoom(_ zoom: WindowZoom) {
        let content = view.content
        let pw = Int(content.width)
        let ph = Int(content.height)
        let wanted =
            zoom.windowSize(pixelWidth: pw, pixelHeight: ph)
            ?? handle.fittedSizeOnDisplay(pixelWidth: pw, pixelHeight: ph)
        handle.place(Size(width: Double(wanted.width), height: Double(wanted.height)))
        refreshView()  // the new size first, then the zoom: the pan keeps the centre in one step
        view.set(zoom: zoom)
    }

    /// Makes the window fit `frame`'s device when it turned (portrait ↔ landscape): shows the
    /// frame's pixel size and resizes the window for `zoom`, so mouse positions keep mapping
    /// to the points of what is shown; black frames cover X11's asynchronous resize
    /// (`settleAfterResize`). A turn changes the frame's device at its midpoint, when the fade
    /// is black, so each half draws in a window of its own orientation. Returns true when it changed. Throws nothing today;
    /// kept throwing for renderers that must be reconfigured.
    @discardableResult
    public func follow(_ frame: FrameDescription, zoom: WindowZoom) throws -> Bool {
        let size = Size(width: Double(frame.device.pixelWidth), height: Double(frame.device.pixelHeight))
        guard size != view.content else { return false }
        view.set(content: size)
        blackOut()  // X keeps the old contents in the corner of a resized window: make them black
        setZoom(zoom)
        settleAfterResize()  // the new size drawn from the first frame (`Window+Resize.swift`)
        return true
    }

    /// The device screen in pixels as the window shows it (turned in landscape).
    public var logicalPixelSize: (width: Int, height: Int) { (Int(view.content.width), Int(view.content.height)) }

    /// Pans a cropped view by `dx`, `dy` window pixels (positive: show more to the right /
    /// below), clamped to the hidden part. Returns true when the view moved.
    @discardableResult
    public func pan(byWindowPixels dx: Double, _ dy: Double) -> Bool {
        refreshView()
        return view.pan(byWindowPixels: dx, dy)
    }

    /// Reads the renderer's output size into `view` (after a resize by SDL or the user).
    func refreshView() {
        let size = renderer.outputSize
        view.resize(window: Size(width: Double(size.width), height: Double(size.height)))
    }

    /// The point under window coordinates (`x`, `y`) (as mouse events carry them).
    func pointFromWindow(_ x: Double, _ y: Double) -> Point {
        let window = handle.size
        let output = view.window
        let rx = window.width > 0 ? output.width / Double(window.width) : 1  // high-DPI: pixels per coordinate
        let ry = window.height > 0 ? output.height / Double(window.height) : 1
        return view.point(atWindow: Point(x: x * rx, y: y * ry), deviceScale: device.scale)
    }
}

extension RendererHandle {
    /// The drawable size in window pixels.
    var outputSize: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (Int(max(w, 1)), Int(max(h, 1)))
    }

    /// Draws from now on at `view`'s scale with the device screen's top-left at its origin
    /// (`SDL_RenderSetScale`, then `SDL_RenderSetViewport` in scaled units), so frames keep
    /// drawing in device pixels. Throws `SDLError`.
    func apply(_ view: WindowView) throws {
        let s = Float(view.scale)
        try SDLError.check(SDL_RenderSetScale(renderer, s, s), "SDL_RenderSetScale")
        let o = view.origin
        var rect = SDL_Rect(x: Int32(o.x), y: Int32(o.y), w: Int32(view.content.width), h: Int32(view.content.height))
        try SDLError.check(SDL_RenderSetViewport(renderer, &rect), "SDL_RenderSetViewport")
    }
}
