import Foundation
import SceneflowCore

/// The textures of one renderer (an `OffscreenRenderer` or a `Window`), keyed by image file
/// (prototype directory + relative path) and screen area. Each screenshot is decoded on first
/// use (or ahead of time by `preload`), cut to its screen area, scaled to the device's pixel
/// size and kept as an opaque texture where the screen is opaque (DESIGN.md §7).
///
/// Memory: textures live within `byteBudget` (default 256 MiB, about 25 screens of
/// 1080 x 2400 px at 4 bytes per pixel), each counted as often as the renderer holds its
/// pixels (`RendererHandle.copiesPerTexture`: twice under a software OpenGL driver). When a new texture would go over it, the least
/// recently drawn textures are dropped first (and decoded again if drawn later). Textures
/// drawn in the current frame are pinned, so the current scene and, during a transition, the
/// next one are never evicted; if the pinned ones alone exceed the budget, the cache holds
/// them anyway. Background preloads are skipped while textures plus pending preloads would
/// exceed the budget.
///
/// Use it on the renderer's thread only; `preload` decodes on a background queue and hands
/// surfaces over, and textures are created on the renderer's thread when first drawn.
public final class TextureCache {
    /// The default `byteBudget`: 256 MiB.
    public static let defaultByteBudget = 256 << 20
    /// Folder, image path as written and screen area: building one per layer per frame
    /// only copies string references (no path joining, no allocation).
    struct Key: Hashable, Sendable {
        var directory: String
        var image: String
        var screen: ScreenKey
        /// The texture height in pixels; 0 for the device's (a scroll scene's image is taller).
        var height = 0
        /// The texture width in pixels; 0 for the device's (a landscape screenshot is wider).
        var width = 0
        /// The file to decode: `image` when absolute, else `image` inside `directory`.
        var path: String {
            image.hasPrefix("/") || directory.isEmpty
                ? image : (directory as NSString).appendingPathComponent(image)
        }
    }
    enum ScreenKey: Hashable, Sendable {
        case whole
        case rect(PixelRect)
        case auto
        init(_ area: ScreenArea) {
            switch area {
            case .wholeImage: self = .whole
            case .rect(let r): self = .rect(r)
            case .auto: self = .auto
            }
        }
    }

    let renderer: RendererHandle
    /// The prototype folder that relative image paths of drawn layers are resolved against.
    public var directory: String
    /// Decodes files and checks their size limits.
    public let loader: PictureLoader
    private var textures: [Key: RendererHandle.Texture] = [:]
    /// The frame in which each texture was last drawn (`frameCounter` values).
    private var lastUse: [Key: UInt64] = [:]
    /// Advanced by `beginFrame()`; textures used at the current value are pinned.
    private var frameCounter: UInt64 = 0
    /// The most bytes the cached screen textures may hold (see the type's notes).
    public var byteBudget = TextureCache.defaultByteBudget
    /// Bytes held by screen textures now (each is the device's pixel size × 4 bytes).
    public private(set) var bytesInUse = 0
    /// The largest `bytesInUse` seen.
    public private(set) var peakBytes = 0
    /// Screenshots decoded while a frame was drawn (neither cached, prepared nor preloaded):
    /// each cost that frame a decode (~50 ms for a phone screenshot).
    public private(set) var decodesWhileDrawing = 0
    /// Textures dropped to stay within `byteBudget`.
    public private(set) var evictions = 0
    private var failures: [Key: any Error] = [:]
    /// Star-rating glyph textures by `RendererHandle+Controls` key (image path or built-in
    /// look and pixel size).
    var glyphTextures: [String: (texture: RendererHandle.Texture, width: Int, height: Int)] = [:]
    /// Text fields' text as textures (`RendererHandle+TextFields`), made on first use.
    lazy var fieldText = TextTextures(renderer: renderer)
    private let store = DecodeStore<Key>()
    private let queue = DispatchQueue(label: "sceneflow.texture-preload", qos: .userInitiated)

    init(renderer: RendererHandle, directory: String, loader: PictureLoader) {
        self.renderer = renderer
        self.directory = directory
        self.loader = loader
    }

    /// Number of textures currently held.
    public var count: Int { textures.count }

    /// Bytes of one screen texture as the process holds it: the device's pixel size × 4, times
    /// the renderer's copies (`RendererHandle.copiesPerTexture`: 2 under llvmpipe).
    var bytesPerTexture: Int {
        renderer.device.pixelWidth * renderer.device.pixelHeight * 4 * renderer.copiesPerTexture
    }

    /// Bytes of the texture for `key`: its own size when it has one (scroll regions, landscape
    /// variants), else the device's pixel size.
    private func bytes(of key: Key) -> Int {
        (key.width > 0 ? key.width : renderer.device.pixelWidth)
            * (key.height > 0 ? key.height : renderer.device.pixelHeight) * 4 * renderer.copiesPerTexture
    }

    /// Starts a frame: textures drawn from now on are pinned until the next call. Called by
    /// the renderer at the start of every `draw`.
    func beginFrame() { frameCounter &+= 1 }

    /// Drops least recently drawn textures not drawn in this frame until `incoming` more
    /// bytes fit in `byteBudget`, or nothing more can go.
    private func makeRoom(for incoming: Int) {
        guard bytesInUse + incoming > byteBudget else { return }
        let candidates = lastUse.filter { $0.value != frameCounter }.sorted { $0.value < $1.value }
        for (key, _) in candidates where bytesInUse + incoming > byteBudget {
            textures[key] = nil
            lastUse[key] = nil
            bytesInUse -= bytes(of: key)
            evictions += 1
        }
    }

