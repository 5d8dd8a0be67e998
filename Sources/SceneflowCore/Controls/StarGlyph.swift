import Foundation

/// The built-in star glyph drawn when a star rating gives no images: a five-pointed star
/// polygon rasterised with anti-aliasing (4×4 samples per pixel). Empty stars are light grey
/// with a darker grey outline; lit stars are gold with an amber outline. Pure Swift, so the
/// same size always gives the same pixels.
public enum StarGlyph {
    /// Which look.
    public enum Look: String, Sendable, Hashable, CaseIterable {
        /// Not lit: grey.
        case empty
        /// Lit: gold.
        case lit
    }

    /// Outline and fill colours (R, G, B) for a look.
    static func colours(_ look: Look) -> (outline: (UInt8, UInt8, UInt8), fill: (UInt8, UInt8, UInt8)) {
        switch look {
        case .empty: return ((158, 158, 158), (218, 218, 218))
        case .lit: return ((222, 142, 0), (255, 190, 20))
        }
    }

    /// The ten vertices (outer and inner points alternating, the first pointing up) of a star
    /// centred in a `width` x `height` box, scaled about the centre by `scale`.
    static func polygon(width: Double, height: Double, scale: Double) -> [(x: Double, y: Double)] {
        let cx = width / 2
        let outer = min(width, height) / 2 * 0.98 * scale
        let inner = outer * 0.5
        // Centre the star's bounding box vertically: its top is the point, its bottom the
        // two lower points at sin(54°) below the centre.
        let cy = height / 2 + outer * (1 - 0.809) / 2
        return (0..<10).map { i in
            let angle = -Double.pi / 2 + Double(i) * Double.pi / 5
            let r = i % 2 == 0 ? outer : inner
            return (cx + r * cos(angle), cy + r * sin(angle))
        }
    }

    /// A `width` x `height` px star image, transparent around the star.
    public static func image(width: Int, height: Int, look: Look) -> RGBAImage {
        let w = max(1, width)
        let h = max(1, height)
        let outlineWidth = max(1, Double(min(w, h)) / 14)
        let outerPolygon = polygon(width: Double(w), height: Double(h), scale: 1)
        let outerRadius = min(Double(w), Double(h)) / 2 * 0.98
        let innerPolygon = polygon(
            width: Double(w), height: Double(h), scale: max(0, 1 - outlineWidth * 2.2 / outerRadius))
        let (outline, fill) = colours(look)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let n = 4
        for y in 0..<h {
            for x in 0..<w {
                var inOuter = 0
                var inInner = 0
                for sy in 0..<n {
                    for sx in 0..<n {
                        let px = Double(x) + (Double(sx) + 0.5) / Double(n)
                        let py = Double(y) + (Double(sy) + 0.5) / Double(n)
                        if contains(outerPolygon, px, py) {
                            inOuter += 1
                            if contains(innerPolygon, px, py) { inInner += 1 }
                        }
                    }
                }
                guard inOuter > 0 else { continue }
                // Fill where the inner star covers, outline colour in the ring; alpha from
                // the outer coverage.
                let t = Double(inInner) / Double(inOuter)
                let i = (y * w + x) * 4
                pixels[i] = mix(outline.0, fill.0, t)
                pixels[i + 1] = mix(outline.1, fill.1, t)
                pixels[i + 2] = mix(outline.2, fill.2, t)
                pixels[i + 3] = UInt8((255 * Double(inOuter) / Double(n * n)).rounded())
            }
        }
        return RGBAImage(width: w, height: h, pixels: pixels)
    }

    private static func mix(_ a: UInt8, _ b: UInt8, _ t: Double) -> UInt8 {
        UInt8((Double(a) * (1 - t) + Double(b) * t).rounded())
    }

    /// Even-odd point-in-polygon test.
    static func contains(_ polygon: [(x: Double, y: Double)], _ x: Double, _ y: Double) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in polygon.indices {
            let a = polygon[i]
            let b = polygon[j]
            if (a.y > y) != (b.y > y), x < (b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }
}
