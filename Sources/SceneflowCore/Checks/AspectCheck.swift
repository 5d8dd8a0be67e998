import Foundation

/// Compares the shape of a screenshot's screen area with the shape of the device it is drawn
/// into. A scene's image is scaled to fill the device (in portrait, its landscape variant to
/// fill the turned device), so a different aspect ratio stretches it.
public enum AspectCheck {
    /// The largest relative difference of aspect ratios (width ÷ height) that is not called
    /// stretched: 3 %, which lets through screenshots a few pixels off the device size (a
    /// status bar cropped, a frame measured 1 px wide) but not a 16:9 shot on a 20:9 device (11 %).
    public static let tolerance = 0.03

    /// Width ÷ height; 1 for an empty size.
    public static func aspect(width: Double, height: Double) -> Double {
        width > 0 && height > 0 ? width / height : 1
    }

    /// How far apart the aspect of a `width` x `height` pixel area and `device`'s are,
    /// relative to the device's: 0.11 means 11 %.
    public static func mismatch(width: Int, height: Int, device: Device) -> Double {
        let image = aspect(width: Double(width), height: Double(height))
        let screen = aspect(width: device.width, height: device.height)
        return abs(image - screen) / screen
    }

    /// True when drawing a `width` x `height` pixel area into `device` stretches it by more
    /// than `tolerance`.
    public static func isStretched(width: Int, height: Int, into device: Device) -> Bool {
        mismatch(width: width, height: height, device: device) > tolerance
    }

    /// `"landscape"` for an area wider than tall, `"portrait"` for one taller than wide, else `"square"`.
    public static func shape(width: Double, height: Double) -> String {
        width > height ? "landscape" : width < height ? "portrait" : "square"
    }

    /// The aspect written for messages, with 3 decimals: `0.45` → `"0.450"`.
    public static func text(_ aspect: Double) -> String { String(format: "%.3f", aspect) }

    /// `(screen area 2400x1080 px, landscape, aspect 2.222) stretched into the portrait 360x800 pt
    /// device (aspect 0.450, 394 % apart)`: how a `width` x `height` pixel area (`framed`: the
    /// screen area of a framed shot) is drawn into `device`, for warnings. `into` names what
    /// `device` stands for (`"device"`; `"bottom overlay"` for an overlay's rectangle).
    public static func stretchText(
        width: Int, height: Int, framed: Bool, device: Device, into: String = "device"
    ) -> String {
        let w = Double(width)
        let h = Double(height)
        let percent = mismatch(width: width, height: height, device: device) * 100
        // A size of 1e-20 pt gives a ratio past Int.max: say "over" rather than convert it.
        let apart = percent < 1e6 ? "\(Int(percent.rounded())) %" : "over 1000000 %"
        return "(\(framed ? "screen area " : "")\(width)x\(height) px, \(shape(width: w, height: h)), "
            + "aspect \(text(aspect(width: w, height: h)))) stretched into the "
            + "\(shape(width: device.width, height: device.height)) "
            + "\(formatNumber(device.width))x\(formatNumber(device.height)) pt \(into) "
            + "(aspect \(text(aspect(width: device.width, height: device.height))), \(apart) apart)"
    }
}
