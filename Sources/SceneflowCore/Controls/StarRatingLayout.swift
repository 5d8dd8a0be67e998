/// Where a star rating's glyphs and touch band lie: the one layout function that drawing, hit
/// testing and accessibility share (rule 1 of issue 4). All geometry is in points.
///
/// The glyph row and the touch band below it form one block, centred in the control's frame
/// both ways. A 320×153 pt frame at the origin with five 50×48 pt stars, no spacing and a
/// 20 pt band puts star i (0-based) at x ∈ [35 + 50i, 85 + 50i), the glyphs at
/// y ∈ [42.5, 90.5) and the band at y ∈ [90.5, 110.5) (DLStarRating's geometry).
public struct StarRatingLayout: Equatable, Sendable {
    /// The control's frame.
    public let frame: Rect
    /// One glyph's size.
    public let starSize: Size
    /// Gap between glyphs.
    public let spacing: Double
    /// Number of glyphs.
    public let stars: Int
    /// Right to left: value star 0 is the rightmost glyph.
    public let rightToLeft: Bool
    /// The row of glyphs: from the first glyph's left edge to the last one's right edge.
    public let row: Rect
    /// The touch band below the row, as wide as the row.
    public let touchBand: Rect

    /// Lays out `control` in `frame`. Without a `starSize`, glyphs are the largest squares
    /// that fit the frame's width (with the spacing) and its height less the touch band.
    public init(_ control: StarRating, frame: Rect) {
        self.frame = frame
        stars = control.stars
        let gap = max(0, control.spacing)
        spacing = gap
        rightToLeft = control.rightToLeft
        let n = Double(control.stars)
        let band = max(0, control.touchBand)
        let size =
            control.starSize
            ?? {
                let byWidth = (frame.width - gap * (n - 1)) / n
                let byHeight = frame.height - band > 0 ? frame.height - band : frame.height
                let side = max(1, min(byWidth, byHeight))
                return Size(width: side, height: side)
            }()
        starSize = size
        let rowWidth = size.width * n + gap * (n - 1)
        let x = frame.x + (frame.width - rowWidth) / 2
        let y = frame.y + (frame.height - size.height - band) / 2
        row = Rect(x: x, y: y, width: rowWidth, height: size.height)
        touchBand = Rect(x: x, y: y + size.height, width: rowWidth, height: band)
    }

    /// Where a press must start: the glyph row plus the touch band (left and top edges
    /// inclusive).
    public var hitArea: Rect {
        Rect(x: row.x, y: row.y, width: row.width, height: row.height + touchBand.height)
    }

    /// The glyph of value star `index` (0-based: the star that value `index + 1` fills).
    public func glyph(_ index: Int) -> Rect {
        let step = starSize.width + spacing
        let offset = Double(index) * step
        let x = rightToLeft ? row.maxX - offset - starSize.width : row.x + offset
        return Rect(x: x, y: row.y, width: starSize.width, height: starSize.height)
    }

    /// Every glyph, in value order.
    public var glyphs: [Rect] { (0..<stars).map(glyph) }

    /// The raw value under horizontal position `x` (rules 3 and 4): 0 before the row's start,
    /// `stars` past its end; inside star k's cell (from its leading edge, inclusive, to the
    /// next star's leading edge, so a point in the spacing belongs to the star before it)
    /// k + the fraction of the glyph's width covered, rounded up to the step, at least one
    /// step. Not clamped to the control's minimum and maximum.
    public func value(atX x: Double, grid: StarRatingValue) -> Double {
        // Distance from the row's leading edge, in the reading direction.
        let d = rightToLeft ? row.maxX - x : x - row.x
        if rightToLeft ? x > row.maxX : d < 0 { return 0 }
        if rightToLeft ? x <= row.x : d >= row.width { return Double(stars) }
        let cell = starSize.width + spacing
        let k = min(Double(stars - 1), (d / cell).rounded(.down))
        let fraction = min((d - k * cell) / starSize.width, 1)
        return k + max(grid.roundUp(fraction: fraction), 1 / grid.stepsPerStar)
    }

    /// A point that gives `value` (on the step grid): x in the middle of the last step of
    /// that value inside its star (a whole star's centre at step 1), y in the middle of the
    /// glyph row. Value 0 lies half a glyph before the row's leading edge. Used by scripts
    /// (`rate`) to drag to a value and by accessibility for the element's activation point.
    public func point(for value: Double, grid: StarRatingValue) -> Point {
        let y = row.y + row.height / 2
        let cell = starSize.width + spacing
        if value <= 0 {
            let x = rightToLeft ? row.maxX + starSize.width / 2 : row.x - starSize.width / 2
            return Point(x: x, y: y)
        }
        let v = min(value, Double(stars))
        let k = (v - StarRatingValue.tolerance).rounded(.up) - 1
        let fraction = v - k
        let d = k * cell + (fraction - 0.5 / grid.stepsPerStar) * starSize.width
        return Point(x: rightToLeft ? row.maxX - d : row.x + d, y: y)
    }

    /// The lit fraction (0…1) of each glyph for `value`, in value order (rule 11: a partially
    /// lit glyph shows that fraction of the highlighted image).
    public func fills(for value: Double) -> [Double] {
        (0..<stars).map { min(max(value - Double($0), 0), 1) }
    }
}
