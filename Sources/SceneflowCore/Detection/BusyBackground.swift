/// Tells text on a photo or a map (street names, a poster's title, text inside an app icon)
/// from text on an interface's flat background: around a word an interface has one flat colour,
/// a photo or map has many. A word counts as on a busy background when more than
/// `busyShare` of the pixels in a band around its box (`margin` x its height wide, the box
/// itself left out) differ from that band's median luma by more than `tolerance`.
public enum BusyBackground {
    /// The band around a word, as a share of the word's height.
    public static let margin = 0.5
    /// How far (luma levels) a band pixel may be from the band's median and still count as flat.
    public static let tolerance = 28
    /// The share of band pixels off the median above which the background is busy.
    public static let busyShare = 0.3

    /// True when `box` (pixels of `image`) sits on a busy background.
    public static func isBusy(_ box: PixelRect, in image: GrayImage) -> Bool {
        let pad = max(2, Int((Double(box.height) * margin).rounded()))
        let x0 = max(0, box.x - pad)
        let y0 = max(0, box.y - pad)
        let x1 = min(image.width, box.x + box.width + pad)
        let y1 = min(image.height, box.y + box.height + pad)
        var histogram = [Int](repeating: 0, count: 256)
        var band: [UInt8] = []
        band.reserveCapacity(4 * pad * (box.width + box.height + 2 * pad))
        for y in y0..<max(y0, y1) {
            let inside = y >= box.y && y < box.y + box.height
            var x = x0
            while x < x1 {
                if inside && x >= box.x && x < box.x + box.width {
                    x = box.x + box.width
                    continue
                }
                let v = image.pixels[y * image.width + x]
                histogram[Int(v)] += 1
                band.append(v)
                x += 1
            }
        }
        guard band.count >= 8 else { return false }
        var seen = 0
        var median = 0
        for (value, count) in histogram.enumerated() {
            seen += count
            if seen * 2 >= band.count {
                median = value
                break
            }
        }
        let off = band.filter { abs(Int($0) - median) > tolerance }.count
        return Double(off) / Double(band.count) > busyShare
    }
}
