internal import CSDL2
import Foundation
import SceneflowCore

/// How star ratings are drawn over their scene (Core's `StarRatingOverlay` says what): each
/// glyph's empty image fills its rectangle, then the lit image is clipped to the lit fraction
/// (from the left, or from the right for right-to-left controls; rule 11 of issue 4), and a
/// focus ring is outlined around the row of the focused control. Rectangles in points are
/// moved by the layer's offset, multiplied by the scale and rounded to whole pixels; glyphs
/// take the layer's alpha.
extension RendererHandle {
    /// Focus ring colour (R, G, B): Material blue.
    static let focusColour: (UInt8, UInt8, UInt8) = (26, 115, 232)

    /// Draws `layer.overlays`. Throws `ImageLoadError` for a bad star image, `SDLError`.
    func drawOverlays(of layer: SceneLayer, alpha: Double, images: TextureCache) throws {
        for overlay in layer.overlays {
            for (glyph, fill) in zip(overlay.glyphs, overlay.fills) {
                let box = pixelRect(glyph, offset: layer.offset)
                guard box.w > 0, box.h > 0 else { continue }
                let empty = try glyphTexture(overlay.starImage, look: .empty, box: box, images: images)
                try copy(empty.texture, source: nil, box, alpha: alpha)
                guard fill > 0 else { continue }
                let lit = try glyphTexture(overlay.highlightedImage, look: .lit, box: box, images: images)
                if fill >= 1 {
                    try copy(lit.texture, source: nil, box, alpha: alpha)
                    continue
                }
                let sourceWidth = Int32((Double(lit.width) * fill).rounded())
                let destinationWidth = Int32((Double(box.w) * fill).rounded())
                guard sourceWidth > 0, destinationWidth > 0 else { continue }
                let rtl = overlay.rightToLeft
                var source = SDL_Rect(
                    x: rtl ? Int32(lit.width) - sourceWidth : 0, y: 0, w: sourceWidth, h: Int32(lit.height))
                let clipped = SDL_Rect(
                    x: rtl ? box.x + box.w - destinationWidth : box.x, y: box.y, w: destinationWidth, h: box.h)
                try copy(lit.texture, source: &source, clipped, alpha: alpha)
            }
            if let ring = overlay.focusRing { try drawRing(pixelRect(ring, offset: layer.offset), alpha: alpha) }
        }
    }

    private func pixelRect(_ rect: Rect, offset: Point) -> SDL_Rect {
        let s = device.scale
        let x0 = ((rect.x + offset.x) * s).rounded()
        let y0 = ((rect.y + offset.y) * s).rounded()
        let x1 = ((rect.maxX + offset.x) * s).rounded()
        let y1 = ((rect.maxY + offset.y) * s).rounded()
        return SDL_Rect(x: Int32(x0), y: Int32(y0), w: Int32(x1 - x0), h: Int32(y1 - y0))
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

    /// The texture for a star image (decoded once, drawn scaled) or a built-in glyph
    /// rasterised at exactly `box`'s pixel size, with its pixel size.
    private func glyphTexture(
        _ image: String?, look: StarGlyph.Look, box: SDL_Rect, images: TextureCache
    ) throws -> (texture: Texture, width: Int, height: Int) {
        let key = image.map { "image:" + $0 } ?? "builtin:\(look.rawValue):\(box.w)x\(box.h)"
        if let cached = images.glyphTextures[key] { return cached }
        let pixels: RGBAImage
        if let image {
            let path = image.hasPrefix("/") ? image : (images.directory as NSString).appendingPathComponent(image)
            pixels = try images.loader.load(path: path).rgbaImage()
        } else {
            pixels = StarGlyph.image(width: Int(box.w), height: Int(box.h), look: look)
        }
        let made = (try makeTexture(from: try SDLSurface(pixels), opaque: false), pixels.width, pixels.height)
        images.glyphTextures[key] = made
        return made
    }
}
