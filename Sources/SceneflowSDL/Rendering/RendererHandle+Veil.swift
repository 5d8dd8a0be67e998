internal import CSDL2
import SceneflowCore

extension RendererHandle {
    /// Fills `width` x `height` pixels from the top-left with black at `alpha` (0…1), blended over what is drawn: the
    /// dimming under an overlay. Throws `SDLError`.
    func drawVeil(alpha: Double, width: Int32, height: Int32) throws {
        try withUnsafeRenderer { r in
            try SDLError.check(SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
            try SDLError.check(
                SDL_SetRenderDrawColor(r, 0, 0, 0, UInt8((min(max(alpha, 0), 1) * 255).rounded())),
                "SDL_SetRenderDrawColor")
            var rect = SDL_Rect(x: 0, y: 0, w: width, h: height)
            try SDLError.check(SDL_RenderFillRect(r, &rect), "SDL_RenderFillRect")
        }
    }
}

extension RendererHandle {
    /// Draws the `slices` of a scroll scene's layer (image points → screen points, moved by
    /// the layer's offset) from its tall texture. Throws `SDLError`.
    func drawSlices(_ layer: SceneLayer, _ texture: OpaquePointer) throws {
        let s = device.scale
        func px(_ v: Double) -> Int32 { Int32(pixels: v * s) }
        try withUnsafeRenderer { r in
            for slice in layer.slices {
                var source = SDL_Rect(
                    x: px(slice.source.x), y: px(slice.source.y), w: px(slice.source.width), h: px(slice.source.height))
                var target = SDL_Rect(
                    x: px(slice.target.x + layer.offset.x), y: px(slice.target.y + layer.offset.y),
                    w: px(slice.target.width), h: px(slice.target.height))
                try SDLError.check(SDL_RenderCopy(r, texture, &source, &target), "SDL_RenderCopy")
            }
        }
    }
}
