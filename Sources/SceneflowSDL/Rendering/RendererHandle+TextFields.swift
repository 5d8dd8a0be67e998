internal import CSDL2
import SceneflowCore

/// How text fields are drawn over their scene (Core's `TextFieldOverlay` says what): the text
/// with SDL2_ttf (`FontSet`, the faces the window's labels use, any script), rasterised at the
/// field's font size in device pixels, vertically centred in the text box and cut to it and
/// to the overlay's clip; the selection as a light highlight behind it, an input method's
/// composition underlined, and the caret as a 2-point bar in iOS's tint blue; a declared
/// `background` fills the frame first. When the caret
/// would leave the box the text scrolls left so it stays in view (as UITextField does).
extension RendererHandle {
    /// The caret's colour (R, G, B): iOS's system blue.
    static let caretColour: (UInt8, UInt8, UInt8) = (0, 122, 255)
    /// The selection highlight (R, G, B, A): the caret blue at 20 %.
    static let selectionColour: (UInt8, UInt8, UInt8, UInt8) = (0, 122, 255, 51)

    /// Draws one text field. Throws `SDLError`.
    func drawTextField(_ field: TextFieldOverlay, alpha: Double, images: TextureCache) throws {
        let box = pixelRect(field.textBox)
        guard box.w > 0, box.h > 0 else { return }
        let area = field.clip.map { pixelRect($0) }
        if let background = field.background, let frame = Self.cut(pixelRect(field.frame), to: area) {
            try fill(frame, background.r, background.g, background.b, UInt8((Double(background.a) * alpha).rounded()))
        }
        guard var clip = Self.cut(box, to: area) else { return }
        try SDLError.check(SDL_RenderSetClipRect(renderer, &clip), "SDL_RenderSetClipRect")
        defer { SDL_RenderSetClipRect(renderer, nil) }
        let size = field.fontSize * device.scale  // device pixels
        let shown = field.shown
        // The one geometry of the line (Core's TextFieldLine): where each grapheme boundary is
        // and how far the line scrolls to keep the caret in view; clicks place the caret by it.
        let line = TextFieldLine(
            shown: shown, fontSize: field.fontSize, textBox: field.textBox, scale: device.scale,
            keepsCaretInView: field.keepsCaretInView || field.showsCaret || shown.marked != nil,
            measure: FontMeasure())
        func x(_ graphemes: Int) -> Int32 { Int32(pixels: line.x(graphemes)) }
        let lineHeight = Int32(pixels: FontSet.shared.measure(shown.string, size: size).height)
        let top = box.y + (box.h - lineHeight) / 2
        let caretX = x(shown.caret)
        let caretWidth = Int32(pixels: line.caretWidth)
        let left = box.x - Int32(pixels: line.scroll)
        if let selection = shown.selection, !selection.isEmpty, !field.isPlaceholder {
            let (r, g, b, a) = Self.selectionColour
            try fill(
                SDL_Rect(
                    x: left + x(selection.lowerBound), y: top, w: x(selection.upperBound) - x(selection.lowerBound),
                    h: lineHeight), r, g, b, UInt8((Double(a) * alpha).rounded()))
        }
        if let drawn = try images.fieldText.texture(shown.string, size: size) {
            let t = drawn.texture.pointer
            let c = field.color
            try SDLError.check(SDL_SetTextureColorMod(t, c.r, c.g, c.b), "SDL_SetTextureColorMod")
            try SDLError.check(
                SDL_SetTextureAlphaMod(t, UInt8((Double(c.a) * alpha).rounded())), "SDL_SetTextureAlphaMod")
            var target = SDL_Rect(
                x: left, y: box.y + (box.h - Int32(drawn.height)) / 2, w: Int32(drawn.width), h: Int32(drawn.height))
            try SDLError.check(SDL_RenderCopy(renderer, t, nil, &target), "SDL_RenderCopy")
        }
        if let marked = shown.marked {
            let c = field.color
            let thickness = max(1, Int32(pixels: device.scale))
            try fill(
                SDL_Rect(
                    x: left + x(marked.lowerBound), y: top + lineHeight - thickness,
                    w: x(marked.upperBound) - x(marked.lowerBound), h: thickness), c.r, c.g, c.b,
                UInt8((Double(c.a) * alpha).rounded()))
        }
        if field.showsCaret {
            let (r, g, b) = Self.caretColour
            try fill(
                SDL_Rect(x: left + caretX, y: top, w: caretWidth, h: lineHeight), r, g, b,
                UInt8((255 * alpha).rounded()))
        }
    }

    /// `rect` cut to `area` (nil: not cut); nil when nothing is left.
    private static func cut(_ rect: SDL_Rect, to area: SDL_Rect?) -> SDL_Rect? {
        guard let area else { return rect.w > 0 && rect.h > 0 ? rect : nil }
        let x0 = max(rect.x, area.x)
        let y0 = max(rect.y, area.y)
        let x1 = min(rect.x + rect.w, area.x + area.w)
        let y1 = min(rect.y + rect.h, area.y + area.h)
        return x1 > x0 && y1 > y0 ? SDL_Rect(x: x0, y: y0, w: x1 - x0, h: y1 - y0) : nil
    }

    private func fill(_ rect: SDL_Rect, _ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) throws {
        guard rect.w > 0, rect.h > 0, a > 0 else { return }
        var target = rect
        try SDLError.check(SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
        try SDLError.check(SDL_SetRenderDrawColor(renderer, r, g, b, a), "SDL_SetRenderDrawColor")
        try SDLError.check(SDL_RenderFillRect(renderer, &target), "SDL_RenderFillRect")
    }
}
