internal import CSDL2

/// The system clipboard's text (SDL_GetClipboardText / SDL_SetClipboardText), for pasting
/// into and copying from text fields. Needs SDL video started (a `Window` open); on X11 the
/// text is served by the window that copied it, so it lasts while that window does.
public enum Clipboard {
    /// The clipboard's text; nil when it holds none or video is not started.
    public static var text: String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(raw) }
        let text = String(cString: raw)
        return text.isEmpty ? nil : text
    }

    /// Puts `text` on the clipboard. Throws `SDLError` (`SDL_SetClipboardText`) when SDL
    /// cannot, e.g. without a video driver that has a clipboard.
    public static func set(_ text: String) throws {
        try SDLError.check(SDL_SetClipboardText(text), "SDL_SetClipboardText")
    }
}
