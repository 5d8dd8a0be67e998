internal import CSDL2
import SceneflowCore

/// Draws an `Overlay` (element boxes, labels, text panels) over a frame already drawn by a
/// `RendererHandle`. Sole owner of the HUD font texture (`HUDFont.atlas()`), destroyed in
/// `deinit`; keeps the renderer alive.
///
/// Sizes: boxes are in points (× the device scale = logical pixels); text is drawn so that
/// one font pixel covers one window pixel at any zoom (the renderer's scale is undone), so
/// labels stay readable when the window is smaller than the device.
final class OverlayPainter {
    private let owner: RendererHandle
    private let font: OpaquePointer

    /// Creates the font texture on `renderer`. Throws `SDLError`.
    init(renderer: RendererHandle) throws {
        owner = renderer
        let surface = try SDLSurface(HUDFont.atlas())
        guard
            let t = renderer.withUnsafeRenderer({ r in surface.withUnsafeSurface { SDL_CreateTextureFromSurface(r, $0) }
            })
        else { throw SDLError.last("SDL_CreateTextureFromSurface") }
        font = t
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(t, SDL_ScaleModeLinear)
    }

    deinit { SDL_DestroyTexture(font) }

    /// Draws `overlay` for a device of `scale` pixels per point; panels are laid out in
    /// `visible` (device pixels: the part of the screen the window shows; nil: the renderer's
    /// logical size or output). Throws `SDLError`.
    func draw(_ overlay: Overlay, scale: Double, visible: Rect? = nil) throws {
        try owner.withUnsafeRenderer { r in
            try SDLError.check(SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
            var sx: Float = 1
            var sy: Float = 1
            SDL_RenderGetScale(r, &sx, &sy)
            let text = Double(1 / max(sx, 0.01))  // logical pixels per window pixel
            var lw: Int32 = 0
            var lh: Int32 = 0
            SDL_RenderGetLogicalSize(r, &lw, &lh)
            if lw == 0 || lh == 0 { SDL_GetRendererOutputSize(r, &lw, &lh) }
            let area = visible ?? Rect(x: 0, y: 0, width: Double(lw), height: Double(lh))
            for box in overlay.boxes {
                try clip(r, box.clip, scale: scale)
                defer { SDL_RenderSetClipRect(r, nil) }
                let rect = SDL_FRect(
                    x: Float(box.frame.x * scale), y: Float(box.frame.y * scale), w: Float(box.frame.width * scale),
                    h: Float(box.frame.height * scale))
                try fill(r, rect, box.fill)
                let t = Float(max(1, text * 2))
                try fill(r, SDL_FRect(x: rect.x, y: rect.y, w: rect.w, h: t), box.border)
                try fill(r, SDL_FRect(x: rect.x, y: rect.y + rect.h - t, w: rect.w, h: t), box.border)
                try fill(r, SDL_FRect(x: rect.x, y: rect.y, w: t, h: rect.h), box.border)
                try fill(r, SDL_FRect(x: rect.x + rect.w - t, y: rect.y, w: t, h: rect.h), box.border)
            }
            try drawLabels(r, overlay.boxes, area: area, text: text, scale: scale)
            // Panels are laid out in window pixels in the shown part (`PanelLayout`): wrapped or
            // shrunk to fit, never cut by the window's edge.
            let shown = Size(width: area.width / text, height: area.height / text)
            for placed in PanelLayout.layout(overlay.panels, in: shown) {
                let f = placed.frame
                try fill(
                    r,
                    SDL_FRect(
                        x: Float(area.x + f.x * text), y: Float(area.y + f.y * text), w: Float(f.width * text),
                        h: Float(f.height * text)), placed.background)
                for (i, line) in placed.lines.enumerated() {
                    try write(
                        r, line, x: area.x + (f.x + placed.padding) * text,
                        y: area.y + (f.y + placed.padding + Double(i) * placed.lineHeight) * text,
                        size: text * placed.textScale, color: .text)
                }
            }
        }
    }

    /// Draws the boxes' labels after every box, each at its box's top-left, moved to stay
    /// inside the shown part `area` (logical pixels) and so that no label covers another
    /// (`PanelLayout.labels`); each is clipped like its box. Boxes outside `area` get none.
    private func drawLabels(_ r: OpaquePointer, _ boxes: [OverlayBox], area: Rect, text: Double, scale: Double) throws {
        let pad = 3.0
        let shown = Size(width: area.width / text, height: area.height / text)
        let labelled = boxes.filter {
            $0.label != nil
                && Rect(
                    x: $0.frame.x * scale, y: $0.frame.y * scale, width: $0.frame.width * scale,
                    height: $0.frame.height * scale
                ).intersects(area)
        }
        let corners = labelled.map {
            Point(x: ($0.frame.x * scale - area.x) / text, y: ($0.frame.y * scale - area.y) / text)
        }
        let placed = PanelLayout.labels(labelled.map { $0.label ?? "" }, at: corners, in: shown, padding: pad)
        for (box, label) in zip(labelled, placed) {
            try clip(r, box.clip, scale: scale)
            defer { SDL_RenderSetClipRect(r, nil) }
            let w = Double(HUDFont.width(of: label.text)) + 2 * pad
            let h = Double(HUDFont.cellHeight) + 2 * pad
            let x = area.x + label.origin.x * text
            let y = area.y + label.origin.y * text
            try fill(r, SDL_FRect(x: Float(x), y: Float(y), w: Float(w * text), h: Float(h * text)), .hintBorder)
            try write(r, label.text, x: x + pad * text, y: y + pad * text, size: text, color: .text)
        }
    }

    /// Confines drawing to `rect` (points × `scale`, in the renderer's logical pixels), or
    /// lifts the confinement when nil.
    private func clip(_ r: OpaquePointer, _ rect: Rect?, scale: Double) throws {
        guard let rect else {
            SDL_RenderSetClipRect(r, nil)
            return
        }
        var area = SDL_Rect(
            x: Int32(pixels: rect.x * scale), y: Int32(pixels: rect.y * scale),
            w: Int32(pixels: rect.width * scale), h: Int32(pixels: rect.height * scale))
        try SDLError.check(SDL_RenderSetClipRect(r, &area), "SDL_RenderSetClipRect")
    }

    private func fill(_ r: OpaquePointer, _ rect: SDL_FRect, _ color: OverlayColor) throws {
        guard color.a > 0 else { return }
        var rect = rect
        try SDLError.check(SDL_SetRenderDrawColor(r, color.r, color.g, color.b, color.a), "SDL_SetRenderDrawColor")
        try SDLError.check(SDL_RenderFillRectF(r, &rect), "SDL_RenderFillRectF")
    }

    /// Draws `text` with its top-left at (`x`, `y`) logical pixels, `size` logical pixels per
    /// font pixel.
    private func write(_ r: OpaquePointer, _ text: String, x: Double, y: Double, size: Double, color: OverlayColor)
        throws
    {
        SDL_SetTextureColorMod(font, color.r, color.g, color.b)
        SDL_SetTextureAlphaMod(font, color.a)
        var cx = x
        for scalar in text.unicodeScalars {
            let index = HUDFont.glyphIndex(scalar)
            var source = SDL_Rect(
                x: Int32(index * HUDFont.cellWidth), y: 0, w: Int32(HUDFont.cellWidth), h: Int32(HUDFont.cellHeight))
            var target = SDL_FRect(
                x: Float(cx), y: Float(y), w: Float(Double(HUDFont.cellWidth) * size),
                h: Float(Double(HUDFont.cellHeight) * size))
            if scalar != " " {
                try SDLError.check(SDL_RenderCopyF(r, font, &source, &target), "SDL_RenderCopyF")
            }
            cx += Double(HUDFont.cellWidth) * size
        }
    }
}
