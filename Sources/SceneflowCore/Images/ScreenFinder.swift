/// Finds the screen inside a device-framed screenshot: a phone bezel drawn on a transparent
/// background, as in store mock-ups (Feeder's and Aurora Store's screenshots).
///
/// Method: sample 41 rows across the middle half of the image and 42 columns left and right of
/// the centre (avoiding a punch-hole camera). Along each line, mark where the colour jumps by
/// more than 24 (of 255) in any channel. An edge that at least 80 % of the lines share is a
/// frame edge; content rarely lines up that well. Left and right: the innermost shared edge
/// within the outer 15 %. Top: the innermost shared edge within the outer 12 % above which the
/// columns show only the side bezel's colours (`ScreenFinder+Bezel.swift`), so a contrasting app
/// bar is not taken for the bezel (the innermost shared edge when none qualifies). Bottom: a bottom bar in the app's content
/// can also span the full width, so the bottom edge is predicted from the top bezel's
/// thickness (bezels are symmetric) and snapped to the shared edge nearest the prediction
/// (within 16 px). Returns nil for an image with no transparency, or when no frame is found.
public enum ScreenFinder {
    /// The screen rectangle in image pixels, or nil when the image is not a framed screenshot.
    public static func find(in image: RGBAImage) -> PixelRect? {
        let w = image.width
        let h = image.height
        guard w >= 32, h >= 32, hasTransparency(image) else { return nil }
        let rows = (0...40).map { i -> Line in
            let y = Int(Double(h) * (0.25 + 0.5 * Double(i) / 40))
            return Line(image: image, horizontal: true, index: y)
        }
        var columns: [Line] = []
        for i in 0...20 {
            let step = 0.25 * Double(i) / 20
            columns.append(Line(image: image, horizontal: false, index: Int(Double(w) * (0.15 + step))))
            columns.append(Line(image: image, horizontal: false, index: Int(Double(w) * (0.6 + step))))
        }
        let xLimit = w * 15 / 100
        let yLimit = h * 12 / 100
        guard let left = consistentEdges(rows, reversed: false, limit: xLimit).last,
            let right = consistentEdges(rows, reversed: true, limit: xLimit).last,
            let innermostTop = consistentEdges(columns, reversed: false, limit: yLimit).last,
            let outerTop = outerEdge(columns, reversed: false),
            let outerBottom = outerEdge(columns, reversed: true)
        else { return nil }
        let topEdges = consistentEdges(columns, reversed: false, limit: yLimit)
        let top =
            innermostBezelEdge(topEdges, columns: columns, bezel: bezelColours(rows, left: left)) ?? innermostTop
        let predicted = outerBottom + (top - outerTop)
        let candidates = consistentEdges(columns, reversed: true, limit: yLimit).filter { abs($0 - predicted) <= 16 }
        let bottom = candidates.min { abs($0 - predicted) < abs($1 - predicted) } ?? predicted
        let rect = PixelRect(x: left, y: top, width: (w - right) - left, height: (h - bottom) - top)
        return rect.width > w / 2 && rect.height > h / 2 ? rect : nil
    }

    /// One sampled row or column of an image.
    struct Line {
        let image: RGBAImage
        let horizontal: Bool
        let index: Int
        var count: Int { horizontal ? image.width : image.height }
        func offset(_ i: Int, reversed: Bool) -> Int {
            let j = reversed ? count - 1 - i : i
            return horizontal ? (index * image.width + j) * 4 : (j * image.width + index) * 4
        }
    }

    private static func hasTransparency(_ image: RGBAImage) -> Bool {
        let p = image.pixels
        let corners = [0, (image.width - 1) * 4, (image.height - 1) * image.width * 4, p.count - 4]
        return corners.contains { p[$0 + 3] < 128 }
    }

    /// Positions (counted from the start, or from the end when reversed) where at least 80 % of
    /// the lines have a colour jump, sorted ascending.
    static func consistentEdges(_ lines: [Line], reversed: Bool, limit: Int) -> [Int] {
        var counts = [Int](repeating: 0, count: limit + 1)
        for line in lines {
            let p = line.image.pixels
            for i in 1...limit where i < line.count {
                let a = line.offset(i - 1, reversed: reversed)
                let b = line.offset(i, reversed: reversed)
                var jump = 0
                for c in 0..<4 { jump = max(jump, abs(Int(p[a + c]) - Int(p[b + c]))) }
                if jump > 24 { counts[i] += 1 }
            }
        }
        let needed = Int((Double(lines.count) * 0.8).rounded(.up))
        return counts.indices.filter { counts[$0] >= needed }
    }

    /// The median position of the first pixel with alpha ≥ 128 along the lines.
    static func outerEdge(_ lines: [Line], reversed: Bool) -> Int? {
        var found: [Int] = []
        for line in lines {
            let p = line.image.pixels
            if let i = (0..<line.count).first(where: { p[line.offset($0, reversed: reversed) + 3] >= 128 }) {
                found.append(i)
            }
        }
        guard !found.isEmpty else { return nil }
        return found.sorted()[found.count / 2]
    }
}
