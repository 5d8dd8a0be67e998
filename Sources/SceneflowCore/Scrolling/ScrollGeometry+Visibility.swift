extension Rect {
    /// The part this rectangle shares with `other` (points), or nil when they share no area
    /// (touching edges count as none).
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

extension ScrollGeometry {
    /// The fixed footer band on the screen (points; zero height without a footer).
    public var footerBand: Rect {
        Rect(x: 0, y: screenHeight - footer, width: screenWidth, height: footer)
    }

    /// True when the content is taller than the screen, so the middle band can move
    /// (`maxOffset` > 0 and a band of some height).
    public var canScroll: Bool { maxOffset > 1e-9 && band.height > 1e-9 }

    /// The part of an element frame given in image points that shows on the screen at
    /// `offset`, in screen points, or nil when none of it shows: an element wholly in the
    /// header or the footer is fixed and shows as far as it lies in its band; any other element
    /// scrolls and shows only inside the middle band (the fixed header and footer are drawn
    /// over it).
    public func visibleFrame(_ frame: Rect, offset: Double) -> Rect? {
        screenFrame(frame, offset: offset).intersection(bandShowing(frame))
    }

    /// The screen band (points) an element frame given in image points shows in: the header
    /// for an element wholly in it, the footer for one wholly in it, else the scrolling band.
    public func bandShowing(_ frame: Rect) -> Rect {
        if frame.maxY <= header { return Rect(x: 0, y: 0, width: screenWidth, height: header) }
        if frame.y >= contentHeight - footer { return footerBand }
        return band
    }

    /// The image rectangle (points) the content spans: the screen width by the content height.
    public var content: Rect { Rect(x: 0, y: 0, width: screenWidth, height: contentHeight) }

    /// The offset `offset(revealing:from:)` gives, or nil when the element cannot be brought
    /// into view there: it lies outside the content, or at that offset no part of it shows
    /// in its band (see `visibleFrame`).
    public func reachableOffset(revealing frame: Rect, from offset: Double) -> Double? {
        let target = self.offset(revealing: frame, from: offset)
        guard frame.intersection(content) != nil, visibleFrame(frame, offset: target) != nil else { return nil }
        return target
    }
}
