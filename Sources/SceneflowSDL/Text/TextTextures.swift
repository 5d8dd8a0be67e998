internal import CSDL2
import SceneflowCore

/// The window's drawn text as textures on one renderer: each (text, pixel size) rasterised once
/// by `FontSet` (white, coverage as alpha; the colour is applied with colour and alpha
/// modulation when drawn), kept while used. Bounded: past `capacity` entries the least
/// recently drawn is destroyed. Sole owner of its textures, which keep the renderer alive and
/// are destroyed with this cache (the painter that owns it goes with the renderer).
final class TextTextures {
    /// The most textures kept.
    static let capacity = 256

    private let owner: RendererHandle
    private var entries: [Key: Entry] = [:]
    private var clock = 0

    private struct Key: Hashable {
        var text: String
        var size: Int
    }

    private struct Entry {
        var texture: RendererHandle.Texture
        var width: Int
        var height: Int
        var used: Int
    }

    /// A cache for textures on `renderer`.
    init(renderer: RendererHandle) { owner = renderer }

    /// How many textures are kept.
    var count: Int { entries.count }

    /// The texture of `text` at `size` pixels (`FontSet.pixelSize`) and its pixel size, made on
    /// first use; nil when the text draws nothing. Throws `SDLError`.
    func texture(_ text: String, size: Double) throws -> (texture: RendererHandle.Texture, width: Int, height: Int)? {
        let key = Key(text: text, size: FontSet.pixelSize(size))
        clock += 1
        if var entry = entries[key] {
            entry.used = clock
            entries[key] = entry
            return (entry.texture, entry.width, entry.height)
        }
        guard let surface = FontSet.shared.render(text, size: size) else { return nil }
        defer { SDL_FreeSurface(surface) }
        let made = owner.withUnsafeRenderer { SDL_CreateTextureFromSurface($0, surface) }
        guard let pointer = made else { throw SDLError.last("SDL_CreateTextureFromSurface") }
        let texture = RendererHandle.Texture(pointer, owner: owner, opaque: false)
        try SDLError.check(SDL_SetTextureBlendMode(pointer, SDL_BLENDMODE_BLEND), "SDL_SetTextureBlendMode")
        if entries.count >= Self.capacity, let oldest = entries.min(by: { $0.value.used < $1.value.used })?.key {
            entries[oldest] = nil
        }
        let entry = Entry(
            texture: texture, width: Int(surface.pointee.w), height: Int(surface.pointee.h), used: clock)
        entries[key] = entry
        return (texture, entry.width, entry.height)
    }
}
