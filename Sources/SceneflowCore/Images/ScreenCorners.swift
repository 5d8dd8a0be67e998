/// Hides the phone frame in the corners of a framed screenshot's screen area.
///
/// A phone's screen has rounded corners, but the screen area (`screen = "auto"` or a
/// rectangle) is a rectangle: its four corners hold bits of the dark bezel (and of the rim or
/// the transparent background), which would be drawn as black wedges. For each corner this
/// measures the wedge and replaces its pixels with the nearest screen pixel in the same row
/// or column (whichever is nearer), so the app's own colours reach into the corners.
///
/// Measuring: the bezel colour is the median of pixels just outside the screen area, in the
/// middle of each side. Along each corner's diagonal, after any rim pixels, the bezel-like run
/// (within 12 of the bezel colour per channel, or transparent) ends where the screen starts,
/// at distance `t` from the corner; a circle of radius r meets the diagonal at
/// t = r (1 − 1/√2). Screen corners are not exact circles (often flatter, "squircles"), so
/// the wedge itself is then measured row by row and column by column: the bezel-like run from
/// the edge, looked for only within a band around a circle 1.3 × r (so the black ring of a
/// punch-hole camera near the corner is never taken for bezel), made monotonic. A corner whose
/// diagonal run reaches 20 % of the shorter side (dark content next to a dark bezel: nothing
/// visible to hide) or starts past half that is left as it is.
public enum ScreenCorners {
    /// The largest radius considered, as a share of the screen area's shorter side.
    public static let maxRadiusShare = 0.2
    /// Per-channel difference (0–255) within which a pixel counts as bezel.
    public static let tolerance = 12

    /// The screen area `rect` of `image` at full resolution, corners filled (see the type).
    /// `rect` must lie inside `image`.
    public static func screenImage(_ image: RGBAImage, screen rect: PixelRect) -> RGBAImage {
        var out = crop(image, rect)
        guard let bezel = bezelColour(image, rect) else { return out }
        let source = out
        for (corner, radius) in zip(Corner.allCases, radii(image, screen: rect)) where radius > 1 {
            fill(
                &out, from: source, corner: corner,
                wedge: wedge(image, rect, corner: corner, radius: radius, bezel: bezel))
        }
        return out
    }

    /// The four corners of the screen area.
    public enum Corner: CaseIterable, Sendable {
        case topLeft, topRight, bottomLeft, bottomRight
        /// The inward direction along x and y.
        var step: (x: Int, y: Int) {
            switch self {
            case .topLeft: (1, 1)
            case .topRight: (-1, 1)
            case .bottomLeft: (1, -1)
            case .bottomRight: (-1, -1)
            }
        }
    }

    /// The rounded-corner radius in pixels at each corner, in `Corner.allCases` order; 0 where
    /// no rounded corner of bezel is found.
    public static func radii(_ image: RGBAImage, screen rect: PixelRect) -> [Int] {
        guard let bezel = bezelColour(image, rect) else { return [0, 0, 0, 0] }
        let limit = Int(Double(min(rect.width, rect.height)) * maxRadiusShare)
        let diagonalLimit = Int(Double(limit) * (1 - 1 / 2.0.squareRoot()))
        return Corner.allCases.map { corner in
            let step = corner.step
            let x0 = step.x > 0 ? rect.x : rect.x + rect.width - 1
            let y0 = step.y > 0 ? rect.y : rect.y + rect.height - 1
            func isBezel(_ i: Int) -> Bool { looksLike(bezel, image, x0 + i * step.x, y0 + i * step.y) }
            // Rim pixels may come first; the bezel must start in the first half of the diagonal.
            guard let start = (0...diagonalLimit / 2).first(where: isBezel) else { return 0 }
            guard let end = (start..<diagonalLimit).first(where: { !isBezel($0) }), end > 0 else { return 0 }
            return Int((Double(end) / (1 - 1 / 2.0.squareRoot())).rounded(.up))
        }
    }

    /// True when the pixel at (x, y) is transparent or within `tolerance` of `bezel`.
    static func looksLike(_ bezel: (Int, Int, Int), _ image: RGBAImage, _ x: Int, _ y: Int) -> Bool {
        let p = image.pixel(x: x, y: y)
        if p.a < 128 { return true }
        return abs(Int(p.r) - bezel.0) <= tolerance && abs(Int(p.g) - bezel.1) <= tolerance
            && abs(Int(p.b) - bezel.2) <= tolerance
    }

    /// The median colour of the opaque pixels 1–3 px outside the middle of each side of
    /// `rect`, or nil when there are none (the area touches the image's edges).
    static func bezelColour(_ image: RGBAImage, _ rect: PixelRect) -> (Int, Int, Int)? {
        var samples: [(Int, Int, Int)] = []
        let midX = rect.x + rect.width / 2
        let midY = rect.y + rect.height / 2
        for d in 1...3 {
            for (x, y) in [
                (rect.x - d, midY), (rect.x + rect.width - 1 + d, midY), (midX, rect.y - d),
                (midX, rect.y + rect.height - 1 + d),
            ] where x >= 0 && y >= 0 && x < image.width && y < image.height {
                let p = image.pixel(x: x, y: y)
                if p.a >= 128 { samples.append((Int(p.r), Int(p.g), Int(p.b))) }
            }
        }
        guard !samples.isEmpty else { return nil }
        let byBrightness = samples.sorted { $0.0 + $0.1 + $0.2 < $1.0 + $1.1 + $1.2 }
        return byBrightness[byBrightness.count / 2]
    }

