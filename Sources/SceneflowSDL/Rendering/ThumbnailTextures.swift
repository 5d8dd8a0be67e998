internal import CSDL2
import SceneflowCore

/// Small textures of scenes' screens for the edit mode's scene strip: each screenshot's screen
/// area decoded once and scaled to the thumbnail's pixel size, kept until the size or the file
/// changes. Owned by a `Window`; lives on its renderer's thread.
final class ThumbnailTextures {
    private let renderer: RendererHandle
    private var textures: [String: RendererHandle.Texture] = [:]
    /// Files that could not be decoded (drawn as an empty box, not tried again each frame).
    private var broken: Set<String> = []

    init(renderer: RendererHandle) { self.renderer = renderer }

    /// The texture for `path`'s `screen` at `width` x `height` px, decoded with `loader`; nil when
    /// the picture cannot be decoded.
    func texture(_ path: String, screen: ScreenArea, width: Int, height: Int, loader: PictureLoader)
        -> RendererHandle.Texture?
    {
        let key = "\(path)|\(screen)|\(width)x\(height)"
        if let made = textures[key] { return made }
        if broken.contains(key) { return nil }
        do {
            let picture = try loader.load(path: path)
            let (surface, opaque) = try picture.screenSurface(for: screen, width: width, height: height)
            let texture = try renderer.makeTexture(from: surface, opaque: opaque)
            textures = textures.filter { !$0.key.hasPrefix(path + "|") }  // an older size of it
            textures[key] = texture
            return texture
        } catch {
            broken.insert(key)
            return nil
        }
    }

    /// Forgets every texture (after the prototype reloaded: a screenshot may have changed).
    func removeAll() {
        textures.removeAll()
        broken.removeAll()
    }
}

extension Window {
    /// Draws each scene's screen into its frame (screen points) over what was drawn, for the
    /// edit mode's scene strip: `images` are the screenshots (paths inside `directory`) and
    /// their screen areas, decoded with `loader` once per size. A screenshot that cannot be
    /// decoded leaves its frame empty. Call between `draw` and `present`. Throws `SDLError`.
    public func drawThumbnails(
        _ images: [(image: String, screen: ScreenArea, frame: Rect)], directory: String, loader: PictureLoader
    ) throws {
        let cache = thumbnailTextures()
        let scale = device.scale
        try renderer.withUnsafeRenderer { r in
            for item in images {
                let w = max(1, Int((item.frame.width * scale).rounded()))
                let h = max(1, Int((item.frame.height * scale).rounded()))
                let path = directory.hasSuffix("/") ? directory + item.image : directory + "/" + item.image
                guard let texture = cache.texture(path, screen: item.screen, width: w, height: h, loader: loader)
                else { continue }
                try texture.setAlpha(1)
                var target = SDL_FRect(
                    x: Float(item.frame.x * scale), y: Float(item.frame.y * scale), w: Float(w), h: Float(h))
                try SDLError.check(SDL_RenderCopyF(r, texture.pointer, nil, &target), "SDL_RenderCopyF")
            }
        }
    }

    /// Forgets the strip's thumbnails (call after a reload).
    public func forgetThumbnails() { thumbnailTextures().removeAll() }
}
