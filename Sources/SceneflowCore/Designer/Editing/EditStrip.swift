/// The strip of scene thumbnails the edit mode shows while a hotspot is selected: click one to
/// make the hotspot go to (or present) that scene. Laid out in screen points so the pointer
/// hits it where it is drawn at every zoom: one row of thumbnails at the device's aspect
/// ratio across the bottom of the screen (or the top when the selected hotspot is in the bottom
/// half), each with its scene's name under it.
public struct EditStrip: Equatable, Sendable {
    /// The strip's background, screen points.
    public var frame: Rect
    /// One thumbnail per scene, in the prototype's scene order, screen points.
    public var thumbnails: [Rect]
    /// The scenes, same order as `thumbnails`.
    public var scenes: [String]
    /// Where the scene names go (under each thumbnail), screen points: `thumbnails[i]`'s width.
    public var captions: [Rect]

    /// Space around and between thumbnails, points.
    public static let spacing = 6.0
    /// Height of a caption under a thumbnail, points.
    public static let captionHeight = 14.0
    /// The tallest a thumbnail is: a fifth of the screen's height.
    public static let heightShare = 0.2

    /// The strip for `scenes` on a screen of `screen` points, at the top when `top`.
    public static func layout(scenes: [String], screen: Size, top: Bool) -> EditStrip {
        let aspect = screen.height > 0 ? screen.width / screen.height : 1
        let count = Double(max(scenes.count, 1))
        var height = screen.height * heightShare
        var width = height * aspect
        let room = screen.width - spacing * (count + 1)
        if width * count > room {
            width = max(4, room / count)
            height = width / max(aspect, 0.01)
        }
        let stripHeight = height + captionHeight + 2 * spacing
        let y0 = top ? 0 : screen.height - stripHeight
        let used = width * count + spacing * (count - 1)
        var x = max(spacing, (screen.width - used) / 2)
        var thumbnails: [Rect] = []
        var captions: [Rect] = []
        for _ in scenes {
            thumbnails.append(Rect(x: x, y: y0 + spacing, width: width, height: height))
            captions.append(Rect(x: x, y: y0 + spacing + height, width: width, height: captionHeight))
            x += width + spacing
        }
        return EditStrip(
            frame: Rect(x: 0, y: y0, width: screen.width, height: stripHeight), thumbnails: thumbnails,
            scenes: scenes, captions: captions)
    }

    /// The scene whose thumbnail (or caption) holds `point`, or nil.
    public func scene(at point: Point) -> String? {
        for (i, thumb) in thumbnails.enumerated() {
            let both = Rect(x: thumb.x, y: thumb.y, width: thumb.width, height: thumb.height + captions[i].height)
            if both.contains(point) { return scenes[i] }
        }
        return nil
    }
}
