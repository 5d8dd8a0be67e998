import SceneflowCore

extension PictureLoader {
    /// The pixel size of the image at `path` (of its screen area for a framed screenshot):
    /// from the header when the format is known and the whole image is the screen, else by
    /// decoding. Throws like `load(path:)` and `DecodedPicture.screenRect(for:)`.
    public func pixelSize(path: String, screen: ScreenArea = .wholeImage) throws -> (width: Int, height: Int) {
        if screen == .wholeImage, case .size(_, let w, let h) = try limits.checkHeader(path: path) { return (w, h) }
        let rect = try load(path: path).screenRect(for: screen)
        return (rect.width, rect.height)
    }
}
