/// Where one element shows on the screen (all in screen points): what `ScenePlacement.place`
/// gives.
public struct PlacedFrame: Equatable, Sendable {
    /// The whole frame on the screen: moved by the scene's layer (a push, an overlay's card
    /// corner) and, in a scroll region, by the scroll offset (or the footer's shift). Scripts
    /// read this as `element().frame`.
    public var frame: Rect
    /// The part of the screen the element can show in: the screen (or an overlay's card) where
    /// the scene is drawn, narrowed in a scroll region to the band the element lies in (header,
    /// scrolling band or footer).
    public var area: Rect
    /// The part of `frame` that shows (`frame` ∩ `area`), or nil when none does: only this
    /// part is drawn and hit.
    public var visible: Rect?
}

/// How a scene's element coordinates (as `prototype.lua` declares them: image points, card
/// points for an overlay, landscape points for a landscape look) land on the screen while the
/// scene is drawn as one layer of a frame: the one geometry of issue 13, shared by drawing
/// (star ratings, pressed images), hit testing (taps, presses on star ratings), scripts
/// (`element()`, `hit_point`, `rate`), the element tree (`inspect`, failure reports), the
/// window's `H` outlines and hint flashes, and the recorder (which reads the elements hit).
///
/// Made from the layer the renderer draws (`SceneLayer.placement(on:)`), so an element is
/// always where its scene's image is drawn.
public struct ScenePlacement: Equatable, Sendable {
    /// Where the scene's (0, 0) lies on the screen, in points: the layer's offset.
    public var origin: Point
    /// The scroll region and its offset (points) when the layer shows a scrolled scene.
    public var scroll: ScrollPosition?
    /// The rectangle of the screen (points) the layer covers: the screen, or an overlay's
    /// card, cut to the screen.
    public var bounds: Rect

    /// A placement.
    public init(origin: Point, scroll: ScrollPosition? = nil, bounds: Rect) {
        self.origin = origin
        self.scroll = scroll
        self.bounds = bounds
    }

    /// The placement of a scene drawn unmoved over all of `screen`.
    public static func still(on screen: Rect) -> ScenePlacement {
        ScenePlacement(origin: Point(x: 0, y: 0), bounds: screen)
    }

    /// Where `frame` (in the scene's own coordinates) is on the screen, and what of it shows.
    public func place(_ frame: Rect) -> PlacedFrame {
        var moved = frame
        var area = bounds
        if let scroll {
            moved = scroll.geometry.screenFrame(frame, offset: scroll.offset)
            area =
                scroll.geometry.bandShowing(frame).moved(by: origin).intersection(bounds)
                ?? Rect(x: origin.x, y: origin.y, width: 0, height: 0)
        }
        moved = moved.moved(by: origin)
        return PlacedFrame(frame: moved, area: area, visible: moved.intersection(area))
    }
}

/// A scroll region and where it is scrolled to.
public struct ScrollPosition: Equatable, Sendable {
    /// The region on the screen.
    public var geometry: ScrollGeometry
    /// The offset in points (0 at the top).
    public var offset: Double
    /// A position.
    public init(geometry: ScrollGeometry, offset: Double) {
        self.geometry = geometry
        self.offset = offset
    }
}

extension Rect {
    /// This rectangle moved by `offset` (points).
    public func moved(by offset: Point) -> Rect {
        Rect(x: x + offset.x, y: y + offset.y, width: width, height: height)
    }
}
