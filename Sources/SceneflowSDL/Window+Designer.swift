internal import CSDL2
import SceneflowCore

extension Window {
    /// Draws `overlay` over the frame drawn last (before `present()`): element boxes in
    /// points, labels and panels in HUD text one window pixel per font pixel.
    /// Throws `SDLError`.
    public func draw(_ overlay: Overlay) throws {
        guard !overlay.isEmpty else { return }
        try overlayPainter().draw(overlay, scale: device.scale)
    }

    /// Resizes the window for `zoom`: 1:1 device pixels, half, or fitted to ~90 % of the
    /// display. SDL keeps mapping mouse positions to device pixels (the renderer's logical
    /// size), so taps land on the same points at every zoom.
    public func setZoom(_ zoom: WindowZoom) {
        let size =
            zoom.windowSize(pixelWidth: logicalPixelSize.width, pixelHeight: logicalPixelSize.height)
            ?? handle.fittedSizeOnDisplay(pixelWidth: logicalPixelSize.width, pixelHeight: logicalPixelSize.height)
        handle.resize(width: size.width, height: size.height)
    }

    /// Makes the window fit `frame`'s device when it turned (portrait ↔ landscape): sets the
    /// renderer's logical size to the frame's pixel size and resizes the window for `zoom`,
    /// so mouse positions keep mapping to the points of what is shown. Returns true when it
    /// changed. Throws `SDLError` (`SDL_RenderSetLogicalSize`).
    @discardableResult
    public func follow(_ frame: FrameDescription, zoom: WindowZoom) throws -> Bool {
        let size = (frame.device.pixelWidth, frame.device.pixelHeight)
        guard size != logicalPixelSize else { return false }
        try renderer.withUnsafeRenderer { r in
            try SDLError.check(SDL_RenderSetLogicalSize(r, Int32(size.0), Int32(size.1)), "SDL_RenderSetLogicalSize")
        }
        setZoom(zoom)
        return true
    }

    /// The device screen in pixels as the renderer lays it out (its logical size).
    public var logicalPixelSize: (width: Int, height: Int) { renderer.logicalSize }
}

extension WindowHandle {
    /// Sets the window's size in screen coordinates.
    func resize(width: Int, height: Int) {
        withUnsafeWindow { SDL_SetWindowSize($0, Int32(max(1, width)), Int32(max(1, height))) }
    }

    /// `fittedSize` for the usable bounds of display 0 (the whole display when SDL cannot
    /// tell the usable part).
    func fittedSizeOnDisplay(pixelWidth: Int, pixelHeight: Int) -> (width: Int, height: Int) {
        var usable = SDL_Rect()
        if SDL_GetDisplayUsableBounds(0, &usable) != 0 { _ = SDL_GetDisplayBounds(0, &usable) }
        return WindowHandle.fittedSize(
            pixelWidth: pixelWidth, pixelHeight: pixelHeight, usableWidth: Int(usable.w), usableHeight: Int(usable.h))
    }
}

extension RendererHandle {
    /// The renderer's logical size in pixels (the device screen as drawn).
    var logicalSize: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        withUnsafeRenderer { SDL_RenderGetLogicalSize($0, &w, &h) }
        return w > 0 && h > 0 ? (Int(w), Int(h)) : (device.pixelWidth, device.pixelHeight)
    }
}
