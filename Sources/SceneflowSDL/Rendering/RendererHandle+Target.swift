internal import CSDL2
import SceneflowCore

extension RendererHandle {
    /// A texture `width` x `height` pixels that frames can be drawn into instead of the
    /// renderer's own surface (a landscape frame on a portrait offscreen renderer), opaque
    /// 32-bit. Throws `SDLError` (`SDL_CreateTexture`).
    func makeTargetTexture(width: Int, height: Int) throws -> Texture {
        let created = withUnsafeRenderer { r in
            SDL_CreateTexture(
                r, SDLSurface.opaqueFormat, Int32(SDL_TEXTUREACCESS_TARGET.rawValue), Int32(width), Int32(height))
        }
        guard let t = created else { throw SDLError.last("SDL_CreateTexture") }
        return Texture(t, owner: self, opaque: true)
    }

    /// Draws from now on into `texture` (from `makeTargetTexture`), or into the renderer's own
    /// surface or window when nil. Throws `SDLError` (`SDL_SetRenderTarget`).
    func setTarget(_ texture: Texture?) throws {
        try withUnsafeRenderer { r in
            try SDLError.check(SDL_SetRenderTarget(r, texture?.pointer), "SDL_SetRenderTarget")
        }
    }
}
