internal import CSDL2
import Foundation
import SceneflowCore

/// How star ratings are drawn over their scene (Core's `StarRatingOverlay` says what), as
/// DLStarRating draws them: one image per state, so a lit glyph shows its lit image instead of
/// (never over) the empty one, and a partly lit glyph shows the lit image's part up to the lit
/// fraction and the empty image's part after it (from the left, or from the right for
/// right-to-left controls; rule 11 of issue 4, issue 13 item 8). A focus ring is outlined
/// around the row of the focused control. Rectangles are in screen points (the session placed
/// them where the layer draws the control), multiplied by the scale and rounded to whole
/// pixels, and cut to the overlay's `clip`; glyphs take the layer's alpha.
extension RendererHandle {
    /// Focus ring colour (R, G, B): Material blue.
    static let focusColour: (UInt8, UInt8, UInt8) = (26, 115, 232)

    /// Draws `layer.stateOverlays`, then `layer.overlays`. Throws `ImageLoadError` for a bad star image, `SDLError`.
    func drawOverlays(of layer: SceneLayer, alpha: Double, images: TextureCache) throws {
        // State-image controls (issue 17): the state's image scaled to the placed frame, cut to
        // where the control shows, as a star image is drawn.
        for overlay in layer.stateOverlays {
            let box = pixelRect(overlay.frame)
            guard box.w > 0, box.h > 0 else { continue }
            let image = try glyphTexture(overlay.image, look: .empty, box: box, images: images)
            try copy(image, part: box, of: box, clip: overlay.clip.map { pixelRect($0) }, alpha: alpha)
            if let ring = overlay.focusRing { try drawRing(pixelRect(ring), alpha: alpha) }
        }
        for overlay in layer.overlays {
            let clip = overlay.clip.map { pixelRect($0) }
            for (glyph, fill) in zip(overlay.glyphs, overlay.fills) {
                let box = pixelRect(glyph)
                guard box.w > 0, box.h > 0 else { continue }
                let litWidth = fill >= 1 ? box.w : fill <= 0 ? 0 : min(box.w, Int32((Double(box.w) * fill).rounded()))
                // The lit part sits at the leading edge: the left, or the right right-to-left.
                let rtl = overlay.rightToLeft
                let lit = SDL_Rect(x: rtl ? box.x + box.w - litWidth : box.x, y: box.y, w: litWidth, h: box.h)
                let empty = SDL_Rect(x: rtl ? box.x : box.x + litWidth, y: box.y, w: box.w - litWidth, h: box.h)
                if empty.w > 0 {
                    let image = try glyphTexture(overlay.starImage, look: .empty, box: box, images: images)
                    try copy(image, part: empty, of: box, clip: clip, alpha: alpha)
                }
                if lit.w > 0 {
                    let image = try glyphTexture(overlay.highlightedImage, look: .lit, box: box, images: images)
                    try copy(image, part: lit, of: box, clip: clip, alpha: alpha)
                }
            }
            if let ring = overlay.focusRing { try drawRing(pixelRect(ring), alpha: alpha) }
        }
        for overlay in layer.textOverlays { try drawTextField(overlay, alpha: alpha, images: images) }
    }

