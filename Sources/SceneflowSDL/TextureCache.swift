import Foundation
import SceneflowCore

/// The textures of one renderer (an `OffscreenRenderer` or a `Window`), keyed by image file
/// (prototype directory + relative path) and screen area. Each screenshot is decoded on first
/// use (or ahead of time by `preload`), cut to its screen area, scaled to the device's pixel
/// size and kept as an opaque texture where the screen is opaque (DESIGN.md §7).
///
/// Use it on the renderer's thread only; `preload` decodes on a background queue and hands
/// surfaces over, and textures are created on the renderer's thread when first drawn.
public final class TextureCache {
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
    private var failures: [Key: any Error] = [:]
    /// Star-rating glyph textures by `RendererHandle+Controls` key (image path or built-in
    /// look and pixel size).
    var glyphTextures: [String: (texture: RendererHandle.Texture, width: Int, height: Int)] = [:]
    private let store = DecodeStore<Key>()
    private let queue = DispatchQueue(label: "sceneflow.texture-preload", qos: .userInitiated)

    init(renderer: RendererHandle, directory: String, loader: PictureLoader) {
        self.renderer = renderer
        self.directory = directory
        self.loader = loader
    }

    /// Number of textures currently held.
    public var count: Int { textures.count }

    /// Decodes `image` (relative to `directory`, or absolute) now, on this thread, and creates
    /// its texture, so that a bad image is reported before anything is drawn.
    /// - Throws: `ImageLoadError` (missing, not an image, corrupt, too large, bad screen
    ///   area) or `SDLError`. Failures are remembered and thrown again on later use.
    public func prepare(image: String, screen: ScreenArea, directory: String) throws {
        _ = try texture(key(image, screen, directory))
    }

    /// Starts decoding `images` (paths relative to `directory`, default the cache's) on a
    /// background queue, ~50 ms each for a phone screenshot; returns at once. Images already
    /// cached or being decoded are skipped; errors are thrown when the image is first drawn.
    public func preload(_ images: [(path: String, screen: ScreenArea)], directory: String? = nil) {
        let folder = directory ?? self.directory
        let (width, height) = (renderer.device.pixelWidth, renderer.device.pixelHeight)
        for (image, screen) in images {
            let k = key(image, screen, folder)
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
        failures.removeAll()
        glyphTextures.removeAll()
        store.removeFinished()
    }

    /// The texture for `layer`'s image and screen area, decoding it now unless a preload has
    /// it (waiting for a preload still running). Throws like `prepare`.
    func texture(for layer: SceneLayer, directory: String) throws -> RendererHandle.Texture {
        var k = key(layer.image, layer.screen, directory)
        if let content = layer.contentHeight { k.height = Int((content * renderer.device.scale).rounded()) }
        if layer.rotated { (k.width, k.height) = (renderer.device.pixelHeight, renderer.device.pixelWidth) }
        return try texture(k)
    }

    private func texture(_ k: Key) throws -> RendererHandle.Texture {
        if let t = textures[k] { return t }
        if let error = failures[k] { throw error }
        do {
            let screen: ScreenArea =
                switch k.screen {
                case .whole: .wholeImage
                case .rect(let r): .rect(r)
                case .auto: .auto
                }
            let decoded =
                try store.take(k)?.get()
                ?? TextureCache.decode(
                    k, screen, loader, k.width > 0 ? k.width : renderer.device.pixelWidth,
                    k.height > 0 ? k.height : renderer.device.pixelHeight)
            let t = try renderer.makeTexture(from: decoded.0, opaque: decoded.opaque)
            textures[k] = t
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