    /// Decodes `image` (relative to `directory`, or absolute) now, on this thread, and creates
    /// its texture, so that a bad image is reported before anything is drawn.
    /// - Throws: `ImageLoadError` (missing, not an image, corrupt, too large, bad screen
    ///   area) or `SDLError`. Failures are remembered and thrown again on later use.
    public func prepare(image: String, screen: ScreenArea, directory: String) throws {
        _ = try texture(key(image, screen, directory))
    }

    /// Decodes the screenshot of each of `layers` that is not cached yet now, on this thread,
    /// and creates its texture, keyed as drawing the layer keys it (landscape, scroll content
    /// height), so that drawing those layers later decodes nothing (`play` does this before a
    /// reloaded prototype is swapped in). Layers without an image (veils) are skipped.
    ///
    /// - Returns: how many textures were created.
    /// - Throws: like `prepare(image:screen:directory:)`, for the first layer that fails (the
    ///   others are still prepared first).
    @discardableResult
    public func prepare(_ layers: [SceneLayer]) throws -> Int {
        var created = 0
        var failure: (any Error)?
        for layer in layers where !layer.image.isEmpty {
            let k = key(for: layer, directory: directory)
            if textures[k] != nil { continue }
            do {
                _ = try texture(k)
                created += 1
            } catch {
                failure = failure ?? error
            }
        }
        if let failure { throw failure }
        return created
    }

    /// Starts decoding `images` (paths relative to `directory`, default the cache's) on a
    /// background queue, ~50 ms each for a phone screenshot; returns at once. Images already
    /// cached or being decoded are skipped; errors are thrown when the image is first drawn.
    public func preload(_ images: [(path: String, screen: ScreenArea)], directory: String? = nil) {
        let folder = directory ?? self.directory
        let (width, height) = (renderer.device.pixelWidth, renderer.device.pixelHeight)
        for (image, screen) in images {
            let k = key(image, screen, folder)
            let pending = store.count * bytesPerTexture
            if bytesInUse + pending + bytesPerTexture > byteBudget { break }  // no room: decode when drawn
            guard textures[k] == nil, failures[k] == nil, store.begin(k) else { continue }
            let (loader, store) = (self.loader, self.store)
            queue.async {
                store.finish(k, Result { try TextureCache.decode(k, screen, loader, width, height) })
            }
        }
    }

    /// Creates the textures of background decodes that have finished, on this (the
    /// renderer's) thread, so that the first frame drawing them does not pay for the upload
    /// (~10 ms for a 1080x2400 screenshot): call while idle. Returns how many were created;
    /// failures are remembered and thrown when the image is drawn.
    @discardableResult
    public func uploadPreloaded() -> Int {
        var created = 0
        for k in store.finishedKeys() where textures[k] == nil && failures[k] == nil {
            if (try? texture(k)) != nil { created += 1 }
        }
        return created
    }

    /// Drops every texture and remembered failure (e.g. after the prototype's files changed).
    public func removeAll() {
        textures.removeAll()
        lastUse.removeAll()
        bytesInUse = 0
        failures.removeAll()
        glyphTextures.removeAll()
        store.removeFinished()
    }

    /// The texture for `layer`'s image and screen area, decoding it now unless a preload has
    /// it (waiting for a preload still running). Throws like `prepare`.
    func texture(for layer: SceneLayer, directory: String) throws -> RendererHandle.Texture {
        try texture(key(for: layer, directory: directory), drawing: true)
    }

    /// The key of `layer`'s texture: its image, screen area and pixel size (turned for a
    /// landscape screenshot, as tall as the content for a scroll scene).
    private func key(for layer: SceneLayer, directory: String) -> Key {
        var k = key(layer.image, layer.screen, directory)
        if layer.rotated { (k.width, k.height) = (renderer.device.pixelHeight, renderer.device.pixelWidth) }
        if let content = layer.contentHeight { k.height = Int(Int32(pixels: content * renderer.device.scale)) }
        return k
    }

    /// The texture for `k`, made now when it is not cached; `drawing` counts a decode done
    /// here (no finished or running preload had it) in `decodesWhileDrawing`.
    private func texture(_ k: Key, drawing: Bool = false) throws -> RendererHandle.Texture {
        if let t = textures[k] {
            lastUse[k] = frameCounter
            return t
        }
        if let error = failures[k] { throw error }
        do {
            let screen: ScreenArea =
                switch k.screen {
                case .whole: .wholeImage
                case .rect(let r): .rect(r)
                case .auto: .auto
                }
            let preloaded = try store.take(k)?.get()
            if preloaded == nil && drawing { decodesWhileDrawing += 1 }
            let decoded =
                try preloaded
                ?? TextureCache.decode(
                    k, screen, loader, k.width > 0 ? k.width : renderer.device.pixelWidth,
                    k.height > 0 ? k.height : renderer.device.pixelHeight)
            let bytes = bytes(of: k)
            makeRoom(for: bytes)
            let t = try renderer.makeTexture(from: decoded.0, opaque: decoded.opaque)
            textures[k] = t
            lastUse[k] = frameCounter
            bytesInUse += bytes
            peakBytes = max(peakBytes, bytesInUse)
            return t
        } catch {
            failures[k] = error
            throw error
        }
    }

    private func key(_ image: String, _ screen: ScreenArea, _ folder: String) -> Key {
        Key(directory: folder, image: image, screen: ScreenKey(screen))
    }

    private static func decode(
        _ k: Key, _ screen: ScreenArea, _ loader: PictureLoader, _ width: Int, _ height: Int
    ) throws -> (SDLSurface, opaque: Bool) {
        try loader.load(path: k.path).screenSurface(for: screen, width: width, height: height)
    }
}