    /// `rect` of `image` as a new image.
    static func crop(_ image: RGBAImage, _ rect: PixelRect) -> RGBAImage {
        var bytes = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        let row = rect.width * 4
        for y in 0..<rect.height {
            let from = ((rect.y + y) * image.width + rect.x) * 4
            bytes.replaceSubrange(y * row..<(y + 1) * row, with: image.pixels[from..<from + row])
        }
        return RGBAImage(width: rect.width, height: rect.height, pixels: bytes)
    }

    /// The wedge at `corner` of the screen area `rect` of `image`, in corner-local pixels
    /// (counted inwards from the corner): for each row, how many pixels from the side are
    /// bezel or its anti-aliased edge, and for each column, how many from the top or bottom edge.
    static func wedge(_ image: RGBAImage, _ rect: PixelRect, corner: Corner, radius: Int, bezel: (Int, Int, Int))
        -> (rows: [Int], columns: [Int])
    {
        let wide = Double(radius) * 1.3
        let band = min(Int(wide.rounded(.up)), min(rect.width, rect.height) / 2)
        let step = corner.step
        let x0 = step.x > 0 ? rect.x : rect.x + rect.width - 1
        let y0 = step.y > 0 ? rect.y : rect.y + rect.height - 1
        /// How far from the side the circle of radius `wide` lies at offset `k`, plus 2 px.
        func cap(_ k: Int) -> Int {
            let dy = wide - (Double(k) + 0.5)
            return min(band, Int((wide - max(0, wide * wide - dy * dy).squareRoot()).rounded(.up)) + 2)
        }
        func run(_ k: Int, alongRow: Bool) -> Int {
            func point(_ i: Int) -> (Int, Int) {
                alongRow ? (x0 + i * step.x, y0 + k * step.y) : (x0 + k * step.x, y0 + i * step.y)
            }
            var last = -1
            for i in 0..<cap(k) {
                let (x, y) = point(i)
                if looksLike(bezel, image, x, y) {
                    last = i
                } else if last >= 0 {
                    break
                }
            }
            guard last >= 0 else { return 0 }
            // The anti-aliased edge: pixels still changing (more than `tolerance` to the one
            // 3 px further); a few pixels, or a longer tail along the first rows, where the arc
            // runs almost parallel to the edge.
            var end = last + 1
            let longest = end + (k < 2 ? 16 : 3)
            while end < min(longest, band - 3) {
                let (x, y) = point(end)
                let (nx, ny) = point(end + 3)
                let a = image.pixel(x: x, y: y)
                let b = image.pixel(x: nx, y: ny)
                let change = max(
                    abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)),
                    abs(Int(a.a) - Int(b.a)))
                guard change > tolerance else { break }
                end += 1
            }
            return end
        }
        var rows = (0..<band).map { run($0, alongRow: true) }
        var columns = (0..<band).map { run($0, alongRow: false) }
        for k in 1..<max(band, 1) {  // the wedge narrows away from the corner
            rows[k] = min(rows[k], rows[k - 1])
            columns[k] = min(columns[k], columns[k - 1])
        }
        return (rows, columns)
    }

    /// Replaces the wedge's pixels in `image` (the screen area, corner-local offsets as in
    /// `wedge`) with `source`'s nearest screen pixel towards the corner's centre: walking from
    /// the pixel towards the point (R, R), R being the wedge's extent along the edges, to the
    /// first pixel clear of the wedge (it and its neighbours towards the corner).
    static func fill(
        _ image: inout RGBAImage, from source: RGBAImage, corner: Corner, wedge: (rows: [Int], columns: [Int])
    ) {
        let step = corner.step
        let originX = step.x > 0 ? 0 : image.width - 1
        let originY = step.y > 0 ? 0 : image.height - 1
        let band = wedge.rows.count
        guard band > 0 else { return }
        func offset(_ i: Int, _ j: Int) -> Int { ((originY + j * step.y) * image.width + originX + i * step.x) * 4 }
        func isWedge(_ i: Int, _ j: Int) -> Bool {
            guard i >= 0, j >= 0 else { return true }
            let inRow = j < band && i < wedge.rows[j]
            let inColumn = i < band && j < wedge.columns[i]
            return inRow || inColumn
        }
        let centre = Double(max(wedge.rows[0], wedge.columns[0], 1))
        for j in 0..<band {
            for i in 0..<band where isWedge(i, j) {
                let x = Double(i) + 0.5
                let y = Double(j) + 0.5
                let length = ((centre - x) * (centre - x) + (centre - y) * (centre - y)).squareRoot()
                guard length > 0 else { continue }
                let (ux, uy) = ((centre - x) / length, (centre - y) / length)
                var t = 1.0
                var (si, sj) = (i, j)
                while t < 2 * centre {
                    (si, sj) = (Int(x + ux * t), Int(y + uy * t))
                    if !isWedge(si, sj) && !isWedge(si - 1, sj) && !isWedge(si, sj - 1) { break }
                    t += 1
                }
                guard si < image.width, sj < image.height else { continue }
                let from = offset(si, sj)
                let to = offset(i, j)
                for c in 0..<4 { image.pixels[to + c] = source.pixels[from + c] }
            }
        }
    }
}
