internal import CSDL2
import SceneflowCore

extension Window {
    /// Queues a left-button press and release over point `p` (screen points) as SDL mouse
    /// events in window coordinates, so that the next `pollEvents` reads them as it reads a
    /// real click: mapped back through the window's scale, centring and pan, then hit-tested
    /// by the session (`bench --memory --window` walks a prototype this way).
    /// Returns false when SDL's event queue refused an event.
    @discardableResult
    public func pushClick(at p: Point) -> Bool {
        let pixel = view.windowPixel(ofPoint: p, deviceScale: device.scale)
        let window = handle.size
        let output = view.window
        // Window pixels back to window coordinates (high-DPI: several pixels per coordinate).
        let rx = output.width > 0 ? Double(window.width) / output.width : 1
        let ry = output.height > 0 ? Double(window.height) / output.height : 1
        let x = Int32((pixel.x * rx).rounded(.down))
        let y = Int32((pixel.y * ry).rounded(.down))
        var pushed = true
        for type in [SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP] {
            var event = SDL_Event()
            event.button.type = type.rawValue
            event.button.timestamp = SDL_GetTicks()
            event.button.windowID = id
            event.button.button = UInt8(SDL_BUTTON_LEFT)
            event.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
            event.button.clicks = 1
            event.button.x = x
            event.button.y = y
            if SDL_PushEvent(&event) < 1 { pushed = false }
        }
        return pushed
    }
}
