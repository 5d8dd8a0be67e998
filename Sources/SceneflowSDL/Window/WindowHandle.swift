internal import CSDL2

/// Sole owner of one `SDL_Window` (destroyed in `deinit`, which also releases its reference
/// to the video subsystem). Sized to fit the display at the device's aspect ratio.
final class WindowHandle {
    private let window: OpaquePointer

    /// Starts video and opens a window for a `pixelWidth` x `pixelHeight` px device screen,
    /// sized by `fittedSize` to the usable bounds of display 0, or `size` (screen
    /// coordinates) when given. Throws `SDLError`.
    init(title: String, pixelWidth: Int, pixelHeight: Int, size requested: (width: Int, height: Int)? = nil) throws {
        try SDLContext.initVideo()
        var usable = SDL_Rect()
        if SDL_GetDisplayUsableBounds(0, &usable) != 0 {
            guard SDL_GetDisplayBounds(0, &usable) == 0 else {
                let error = SDLError.last("SDL_GetDisplayBounds")
                SDLContext.quitVideo()
                throw error
            }
        }
        let size =
            requested
            ?? WindowHandle.fittedSize(
                pixelWidth: pixelWidth, pixelHeight: pixelHeight,
                usableWidth: Int(usable.w), usableHeight: Int(usable.h))
        let centered: Int32 = 0x2FFF_0000  // SDL_WINDOWPOS_CENTERED (a macro Swift cannot import)
        let flags = SDL_WINDOW_RESIZABLE.rawValue | SDL_WINDOW_ALLOW_HIGHDPI.rawValue
        guard let w = SDL_CreateWindow(title, centered, centered, Int32(size.width), Int32(size.height), flags)
        else {
            let error = SDLError.last("SDL_CreateWindow")
            SDLContext.quitVideo()
            throw error
        }
        window = w
    }

    deinit {
        SDL_DestroyWindow(window)
        SDLContext.quitVideo()
    }

    /// The window size in screen coordinates: the device pixel size scaled down to fit 90% of
    /// the usable display area, keeping the aspect ratio, never larger than the device pixels.
    static func fittedSize(pixelWidth: Int, pixelHeight: Int, usableWidth: Int, usableHeight: Int)
        -> (width: Int, height: Int)
    {
        let pw = Double(max(pixelWidth, 1))
        let ph = Double(max(pixelHeight, 1))
        var factor = 1.0
        if usableWidth > 0 && usableHeight > 0 {
            factor = min(1, 0.9 * Double(usableWidth) / pw, 0.9 * Double(usableHeight) / ph)
        }
        return (max(1, Int((pw * factor).rounded())), max(1, Int((ph * factor).rounded())))
    }

    /// The window's size in screen coordinates.
    var size: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        return (Int(w), Int(h))
    }

    /// SDL's id for the window (events carry it).
    var id: UInt32 { SDL_GetWindowID(window) }

    /// Replaces the title bar text.
    func setTitle(_ title: String) { SDL_SetWindowTitle(window, title) }

    /// Lends the raw window to another owner in this module (the renderer) for the duration
    /// of `body`; `body` must not keep it.
    func withUnsafeWindow<R>(_ body: (OpaquePointer) throws -> R) rethrows -> R { try body(window) }
}
