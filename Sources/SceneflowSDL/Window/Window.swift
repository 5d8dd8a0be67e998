internal import CSDL2
import SceneflowCore

/// A desktop window showing a prototype: owns an SDL window and its renderer (accelerated,
/// falling back to software). Frames are drawn at the device's pixel size and SDL scales them
/// to the window with bilinear filtering (see `SDLContext`), so the window can be smaller
/// than the device. How the screen sits in the window (scale, centring, the pan of a
/// screen larger than the window) is `view`, which also maps the mouse back to points.
/// Use it from the main thread only.
public final class Window {
    let handle: WindowHandle
    let renderer: RendererHandle
    private var painter: OverlayPainter?
    private var thumbnails: ThumbnailTextures?
    /// The device whose screen the window shows.
    public let device: Device
    /// The zoom, centring and pan of the screen in the window (set in Window+Designer.swift).
    public internal(set) var view: WindowView
    /// The text field holding the keyboard (screen points); nil when none (Window+TextInput.swift).
    var textInputField: Rect?

    /// Starts SDL video and opens a window titled `title`, sized to fit ~90% of the usable
    /// display at the device's aspect ratio, never larger than `device.pixelWidth` x
    /// `pixelHeight`. Throws `SDLError` (`SDL_InitSubSystem`, `SDL_CreateWindow`,
    /// `SDL_CreateRenderer`), e.g. when there is no display.
    /// `size` (screen coordinates, e.g. 390 x 844) replaces the fitted size when given.
    public init(title: String, device: Device, size: (width: Int, height: Int)? = nil) throws {
        self.device = device
        handle = try WindowHandle(
            title: title, pixelWidth: device.pixelWidth, pixelHeight: device.pixelHeight, size: size)
        renderer = try RendererHandle(window: handle, device: device)
        DisplayLoss.installIfX11()  // the X connection or the window lost: onLost, not exit(1)
        view = WindowView(
            content: Size(width: Double(device.pixelWidth), height: Double(device.pixelHeight)),
            window: Size(width: 1, height: 1))
        refreshView()
        let largest = largestPixelSize
        handle.setMaximumSize(width: largest.width, height: largest.height)
        // SDL 2 starts text input with video on desktops; keys are shortcuts until a text field
        // takes the keyboard (`startTextInput`), so input methods do not compose over them.
        SDL_StopTextInput()
    }

    /// The overlay painter, made on first use (it holds the text textures).
    func overlayPainter() throws -> OverlayPainter {
        if let painter { return painter }
        let made = try OverlayPainter(renderer: renderer)
        painter = made
        return made
    }

    /// The edit mode's thumbnail textures, made on first use.
    func thumbnailTextures() -> ThumbnailTextures {
        if let thumbnails { return thumbnails }
        let made = ThumbnailTextures(renderer: renderer)
        thumbnails = made
        return made
    }

    /// SDL's id for the window (events carry it); internal, for tests.
    var id: UInt32 { handle.id }

    /// The window's current size in screen coordinates (not device pixels).
    public var size: (width: Int, height: Int) { handle.size }

    /// Copies of each texture's pixels the renderer holds in this process (2 for OpenGL on a
    /// software driver such as llvmpipe, else 1; see `TextureCache`).
    public var textureCopies: Int { renderer.copiesPerTexture }
    /// The SDL renderer in use, e.g. `"opengl"` or `"software"`.
    public var rendererName: String { renderer.name }

    /// True when `present()` waits for the display's vertical sync (the player then needs no
    /// frame pacing of its own).
    public var hasVSync: Bool { renderer.hasVSync }

    /// Fills `rects` (points) with `color` (R, G, B, A bytes, blended by alpha) over what was
    /// drawn, e.g. the heads-up display; call between `draw` and `present`. Throws `SDLError`.
    public func fill(_ rects: [Rect], color: (UInt8, UInt8, UInt8, UInt8)) throws {
        try renderer.fill(rects, color: color)
    }

    /// A texture cache for this window. `directory` is the prototype folder that layer image
    /// paths are relative to.
    public func makeTextureCache(directory: String, loader: PictureLoader = PictureLoader()) -> TextureCache {
        TextureCache(renderer: renderer, directory: directory, loader: loader)
    }

    /// Replaces the title bar text.
    public func setTitle(_ title: String) { handle.setTitle(title) }

    /// Draws `frame` (layers back to front over black) into the back buffer; call `present()`
    /// to show it. `images` must come from this window's `makeTextureCache`.
    /// Throws `ImageLoadError` for a bad screenshot, `SDLError` for a failed SDL call.
    public func draw(_ frame: FrameDescription, images: TextureCache) throws {
        precondition(images.renderer === renderer, "TextureCache belongs to another renderer")
        refreshView()
        try renderer.apply(view)
        try renderer.draw(frame, images: images)
    }

    /// Shows the frame drawn last (waits for vsync on accelerated renderers). A resize from
    /// outside that arrived since the last poll is clamped first (`clampSize`): the OpenGL
    /// renderer's present uploads a back buffer of the window's current size.
    public func present() {
        SDL_PumpEvents()
        if clampSize() { return }  // this frame was drawn for the old size: skip it
        renderer.present()
    }

    /// The pending input and window events, oldest first, with positions in points.
    public func pollEvents() -> [WindowEvent] {
        var events: [WindowEvent] = []
        pollEvents(into: &events)
        return events
    }

    /// Appends pending events to `events` (reuse one array per frame to avoid allocating).
    public func pollEvents(into events: inout [WindowEvent]) {
        EventPump.poll(into: &events, textInput: isTextInputActive, map: pointFromWindow) { [self] in
            // Resized from outside beyond what the renderer can hold: shrink back first.
            if !clampSize() { refreshView() }
        }
    }

    /// Sleeps until an event arrives or `seconds` pass (for idle waits between frames);
    /// returns true when an event is waiting. Leaves the event queued for `pollEvents`.
    @discardableResult
    public func waitEvents(timeout seconds: Double) -> Bool { EventPump.wait(seconds: seconds) }
}
