/// What is wrong with a scroll region on a screen of a given height: bands that leave no
/// room to scroll (an error) or content that cannot move (a warning).
extension ScrollRegion {
    /// Why the fixed header and footer leave no scrolling band on a screen `screenHeight`
    /// points tall (header alone, or header + footer, at least the screen height), or nil when
    /// they leave room. The message gives the points and the screen height.
    public func bandProblem(screenHeight: Double) -> String? {
        let screen = formatNumber(screenHeight)
        if header >= screenHeight {
            return
                "header = \(formatNumber(header)) pt leaves no room to scroll: the screen is \(screen) pt tall, so header + footer must add up to less than \(screen) pt"
        }
        if header + footer >= screenHeight {
            return
                "header = \(formatNumber(header)) pt + footer = \(formatNumber(footer)) pt = \(formatNumber(header + footer)) pt leaves no room to scroll: the screen is \(screen) pt tall, so header + footer must add up to less than \(screen) pt"
        }
        return nil
    }

    /// Why the region cannot move on a screen `screenHeight` points tall: its content height
    /// (points, once known) is no taller than the screen, so the scrolling band never shows
    /// anything new. Nil when it can move or the content height is unknown.
    public func immobileProblem(screenHeight: Double) -> String? {
        guard let content = contentHeight, content <= screenHeight + 1e-9 else { return nil }
        return
            "this scroll region cannot scroll: its content is \(formatNumber(content)) pt tall, no taller than the \(formatNumber(screenHeight)) pt screen (give the scene an image taller than the screen, or a scroll.height above \(formatNumber(screenHeight)))"
    }
}