    /// Copies the part of `image` that falls in `part` of the glyph `box` (pixels) to `part`,
    /// cut to `clip`: the image is scaled to the box, so each pixel of the box takes the image
    /// pixel at the same fraction of its width and height.
    private func copy(
        _ image: (texture: Texture, width: Int, height: Int), part: SDL_Rect, of box: SDL_Rect, clip: SDL_Rect?,
        alpha: Double
    ) throws {
        // Cut to the overlay's clip and to the screen (either way up), so a glyph thousands of
        // points wide copies only what shows (red-team finding M15: 30 s a frame).
        let side = max(device.width, device.height)
        let screen = pixelRect(Rect(x: 0, y: 0, width: side, height: side))
        var target = part
        for bound in [clip, screen].compactMap({ $0 }) {
            let x0 = max(target.x, bound.x)
            let y0 = max(target.y, bound.y)
            let x1 = min(target.x + target.w, bound.x + bound.w)
            let y1 = min(target.y + target.h, bound.y + bound.h)
            guard x1 > x0, y1 > y0 else { return }
            target = SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0)
        }
        let sx = Double(image.width) / Double(box.w)
        let sy = Double(image.height) / Double(box.h)
        func scaled(_ v: Int32, _ origin: Int32, _ s: Double) -> Int32 {
            Int32(pixels: (Double(v) - Double(origin)) * s)
        }
        let left = scaled(target.x, box.x, sx)
        let top = scaled(target.y, box.y, sy)
        var source = SDL_Rect(
            x: left, y: top, w: scaled(target.x + target.w, box.x, sx) - left,
            h: scaled(target.y + target.h, box.y, sy) - top)
        guard source.w > 0, source.h > 0 else { return }
        try copy(image.texture, source: &source, target, alpha: alpha)
    }

    func pixelRect(_ rect: Rect) -> SDL_Rect {
        let s = device.scale
        let x0 = (rect.x * s).rounded()
        let y0 = (rect.y * s).rounded()
        let x1 = (rect.maxX * s).rounded()
        let y1 = (rect.maxY * s).rounded()
        return SDL_Rect(
            x: Int32(pixels: x0), y: Int32(pixels: y0), w: Int32(pixels: x1 - x0), h: Int32(pixels: y1 - y0))
    }

    private func copy(_ texture: Texture, source: UnsafePointer<SDL_Rect>?, _ box: SDL_Rect, alpha: Double) throws {
        try texture.setAlpha(alpha)
        var destination = box
        try SDLError.check(SDL_RenderCopy(renderer, texture.pointer, source, &destination), "SDL_RenderCopy")
    }

    private func drawRing(_ box: SDL_Rect, alpha: Double) throws {
        let (r, g, b) = Self.focusColour
        try SDLError.check(SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
        try SDLError.check(
            SDL_SetRenderDrawColor(renderer, r, g, b, UInt8((alpha * 255).rounded())), "SDL_SetRenderDrawColor")
        let thickness = max(2, Int32((device.scale * 2).rounded()))
        for i in 0..<thickness {
            var ring = SDL_Rect(x: box.x - i, y: box.y - i, w: box.w + 2 * i, h: box.h + 2 * i)
            try SDLError.check(SDL_RenderDrawRect(renderer, &ring), "SDL_RenderDrawRect")
        }
    }

    /// The largest side, in pixels, a built-in glyph is rasterised at: a larger box (a
    /// `star_size` of 100 000 pt) takes the glyph scaled up, as a star image is, instead of
    /// a bitmap of its declared size (red-team finding M15: 40 GB for one star).
    static let maxGlyphPixels = 512

    /// The texture for a star image (decoded once, drawn scaled) or a built-in glyph
    /// rasterised at `box`'s pixel size (at most `maxGlyphPixels` a side, keeping its shape),
    /// with its pixel size.
    private func glyphTexture(
        _ image: String?, look: StarGlyph.Look, box: SDL_Rect, images: TextureCache
    ) throws -> (texture: Texture, width: Int, height: Int) {
        let shrink = min(1, Double(Self.maxGlyphPixels) / Double(max(box.w, box.h)))
        let rasterWidth = max(1, Int((Double(box.w) * shrink).rounded()))
        let rasterHeight = max(1, Int((Double(box.h) * shrink).rounded()))
        let key = image.map { "image:" + $0 } ?? "builtin:\(look.rawValue):\(rasterWidth)x\(rasterHeight)"
        if let cached = images.glyphTextures[key] { return cached }
        let pixels: RGBAImage
        if let image {
            let path = image.hasPrefix("/") ? image : (images.directory as NSString).appendingPathComponent(image)
            pixels = try images.loader.load(path: path).rgbaImage()
        } else {
            pixels = StarGlyph.image(width: rasterWidth, height: rasterHeight, look: look)
        }
        let made = (try makeTexture(from: try SDLSurface(pixels), opaque: false), pixels.width, pixels.height)
        images.glyphTextures[key] = made
        return made
    }
}
