internal import CSDL2

/// Process-wide SDL set-up shared by every window: the video subsystem (reference-counted
/// by SDL) and the scaling filter.
///
/// Filters: a `Window` draws frames at the device's pixel size and SDL scales them to the
/// (usually smaller) window with **bilinear** filtering (`SDL_HINT_RENDER_SCALE_QUALITY` =
/// `"linear"`, and each window texture's scale mode set to linear). The `OffscreenRenderer`
/// never scales while drawing: screenshots are cut to their screen area and, only if their
/// size differs from the device's, stretched once at decode time with SDL's bilinear
/// `SDL_SoftStretchLinear`; frames are then copied 1:1 (exact pixels, deterministic).
public enum SDLContext {
    /// The value given to `SDL_HINT_RENDER_SCALE_QUALITY`: `"linear"` (bilinear).
    public static let windowScaleQuality = "linear"

    /// Selects SDL's `dummy` video driver (no display needed), for tests and CI. Call before
    /// the first `Window` is created; affects the whole process.
    public static func useDummyVideoDriver() {
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "dummy")
    }

    /// Starts (or adds a reference to) the video subsystem and sets the scale hint.
    /// Throws `SDLError` (`SDL_InitSubSystem`). Balance with `quitVideo()`.
    static func initVideo() throws {
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, windowScaleQuality)
        try SDLError.check(SDL_InitSubSystem(SDL_INIT_VIDEO), "SDL_InitSubSystem(SDL_INIT_VIDEO)")
    }

    /// Drops one reference to the video subsystem taken by `initVideo()`.
    static func quitVideo() { SDL_QuitSubSystem(SDL_INIT_VIDEO) }
}
