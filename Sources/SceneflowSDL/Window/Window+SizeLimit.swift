internal import CSDL2
import Foundation

extension Window {
    /// The longest window side in pixels Sceneflow lets a window have: SDL's renderers keep a
    /// back buffer of the window's size, and another client resizing the window to
    /// 32767x32767 made the first frame abort inside libxcb (a 4 GB image request).
    static let maxSide = 16_384

    /// The largest size (pixels) the window may take: within `maxSide`, the renderer's
    /// largest texture when it has one, and the bounds of the window's display.
    var largestPixelSize: (width: Int, height: Int) {
        let texture = renderer.maxTextureSize
        let display = handle.displayBounds
        var limitW = Self.maxSide
        var limitH = Self.maxSide
        if texture.width > 0 { limitW = min(limitW, texture.width) }
        if texture.height > 0 { limitH = min(limitH, texture.height) }
        if display.width > 0 && display.height > 0 {
            limitW = min(limitW, max(display.width, 1))
            limitH = min(limitH, max(display.height, 1))
        }
        return (limitW, limitH)
    }

    /// Shrinks the window back within `largestPixelSize` after something outside Sceneflow
    /// made it larger, and waits (up to 200 ms) until SDL has taken the new size, so the next
    /// frame is drawn at a size the renderer can hold. Returns true when it had to shrink.
    @discardableResult
    func clampSize() -> Bool {
        let limit = largestPixelSize
        let pixels = handle.pixelSize
        guard pixels.width > limit.width || pixels.height > limit.height else { return false }
        let size = handle.size
        // Screen coordinates per pixel (1 except on high-density displays).
        let density = Double(max(pixels.width, 1)) / Double(max(size.width, 1))
        let width = Int(Double(min(pixels.width, limit.width)) / density)
        let height = Int(Double(min(pixels.height, limit.height)) / density)
        handle.setSize(width: max(1, width), height: max(1, height))
        let start = SDL_GetTicks64()
        while SDL_GetTicks64() - start < 200 {
            SDL_PumpEvents()
            let now = handle.pixelSize
            if now.width <= limit.width && now.height <= limit.height { break }
            SDL_Delay(5)
        }
        refreshView()
        return true
    }
}

extension WindowHandle {
    /// The full bounds of the window's display, pixels (0x0 when SDL cannot tell).
    var displayBounds: (width: Int, height: Int) {
        let index = max(0, withUnsafeWindow { SDL_GetWindowDisplayIndex($0) })
        var r = SDL_Rect()
        guard SDL_GetDisplayBounds(index, &r) == 0 else { return (0, 0) }
        return (Int(r.w), Int(r.h))
    }

    /// Sets the client area to `width` x `height` screen coordinates.
    func setSize(width: Int, height: Int) {
        withUnsafeWindow { SDL_SetWindowSize($0, Int32(clamping: width), Int32(clamping: height)) }
    }

    /// Tells the window manager the largest size the window may take (screen coordinates).
    func setMaximumSize(width: Int, height: Int) {
        withUnsafeWindow { SDL_SetWindowMaximumSize($0, Int32(clamping: width), Int32(clamping: height)) }
    }
}

extension RendererHandle {
    /// The renderer's largest texture, pixels (0 when it has no limit, as the software one).
    var maxTextureSize: (width: Int, height: Int) {
        var info = SDL_RendererInfo()
        let ok = withUnsafeRenderer { SDL_GetRendererInfo($0, &info) } == 0
        return ok ? (Int(info.max_texture_width), Int(info.max_texture_height)) : (0, 0)
    }
}
