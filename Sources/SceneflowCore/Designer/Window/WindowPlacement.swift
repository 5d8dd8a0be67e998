/// Where a window goes on its display after a resize (zoom `1` / `2` / `0`, turning the device,
/// a reload with another device size), so it never runs off the display's usable area.
///
/// All values are in screen coordinates. `borders` are the window manager's decorations
/// (title bar and frame) around the window's client area; the client area plus its borders must
/// lie inside `usable` (the display minus panels and docks, SDL_GetDisplayUsableBounds).
public enum WindowPlacement {
    /// Decoration sizes around a window's client area, screen coordinates.
    public struct Borders: Equatable, Sendable {
        public var top, left, bottom, right: Double
        /// Creates borders (all 0 by default: no window manager, as under Xvfb).
        public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }
    }

    /// The client area to give a window that wants `size` and now has its top-left at
    /// `position` and its client size `current`: the size clamped to what fits in `usable` with
    /// `borders`; the position kept when the window stays inside `usable`, else the window
    /// centred on `usable`. A window that filled the usable width or height (a cropped zoom, moved
    /// to the display's edge) is centred again when it shrinks, so leaving `1` for `0` does not
    /// leave a small window in the corner.
    ///
    /// - Returns: the client area's frame, whole screen coordinates; at least 1 x 1.
    public static func frame(
        size: Size, position: Point, current: Size? = nil, usable: Rect, borders: Borders = Borders()
    ) -> Rect {
        let roomWidth = usable.width - borders.left - borders.right
        let roomHeight = usable.height - borders.top - borders.bottom
        let filled = current.map { $0.width >= roomWidth.rounded(.down) || $0.height >= roomHeight.rounded(.down) }
        let w = max(1, min(size.width, roomWidth).rounded(.down))
        let h = max(1, min(size.height, roomHeight).rounded(.down))
        let outer = Rect(
            x: position.x - borders.left, y: position.y - borders.top,
            width: w + borders.left + borders.right, height: h + borders.top + borders.bottom)
        let inside =
            outer.x >= usable.x && outer.y >= usable.y && outer.maxX <= usable.maxX
            && outer.maxY <= usable.maxY
        let shrinks = current.map { w < $0.width || h < $0.height } ?? false
        if inside && !(filled == true && shrinks) { return Rect(x: position.x, y: position.y, width: w, height: h) }
        let x = usable.x + ((usable.width - outer.width) / 2).rounded(.down) + borders.left
        let y = usable.y + ((usable.height - outer.height) / 2).rounded(.down) + borders.top
        return Rect(x: max(x, usable.x + borders.left), y: max(y, usable.y + borders.top), width: w, height: h)
    }
}
