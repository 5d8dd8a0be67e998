internal import CSDL2
import SceneflowCore

/// Draws an `Overlay` (element boxes, labels, text panels) and lines of text over a frame
/// already drawn by a `RendererHandle`. Text is drawn with `FontSet` (SDL2_ttf, any script,
/// anti-aliased) through its `TextTextures`, destroyed with this painter; keeps the renderer alive.
///
/// Sizes: boxes are in points (× the device scale = logical pixels). Text is laid out in
/// *text units* and rasterised at the output pixel size it shows at, so it is crisp at every
/// zoom: in the window a text unit is one window pixel (the renderer's scale is undone, so
/// labels keep their size when the window is smaller than the device); offscreen
/// (`render --labels`) it is one point (`textScale` = the device scale).
final class OverlayPainter {
    private let owner: RendererHandle
    private let textures: TextTextures

    /// A painter for `renderer`. Throws nothing today; kept throwing for renderers that must
    /// prepare fonts.
    init(renderer: RendererHandle) throws {
        owner = renderer
        textures = TextTextures(renderer: renderer)
    }

    /// How many text textures are kept (for tests of the bound).
    var cachedTextCount: Int { textures.count }

    /// How text units map to the renderer: logical pixels per unit (`unit`), output pixels per
    /// unit (`raster`, the size text is rasterised at), and the area text is laid out in
    /// (logical pixels). `textScale` nil: the window's (one window pixel per unit).
    private func textSpace(_ r: OpaquePointer, visible: Rect?, textScale: Double?) -> (
        unit: Double, raster: Double, area: Rect
    ) {
        var sx: Float = 1
        var sy: Float = 1
        SDL_RenderGetScale(r, &sx, &sy)
        var lw: Int32 = 0
        var lh: Int32 = 0
        SDL_RenderGetLogicalSize(r, &lw, &lh)
        if lw == 0 || lh == 0 { SDL_GetRendererOutputSize(r, &lw, &lh) }
        let area = visible ?? Rect(x: 0, y: 0, width: Double(lw), height: Double(lh))
        if let textScale { return (textScale, textScale * Double(sx), area) }
        return (Double(1 / max(sx, 0.01)), 1, area)
    }

    /// The measure of text units for `draw(_:scale:visible:textScale:)` with the same `textScale`.
    func measure(textScale: Double?) -> FontMeasure {
        owner.withUnsafeRenderer { r in FontMeasure(scale: textSpace(r, visible: nil, textScale: textScale).raster) }
    }

