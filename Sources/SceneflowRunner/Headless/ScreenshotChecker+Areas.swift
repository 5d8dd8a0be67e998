import Foundation
import SceneflowCore
import SceneflowSDL

/// What a screenshot check compares: a request's rectangles as pixels, the part of the
/// frame they leave, and the words for a comparison that could not be made.
extension ScreenshotChecker {
    /// The message of a size change between baseline and frame.
    static func sizeMismatch(_ error: ImageComparison.SizeMismatch) -> String {
        "size mismatch: the baseline is \(error.expected.width)x\(error.expected.height) px, the frame is \(error.actual.width)x\(error.actual.height) px (nothing was compared; update the baseline if the device changed)"
    }

    /// The part of `a` inside `b` (empty when they do not meet).
    static func intersection(_ a: PixelRect, _ b: PixelRect) -> PixelRect {
        let x0 = max(a.x, b.x)
        let y0 = max(a.y, b.y)
        let x1 = min(a.x + a.width, b.x + b.width)
        let y1 = min(a.y + a.height, b.y + b.height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Why `region` (points) leaves nothing to compare in `frame`: it lies entirely outside
    /// the screen, as a tap there would, or the pixels it covers there (`pixels`, the rule the
    /// comparison uses) are none: a width or height too small to move its far edge off its
    /// near one (red-team 59 A R1: `{10, 10, 1e-16, 1e-16}` compared nothing and passed). Nil
    /// when it covers a pixel of the frame.
    func emptyRegionProblem(_ region: Rect, frame: RGBAImage) -> String? {
        let width = Double(frame.width) / prototype.device.scale
        let height = Double(frame.height) / prototype.device.scale
        if region.maxX <= 0 || region.maxY <= 0 || region.x >= width || region.y >= height {
            return
                "region lies entirely outside the screen (\(formatNumber(width))x\(formatNumber(height)) pt): nothing would be compared"
        }
        let covered = Self.intersection(pixels(region), PixelRect(x: 0, y: 0, width: frame.width, height: frame.height))
        guard covered.width <= 0 || covered.height <= 0 else { return nil }
        let size = "\(HotspotEditor.luaNumber(region.width)) x \(HotspotEditor.luaNumber(region.height)) pt"
        return
            "region covers no whole pixel (\(size): too small for its place on screen to reach another pixel): nothing would be compared"
    }

    func compareOptions(_ request: ScreenshotRequest) -> ImageCompareOptions {
        ImageCompareOptions(
            threshold: request.threshold, ignoreAntialiasing: request.ignoreAntialiasing,
            masks: request.masks.map(pixels), region: request.region.map(pixels))
    }

    /// A rectangle in points as the pixels it touches (each edge kept within a billion
    /// pixels, so the width and height cannot overflow whatever numbers came from Lua).
    func pixels(_ rect: Rect) -> PixelRect {
        let s = prototype.device.scale
        func edge(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int {
            min(max(Int(saturating: (v * s).rounded(rule)), -1_000_000_000), 1_000_000_000)
        }
        let x0 = edge(rect.x, .down)
        let y0 = edge(rect.y, .down)
        let x1 = edge(rect.maxX, .up)
        let y1 = edge(rect.maxY, .up)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
