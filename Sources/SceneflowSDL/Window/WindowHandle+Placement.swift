internal import CSDL2
import SceneflowCore

extension WindowHandle {
    /// Resizes the client area to `size` (screen coordinates) clamped to the usable bounds of
    /// the window's display, and re-centres the window there when it would run off
    /// (`WindowPlacement.frame`, with the window manager's borders when SDL knows them).
    func place(_ size: Size) {
        withUnsafeWindow { w in
            var x: Int32 = 0
            var y: Int32 = 0
            SDL_GetWindowPosition(w, &x, &y)
            var width: Int32 = 0
            var height: Int32 = 0
            SDL_GetWindowSize(w, &width, &height)
            var top: Int32 = 0
            var left: Int32 = 0
            var bottom: Int32 = 0
            var right: Int32 = 0
            if SDL_GetWindowBordersSize(w, &top, &left, &bottom, &right) != 0 {
                (top, left, bottom, right) = (0, 0, 0, 0)
            }
            let frame = WindowPlacement.frame(
                size: size, position: Point(x: Double(x), y: Double(y)),
                current: Size(width: Double(width), height: Double(height)), usable: usableBounds,
                borders: .init(top: Double(top), left: Double(left), bottom: Double(bottom), right: Double(right)))
            SDL_SetWindowSize(w, Int32(frame.width), Int32(frame.height))
            if Int32(frame.x) != x || Int32(frame.y) != y { SDL_SetWindowPosition(w, Int32(frame.x), Int32(frame.y)) }
        }
    }

    /// The usable bounds (screen coordinates) of the display the window is on: the display
    /// minus panels and docks, or the whole display when SDL cannot tell.
    var usableBounds: Rect {
        let index = max(0, withUnsafeWindow { SDL_GetWindowDisplayIndex($0) })
        var r = SDL_Rect()
        if SDL_GetDisplayUsableBounds(index, &r) != 0 { _ = SDL_GetDisplayBounds(index, &r) }
        return Rect(x: Double(r.x), y: Double(r.y), width: Double(r.w), height: Double(r.h))
    }

    /// `fittedSize` for the usable bounds of the window's display.
    func fittedSizeOnDisplay(pixelWidth: Int, pixelHeight: Int) -> (width: Int, height: Int) {
        let usable = usableBounds
        return WindowHandle.fittedSize(
            pixelWidth: pixelWidth, pixelHeight: pixelHeight, usableWidth: Int(usable.width),
            usableHeight: Int(usable.height))
    }
}
