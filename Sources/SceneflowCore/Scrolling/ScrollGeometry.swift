/// A scroll region: a scene whose image is taller than the screen scrolls between a fixed
/// header and footer (`scroll = { header = 56, footer = 48, height = 1600 }`, points).
public struct ScrollRegion: Equatable, Sendable {
    /// The most pixels a scroll region's content may have from top to bottom (its height ×
    /// the device scale): it is drawn as one image, and 16 384 px is the most an image may
    /// have on a side. Held alike to a written `scroll.height`, to a height measured from the
    /// screenshot, and by `sceneflow new` before it writes `scroll`.
    public static let maxContentPixels = 16_384

    /// Height of the fixed band at the top, in points (drawn from the top of the image).
    public var header: Double
    /// Height of the fixed band at the bottom, in points (drawn from the bottom of the image).
    public var footer: Double
    /// The whole image's height in points (its pixel height ÷ scale); nil until the opener
    /// reads it from the image when the prototype does not give it.
    public var contentHeight: Double?
    /// Creates a region.
    public init(header: Double = 0, footer: Double = 0, contentHeight: Double? = nil) {
        self.header = header
        self.footer = footer
        self.contentHeight = contentHeight
    }
}

/// One piece of a scene image drawn somewhere on the screen: `source` in the image's points,
/// `target` on the screen's points (same size when scrolling, which only moves pieces; a
/// partly covered pressed image's slice is scaled from its screen-sized texture).
public struct LayerSlice: Equatable, Sendable {
    /// The part of the image, in points from the image's top-left.
    public var source: Rect
    /// Where it goes on the screen, in points.
    public var target: Rect
    /// Creates a slice.
    public init(source: Rect, target: Rect) {
        self.source = source
        self.target = target
    }
}

/// The geometry of a scroll region on a screen of `screenHeight` points: the header (image
/// y 0…header) and footer (the image's last `footer` points) stay put; the middle shows image
/// y `header + offset …` in the screen band `header … screenHeight − footer`.
///
/// Element frames of a scroll scene are in image points: elements wholly in the header stay,
/// elements wholly in the footer move up by `contentHeight − screenHeight`, the others move
/// up by `offset` and are hit only inside the middle band.
public struct ScrollGeometry: Equatable, Sendable {
    /// The screen width in points.
    public var screenWidth: Double
    /// The screen height in points.
    public var screenHeight: Double
    /// The image height in points (at least the screen height).
    public var contentHeight: Double
    /// Fixed band at the top, points.
    public var header: Double
    /// Fixed band at the bottom, points.
    public var footer: Double

    /// Creates the geometry; `contentHeight` below the screen height counts as the screen
    /// height (nothing to scroll) and the bands are clamped to fit.
    public init(screenWidth: Double, screenHeight: Double, region: ScrollRegion) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        contentHeight = max(region.contentHeight ?? screenHeight, screenHeight)
        header = min(max(region.header, 0), screenHeight)
        footer = min(max(region.footer, 0), screenHeight - header)
    }

    /// The largest offset, points: `contentHeight − screenHeight`.
    public var maxOffset: Double { contentHeight - screenHeight }

    /// `offset` clamped to 0…`maxOffset`.
    public func clamp(_ offset: Double) -> Double { min(max(offset, 0), maxOffset) }

    /// The middle band on the screen, where content scrolls.
    public var band: Rect { Rect(x: 0, y: header, width: screenWidth, height: screenHeight - header - footer) }

    /// The pieces to draw at `offset`: header, the scrolled middle, footer (empty ones left out).
    public func slices(offset: Double) -> [LayerSlice] {
        let o = clamp(offset)
        var result: [LayerSlice] = []
        func add(_ sourceY: Double, _ targetY: Double, _ height: Double) {
            guard height > 0 else { return }
            result.append(
                LayerSlice(
                    source: Rect(x: 0, y: sourceY, width: screenWidth, height: height),
                    target: Rect(x: 0, y: targetY, width: screenWidth, height: height)))
        }
        add(0, 0, header)
        add(header + o, header, band.height)
        add(contentHeight - footer, screenHeight - footer, footer)
        return result
    }

    /// The image point under screen point `p` at `offset`.
    public func contentPoint(_ p: Point, offset: Double) -> Point {
        if p.y < header { return p }
        if p.y >= screenHeight - footer { return Point(x: p.x, y: p.y + maxOffset) }
        return Point(x: p.x, y: p.y + clamp(offset))
    }

    /// Where an element frame given in image points lies on the screen at `offset`.
    public func screenFrame(_ frame: Rect, offset: Double) -> Rect {
        var moved = frame
        if frame.maxY <= header {
            return moved
        } else if frame.y >= contentHeight - footer {
            moved.y -= maxOffset
        } else {
            moved.y -= clamp(offset)
        }
        return moved
    }

    /// The offset that brings `frame` (image points) fully into the middle band with the least
    /// movement (unchanged when it is already in view, or fixed in a band).
    public func offset(revealing frame: Rect, from offset: Double) -> Double {
        if frame.maxY <= header || frame.y >= contentHeight - footer { return clamp(offset) }
        let top = frame.y - header
        let bottom = frame.maxY - (screenHeight - footer)
        var o = clamp(offset)
        if frame.y - o < header { o = top } else if frame.maxY - o > screenHeight - footer { o = bottom }
        return clamp(o)
    }
}
