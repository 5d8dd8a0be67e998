internal import CSDL2
import SceneflowCore

extension RendererHandle {
    /// Draws a frame of a device turn: the screen before the turn (`turn.fromLayers` on
    /// `turn.fromDevice`) and the one after (`frame.layers` on `frame.device`) each into a
    /// texture of its own pixel size, then, over black, both rotated and scaled where
    /// `FrameTurn.placements(on:)` puts them (the one after at its opacity). Throws `SDLError`
    /// or the cache's `ImageLoadError`.
    func drawTurn(_ frame: FrameDescription, _ turn: FrameTurn, images: TextureCache) throws {
        let outer = SDL_GetRenderTarget(renderer)
        let before = try turnTarget(for: turn.fromDevice)
        let after = try turnTarget(for: frame.device)
        try setTarget(before)
        try drawLayers(of: FrameDescription(device: turn.fromDevice, layers: turn.fromLayers), images: images)
        var plain = frame
        plain.turn = nil
        try setTarget(after)
        try drawLayers(of: plain, images: images)
        try SDLError.check(SDL_SetRenderTarget(renderer, outer), "SDL_SetRenderTarget")
        try SDLError.check(SDL_SetRenderDrawColor(renderer, 0, 0, 0, 255), "SDL_SetRenderDrawColor")
        try SDLError.check(SDL_RenderClear(renderer), "SDL_RenderClear")
        let (from, to) = turn.placements(on: frame.device)
        try copy(before, at: from)
        try copy(after, at: to)
    }

    /// A target texture for a screen of `device` at this renderer's scale (`pixelSize(of:)`),
    /// made for this frame (a turn lasts a fraction of a second; keeping them here would tie
    /// each texture and this renderer in a cycle).
    private func turnTarget(for device: Device) throws -> Texture {
        let size = pixelSize(of: device)
        return try makeTargetTexture(width: size.width, height: size.height)
    }

    /// Copies `texture` to `placement` (points × this renderer's scale), rotated about its
    /// centre, at its opacity.
    private func copy(_ texture: Texture, at placement: FrameTurn.Placement) throws {
        guard placement.alpha > 0 else { return }
        try texture.setAlpha(min(placement.alpha, 1))
        let s = device.scale
        let w = placement.size.width * s
        let h = placement.size.height * s
        var destination = SDL_Rect(
            x: Int32(pixels: placement.center.x * s - w / 2), y: Int32(pixels: placement.center.y * s - h / 2),
            w: Int32(pixels: w), h: Int32(pixels: h))
        try SDLError.check(
            SDL_RenderCopyEx(renderer, texture.pointer, nil, &destination, placement.angle, nil, SDL_FLIP_NONE),
            "SDL_RenderCopyEx")
    }
}
