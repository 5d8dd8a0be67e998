/// What is wrong with a scroll region on a screen of a given height: bands that leave no
/// room to scroll, or too little to touch, and a `height` shorter than the screen (errors), or
/// content that cannot move (a warning).
extension ScrollRegion {
    /// The least height of the scrolling band between the fixed header and footer, in points:
    /// 44 pt, Apple's minimum touch target (Human Interface Guidelines), so a finger can drag
    /// it and a script's drags move the content in a bounded number of steps.
    public static let minimumBandHeight = 44.0

    /// Why the fixed header and footer leave no scrolling band, or one thinner than
    /// `minimumBandHeight`, on a screen `screenHeight` points tall, or nil when they leave
    /// enough room. The message gives the points, the band and the screen height.
    public func bandProblem(screenHeight: Double) -> String? {
        let screen = formatNumber(screenHeight)
        let most = formatNumber(max(screenHeight - Self.minimumBandHeight, 0))
        let minimum = "\(formatNumber(Self.minimumBandHeight)) pt (the minimum touch target)"
        let rule =
            screenHeight < Self.minimumBandHeight
            ? "the screen is \(screen) pt tall, too short for a scroll region: the scrolling band between header and footer must be at least \(minimum)"
            : "the screen is \(screen) pt tall and the scrolling band between header and footer must be at least \(minimum), so header + footer must add up to at most \(most) pt"
        let bands =
            footer > 0
            ? "header = \(formatNumber(header)) pt + footer = \(formatNumber(footer)) pt = \(formatNumber(header + footer)) pt"
            : "header = \(formatNumber(header)) pt"
        let band = screenHeight - header - footer
        if header >= screenHeight || band <= 0 {
            let what = header >= screenHeight ? "header = \(formatNumber(header)) pt" : bands
            return "\(what) leaves no room to scroll: \(rule)"
        }
        if band < Self.minimumBandHeight - 1e-9 {
            return "\(bands) leaves a scrolling band only \(formatNumber(band)) pt tall: \(rule)"
        }
        return nil
    }

    /// Why the `height` given in the prototype (points) is a mistake on a screen `screenHeight`
    /// points tall: shorter than the screen, where the content counts as the screen's height
    /// (`ScrollGeometry`), so the number would be reported differently in different places.
    /// Nil when it is at least the screen height, or not given (`givenHeight` nil).
    public static func heightProblem(givenHeight: Double?, screenHeight: Double) -> String? {
        guard let height = givenHeight, height < screenHeight - 1e-9 else { return nil }
        let screen = formatNumber(screenHeight)
        return
            "height = \(formatNumber(height)) pt is shorter than the \(screen) pt screen: the content of a scroll region is at least the screen (give a height above \(screen) pt, or leave height out to use the image's height)"
    }

    /// Why the region cannot move on a screen `screenHeight` points tall: its content height
    /// (points, once known) is no taller than the screen, so the scrolling band never shows
    /// anything new. Content shorter than the screen is named as the screen's height, as the
    /// runtime counts it. Nil when it can move or the content height is unknown.
    public func immobileProblem(screenHeight: Double) -> String? {
        guard let content = contentHeight, content <= screenHeight + 1e-9 else { return nil }
        if content < screenHeight - 1e-9 {  // counted as the screen, as ScrollGeometry does
            let screen = formatNumber(screenHeight)
            return
                "this scroll region cannot scroll: its image is only \(formatNumber(content)) pt tall, so its content is the \(screen) pt screen (give the scene an image taller than the screen, or a scroll.height above \(screen))"
        }
        return
            "this scroll region cannot scroll: its content is \(formatNumber(content)) pt tall, no taller than the \(formatNumber(screenHeight)) pt screen (give the scene an image taller than the screen, or a scroll.height above \(formatNumber(screenHeight)))"
    }
}
