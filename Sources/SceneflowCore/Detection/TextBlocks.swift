/// Finds the flat coloured blocks of a screen (cards, filled buttons, a greyed bar), where text
/// in a light colour on a mid-tone fill is lost when the whole page is turned black and white
/// with one local threshold (Sauvola's, tuned for dark text on a light page): white names on
/// pink or green cards, "UPDATE" on a green button. `TextDetector` reads each block again on its
/// own, where one threshold for the block's two colours (Otsu's) separates text and fill.
///
/// The screen is cut into `tile` x `tile` px tiles; a tile belongs to a block when its median
/// luma differs from the page's (the commonest tile median) by more than `pageDistance`; tiles
/// of about the same median (within `sameFill`) that touch form one block. A block is kept when
/// it is at least `minimumTiles` wide and high in tiles, fills half of its bounding box, is
/// mostly flat (half of its tiles have a spread under `flatSpread` luma levels: a fill, not a
/// photo), is at least 1.25 times as wide as it is high (a card or a button bar; a square is an
/// app icon, whose artwork reads as noise and costs a reading) and covers less than half the
/// screen.
public enum TextBlocks {
    /// The tile side in pixels.
    public static let tile = 8
    /// How far (luma levels) a tile's median must be from the page's to be part of a block.
    public static let pageDistance = 30
    /// How close (luma levels) two touching tiles' medians must be to be one fill.
    public static let sameFill = 24
    /// The spread (luma levels between the 10th and 90th percentile) under which a tile is flat.
    public static let flatSpread = 10
    /// The smallest block: 12 tiles wide, 5 tiles high.
    public static let minimumTiles = (width: 12, height: 5)

    /// The blocks of `image`, in its pixels, top to bottom.
    public static func find(in image: GrayImage) -> [PixelRect] {
        let tw = image.width / tile
        let th = image.height / tile
        guard tw > 0, th > 0 else { return [] }
        var median = [Int](repeating: 0, count: tw * th)
        var flat = [Bool](repeating: false, count: tw * th)
        var values = [Int](repeating: 0, count: tile * tile)
        for ty in 0..<th {
            for tx in 0..<tw {
                var n = 0
                for y in (ty * tile)..<(ty * tile + tile) {
                    for x in (tx * tile)..<(tx * tile + tile) {
                        values[n] = Int(image.pixels[y * image.width + x])
                        n += 1
                    }
                }
                values.sort()
                median[ty * tw + tx] = values[values.count / 2]
                flat[ty * tw + tx] = values[values.count * 9 / 10] - values[values.count / 10] < flatSpread
            }
        }
        var histogram = [Int](repeating: 0, count: 256)
        for m in median { histogram[m] += 1 }
        let page = histogram.indices.max { histogram[$0] < histogram[$1] } ?? 255
        var component = [Int](repeating: -1, count: tw * th)
        var blocks: [PixelRect] = []
        var count = 0
        for start in 0..<(tw * th) where abs(median[start] - page) > pageDistance && component[start] < 0 {
            component[start] = count
            var stack = [start]
            var (x0, y0, x1, y1, tiles, flats) = (tw, th, 0, 0, 0, 0)
            while let i = stack.popLast() {
                let x = i % tw
                let y = i / tw
                tiles += 1
                if flat[i] { flats += 1 }
                (x0, x1, y0, y1) = (min(x0, x), max(x1, x), min(y0, y), max(y1, y))
                for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
                    let nx = x + dx
                    let ny = y + dy
                    guard nx >= 0, ny >= 0, nx < tw, ny < th else { continue }
                    let j = ny * tw + nx
                    if component[j] < 0, abs(median[j] - page) > pageDistance, abs(median[j] - median[i]) < sameFill {
                        component[j] = count
                        stack.append(j)
                    }
                }
            }
            count += 1
            let w = x1 - x0 + 1
            let h = y1 - y0 + 1
            guard w >= minimumTiles.width, h >= minimumTiles.height, tiles * 2 >= w * h, flats * 2 >= tiles,
                w * 4 >= h * 5, w * h * 2 < tw * th
            else { continue }
            blocks.append(PixelRect(x: x0 * tile, y: y0 * tile, width: w * tile, height: h * tile))
        }
        return blocks.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    }
}

extension GrayImage {
    /// The part of the image inside `rect` (pixels), clipped to the image.
    public func cropped(_ rect: PixelRect) -> GrayImage {
        let x0 = max(0, min(width, rect.x))
        let y0 = max(0, min(height, rect.y))
        let x1 = max(x0, min(width, rect.x + rect.width))
        let y1 = max(y0, min(height, rect.y + rect.height))
        var out: [UInt8] = []
        out.reserveCapacity((x1 - x0) * (y1 - y0))
        for y in y0..<y1 { out.append(contentsOf: pixels[(y * width + x0)..<(y * width + x1)]) }
        return GrayImage(width: x1 - x0, height: y1 - y0, pixels: out)
    }
}
