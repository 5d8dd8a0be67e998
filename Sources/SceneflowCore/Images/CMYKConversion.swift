/// Turns the CMYK samples of a 4-component JPEG into RGB, as ImageMagick, browsers and Pillow
/// do without a colour profile: each of red, green and blue is the paper left by its ink and by
/// black, R = (1 − C)(1 − K) and so on, with every value in 0...1.
///
/// Adobe applications (and libjpeg when asked for CMYK from an Adobe file) store the samples
/// inverted, 255 meaning no ink; `inverted` says which (see `ImageEncoding.invertedCMYK`). YCCK
/// files arrive here as CMYK: libjpeg converts them.
public enum CMYKConversion {
    /// `cmyk` (C, M, Y, K bytes per pixel, `width` x `height` px) as an opaque RGBA image;
    /// channels are rounded to the nearest level.
    public static func rgba(cmyk: [UInt8], width: Int, height: Int, inverted: Bool) -> RGBAImage {
        precondition(cmyk.count == width * height * 4, "CMYK buffer size does not match")
        var out = [UInt8](repeating: 255, count: cmyk.count)
        for i in stride(from: 0, to: cmyk.count, by: 4) {
            // Paper left, 0...255: the inverted sample itself, or 255 minus the ink.
            let k = Int(inverted ? cmyk[i + 3] : 255 - cmyk[i + 3])
            for channel in 0..<3 {
                let paper = Int(inverted ? cmyk[i + channel] : 255 - cmyk[i + channel])
                out[i + channel] = UInt8((paper * k + 127) / 255)
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
