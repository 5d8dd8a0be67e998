/// Guesses the device (points and scale) a screenshot was taken on, from its size in pixels.
/// Used by `sceneflow new` to scaffold a prototype.
///
/// The table of common sizes (portrait; a landscape image matches with width and height
/// swapped) comes from Apple's Human Interface Guidelines device list and Android's density
/// buckets (mdpi 1, xhdpi 2, xxhdpi 3, xxxhdpi 4). Anything else falls back to the whole
/// scale 1…4 that makes the shorter side closest to 360 points (a common phone width), so
/// 526x935 px becomes 263x467.5 pt at scale 2 and 1211x2474 px 403.67x824.67 pt at scale 3.
public enum DeviceGuess {
    /// One known screen: its pixel size (portrait), scale and a name for the comment.
    public struct Known: Equatable, Sendable {
        /// Shorter side in pixels.
        public let pixelWidth: Int
        /// Longer side in pixels.
        public let pixelHeight: Int
        /// Pixels per point.
        public let scale: Double
        /// A human name, e.g. `"iPhone 13/14"` or `"Android FHD+ 20:9"`.
        public let name: String
    }

    /// The known screens, portrait, in pixels.
    public static let table: [Known] = [
        Known(pixelWidth: 640, pixelHeight: 1136, scale: 2, name: "iPhone SE (1st gen)"),
        Known(pixelWidth: 750, pixelHeight: 1334, scale: 2, name: "iPhone 6/7/8/SE"),
        Known(pixelWidth: 1242, pixelHeight: 2208, scale: 3, name: "iPhone 6/7/8 Plus"),
        Known(pixelWidth: 1125, pixelHeight: 2436, scale: 3, name: "iPhone X/XS/11 Pro"),
        Known(pixelWidth: 828, pixelHeight: 1792, scale: 2, name: "iPhone XR/11"),
        Known(pixelWidth: 1242, pixelHeight: 2688, scale: 3, name: "iPhone XS Max/11 Pro Max"),
        Known(pixelWidth: 1080, pixelHeight: 2340, scale: 3, name: "iPhone 12/13 mini, Android 19.5:9"),
        Known(pixelWidth: 1170, pixelHeight: 2532, scale: 3, name: "iPhone 12/13/14"),
        Known(pixelWidth: 1284, pixelHeight: 2778, scale: 3, name: "iPhone 12/13 Pro Max, 14 Plus"),
        Known(pixelWidth: 1179, pixelHeight: 2556, scale: 3, name: "iPhone 14 Pro/15/16"),
        Known(pixelWidth: 1290, pixelHeight: 2796, scale: 3, name: "iPhone 14 Pro Max/15 Plus/16 Plus"),
        Known(pixelWidth: 1206, pixelHeight: 2622, scale: 3, name: "iPhone 16 Pro"),
        Known(pixelWidth: 1320, pixelHeight: 2868, scale: 3, name: "iPhone 16 Pro Max"),
        Known(pixelWidth: 1536, pixelHeight: 2048, scale: 2, name: "iPad 9.7\""),
        Known(pixelWidth: 1668, pixelHeight: 2388, scale: 2, name: "iPad Pro 11\""),
        Known(pixelWidth: 2048, pixelHeight: 2732, scale: 2, name: "iPad Pro 12.9\""),
        Known(pixelWidth: 480, pixelHeight: 800, scale: 1.5, name: "Android hdpi WVGA"),
        Known(pixelWidth: 720, pixelHeight: 1280, scale: 2, name: "Android HD 16:9"),
        Known(pixelWidth: 720, pixelHeight: 1600, scale: 2, name: "Android HD+ 20:9"),
        Known(pixelWidth: 1080, pixelHeight: 1920, scale: 3, name: "Android FHD 16:9"),
        Known(pixelWidth: 1080, pixelHeight: 2160, scale: 3, name: "Android FHD+ 18:9"),
        Known(pixelWidth: 1080, pixelHeight: 2400, scale: 3, name: "Android FHD+ 20:9"),
        Known(pixelWidth: 1440, pixelHeight: 2560, scale: 4, name: "Android QHD 16:9"),
        Known(pixelWidth: 1440, pixelHeight: 2960, scale: 4, name: "Android QHD+ 18.5:9"),
        Known(pixelWidth: 1440, pixelHeight: 3120, scale: 4, name: "Android QHD+ 19.5:9"),
        Known(pixelWidth: 1440, pixelHeight: 3200, scale: 4, name: "Android QHD+ 20:9"),
    ]

    /// The device for a `width` x `height` pixel screen and where the guess came from: the
    /// name of a known screen, or `"fallback"` (see the type's note). Landscape sizes give a
    /// landscape device. Sizes below 1 px are treated as 1 px.
    public static func device(pixelWidth width: Int, pixelHeight height: Int) -> (device: Device, source: String) {
        let w = max(width, 1)
        let h = max(height, 1)
        let short = min(w, h)
        let long = max(w, h)
        if let known = table.first(where: { $0.pixelWidth == short && $0.pixelHeight == long }) {
            return (
                Device(width: Double(w) / known.scale, height: Double(h) / known.scale, scale: known.scale), known.name
            )
        }
        let scale = fallbackScale(shortSide: short)
        return (Device(width: Double(w) / scale, height: Double(h) / scale, scale: scale), "fallback")
    }

    /// The whole scale 1…4 that brings `shortSide` pixels closest to 360 points.
    public static func fallbackScale(shortSide: Int) -> Double {
        let candidates = [1.0, 2.0, 3.0, 4.0]
        return candidates.min { abs(Double(shortSide) / $0 - 360) < abs(Double(shortSide) / $1 - 360) } ?? 1
    }
}
