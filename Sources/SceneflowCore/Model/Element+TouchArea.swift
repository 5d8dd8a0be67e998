extension Element {
    /// Where a press on the element counts when it is placed at `frame` (points, the same
    /// space as `frame`): a star rating's glyph row and touch band (`StarRatingLayout.hitArea`,
    /// which may reach past its frame, as DLStarRating's band below the stars does), every
    /// other element's frame. Hit testing (`Session.controlHit`) and `check`'s overlap
    /// warning both use it.
    public func touchArea(placedAt frame: Rect) -> Rect {
        guard let rating = control?.starRating else { return frame }
        return StarRatingLayout(rating, frame: frame).hitArea
    }

    /// True when the element answers a person: it has a tap, double-tap, long-press or swipe
    /// action, or it is an enabled control (star rating, state control, text field). A
    /// disabled control still covers what lies below it but takes no input.
    public var isInteractive: Bool {
        if control != nil { return enabled }
        return onTap != nil || onDoubleTap != nil || onLongPress != nil || !onSwipe.isEmpty
    }
}
