internal import CSDL2

extension RendererHandle {
    /// Fills the whole target with black at `alpha` (0…1), blended over what is drawn: the
    /// dimming under an overlay. Throws `SDLError`.
    func drawVeil(alpha: Double) throws {
        try withUnsafeRenderer { r in
            try SDLError.check(SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
            try SDLError.check(
                SDL_SetRenderDrawColor(r, 0, 0, 0, UInt8((min(max(alpha, 0), 1) * 255).rounded())),
                "SDL_SetRenderDrawColor")
            var rect = SDL_Rect(x: 0, y: 0, w: Int32(device.pixelWidth), h: Int32(device.pixelHeight))
            try SDLError.check(SDL_RenderFillRect(r, &rect), "SDL_RenderFillRect")
        }
    }
}