    /// Draws `overlay` for a device of `scale` pixels per point; labels and panels are laid out
    /// in `visible` (device pixels: the part of the screen the window shows; nil: the renderer's
    /// logical size or output) in text units of `textScale` logical pixels (nil: one window
    /// pixel). Throws `SDLError`.
    func draw(_ overlay: Overlay, scale: Double, visible: Rect? = nil, textScale: Double? = nil) throws {
        try owner.withUnsafeRenderer { r in
            try SDLError.check(SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
            let space = textSpace(r, visible: visible, textScale: textScale)
            let text = space.unit
            let area = space.area
            let measure = FontMeasure(scale: space.raster)
            for box in overlay.boxes {
                try clip(r, box.clip, scale: scale)
                defer { SDL_RenderSetClipRect(r, nil) }
                let rect = SDL_FRect(
                    x: Float(box.frame.x * scale), y: Float(box.frame.y * scale), w: Float(box.frame.width * scale),
                    h: Float(box.frame.height * scale))
                try fill(r, rect, box.fill)
                let t = Float(max(1, text * 2))
                let sides = [
                    SDL_FRect(x: rect.x, y: rect.y, w: rect.w, h: t),
                    SDL_FRect(x: rect.x, y: rect.y + rect.h - t, w: rect.w, h: t),
                    SDL_FRect(x: rect.x, y: rect.y, w: t, h: rect.h),
                    SDL_FRect(x: rect.x + rect.w - t, y: rect.y, w: t, h: rect.h),
                ]
                for side in sides {
                    for piece in box.dashed ? Self.dashes(side, dash: Float(text * 6), gap: Float(text * 4)) : [side] {
                        try fill(r, piece, box.border)
                    }
                }
            }
            try drawLabels(r, overlay.boxes, space: space, measure: measure, scale: scale)
            // Panels are laid out in text units in the shown part (`PanelLayout`): wrapped or
            // shrunk to fit, never cut by the window's edge.
            let shown = Size(width: area.width / text, height: area.height / text)
            for placed in PanelLayout.layout(overlay.panels, in: shown, measure: measure) {
                let f = placed.frame
                try fill(
                    r,
                    SDL_FRect(
                        x: Float(area.x + f.x * text), y: Float(area.y + f.y * text), w: Float(f.width * text),
                        h: Float(f.height * text)), placed.background)
                for (i, line) in placed.lines.enumerated() {
                    let at = Point(x: f.x + placed.padding, y: f.y + placed.padding + Double(i) * placed.lineHeight)
                    try write(r, line, at: at, size: placed.textSize, color: .text, space: space)
                }
            }
        }
    }

    /// Draws `text` with its line box's top-left at `point` (text units from the top-left of
    /// `visible`, as `draw` lays out), `size` text units tall (the em size), in `color`.
    /// Throws `SDLError`.
    func drawText(
        _ text: String, at point: Point, size: Double, color: OverlayColor, visible: Rect? = nil,
        textScale: Double? = nil
    ) throws {
        try owner.withUnsafeRenderer { r in
            let space = textSpace(r, visible: visible, textScale: textScale)
            try write(r, text, at: point, size: size, color: color, space: space)
        }
    }

    /// Draws the boxes' labels after every box, each at its box's top-left, moved to stay
    /// inside the shown part and so that no label covers another (`PanelLayout.labels`, the
    /// one layout of the labels); each is clipped like its box. Boxes outside the shown part
    /// get none.
    private func drawLabels(
        _ r: OpaquePointer, _ boxes: [OverlayBox], space: (unit: Double, raster: Double, area: Rect),
        measure: FontMeasure, scale: Double
    ) throws {
        let (text, _, area) = space
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
        let placed = PanelLayout.labels(labelled.map { $0.label ?? "" }, at: corners, in: shown, measure: measure)
        for (box, label) in zip(labelled, placed) {
            try clip(r, box.clip, scale: scale)
            defer { SDL_RenderSetClipRect(r, nil) }
            let f = label.frame
            try fill(
                r,
                SDL_FRect(
                    x: Float(area.x + f.x * text), y: Float(area.y + f.y * text), w: Float(f.width * text),
                    h: Float(f.height * text)), .hintBorder)
            let pad = PanelLayout.labelPadding
            try write(
                r, label.text, at: Point(x: f.x + pad, y: f.y + pad), size: PanelLayout.textSize, color: .text,
                space: space)
        }
    }

    /// `side` (a thin rectangle along one edge of a box) cut into dashes of `dash` logical pixels
    /// with `gap` between them, starting with a dash at its top or left end.
    static func dashes(_ side: SDL_FRect, dash: Float, gap: Float) -> [SDL_FRect] {
        let horizontal = side.w >= side.h
        let length = horizontal ? side.w : side.h
        guard dash > 0, gap >= 0, length > dash else { return [side] }
        var pieces: [SDL_FRect] = []
        var at: Float = 0
        while at < length {
            let run = min(dash, length - at)
            pieces.append(
                horizontal
                    ? SDL_FRect(x: side.x + at, y: side.y, w: run, h: side.h)
                    : SDL_FRect(x: side.x, y: side.y + at, w: side.w, h: run))
            at += dash + gap
        }
        return pieces
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

    /// Draws `text` with its top-left at `point` text units from `space.area`'s top-left,
    /// rasterised at `size` × `space.raster` output pixels and placed on whole output pixels
    /// (so it is copied, not resampled).
    private func write(
        _ r: OpaquePointer, _ text: String, at point: Point, size: Double, color: OverlayColor,
        space: (unit: Double, raster: Double, area: Rect)
    ) throws {
        guard color.a > 0, let drawn = try textures.texture(text, size: size * space.raster) else { return }
        let pixel = space.unit / space.raster  // logical pixels per output pixel
        let x = space.area.x + (point.x * space.raster).rounded() * pixel
        let y = space.area.y + (point.y * space.raster).rounded() * pixel
        let t = drawn.texture.pointer
        try SDLError.check(SDL_SetTextureColorMod(t, color.r, color.g, color.b), "SDL_SetTextureColorMod")
        try SDLError.check(SDL_SetTextureAlphaMod(t, color.a), "SDL_SetTextureAlphaMod")
        var target = SDL_FRect(
            x: Float(x), y: Float(y), w: Float(Double(drawn.width) * pixel), h: Float(Double(drawn.height) * pixel))
        try SDLError.check(SDL_RenderCopyF(r, t, nil, &target), "SDL_RenderCopyF")
    }
}
