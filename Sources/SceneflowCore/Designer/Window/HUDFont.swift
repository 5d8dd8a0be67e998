import Foundation

/// A small monospaced bitmap font for text drawn over the prototype in the window (element
/// labels, the key list, reload errors): printable ASCII from DejaVu Sans Mono at 13 pt, each
/// glyph an 8x16 pixel cell of coverage values. Other characters draw as `?`. Pure data; the
/// SDL layer turns `atlas()` into a texture. Regenerate with `Scripts/tools/make_hud_font.sh`.
public enum HUDFont {
    /// Glyph cell width in pixels (the advance of every character).
    public static let cellWidth = 8
    /// Glyph cell height in pixels (the line height).
    public static let cellHeight = 16
    /// The first character in the atlas (space).
    public static let firstCode: UInt32 = 32
    /// The number of glyphs (ASCII 32…126).
    public static let glyphCount = 95

    /// All glyphs side by side in one row (`glyphCount * cellWidth` x `cellHeight` px), white
    /// with the coverage as alpha.
    public static func atlas() -> RGBAImage {
        let coverage = [UInt8](Data(base64Encoded: glyphData, options: .ignoreUnknownCharacters) ?? Data())
        let width = glyphCount * cellWidth
        var image = RGBAImage(width: width, height: cellHeight, fill: (255, 255, 255, 0))
        let cell = cellWidth * cellHeight
        for glyph in 0..<min(glyphCount, coverage.count / cell) {
            for y in 0..<cellHeight {
                for x in 0..<cellWidth {
                    image.pixels[((y * width) + glyph * cellWidth + x) * 4 + 3] =
                        coverage[glyph * cell + y * cellWidth + x]
                }
            }
        }
        return image
    }

    /// The atlas index of `scalar` (`?` for anything outside printable ASCII).
    public static func glyphIndex(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        guard v >= firstCode, v < firstCode + UInt32(glyphCount) else {
            return Int(("?" as Unicode.Scalar).value - firstCode)
        }
        return Int(v - firstCode)
    }

    /// The width of `text` in font pixels (one cell per Unicode scalar).
    public static func width(of text: String) -> Int { text.unicodeScalars.count * cellWidth }
}
