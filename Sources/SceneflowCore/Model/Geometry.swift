import Foundation

/// A position in points (device-independent units; pixels = points × scale).
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Horizontal position in points, from the left edge of the screen.
    public var x: Double
    /// Vertical position in points, from the top edge of the screen.
    public var y: Double
    /// Creates a point from x and y in points.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    /// The distance to `other`, in points.
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }
    /// `(x, y)` with at most two decimals.
    public var description: String { "(\(formatNumber(x)), \(formatNumber(y)))" }
}

/// A width and height in points.
public struct Size: Equatable, Hashable, Sendable {
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double
    /// Creates a size in points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle in points: origin at the top-left, y grows downwards.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Left edge in points.
    public var x: Double
    /// Top edge in points.
    public var y: Double
    /// Width in points (never negative in a validated prototype).
    public var width: Double
    /// Height in points (never negative in a validated prototype).
    public var height: Double
    /// Creates a rectangle from its top-left corner and size, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    /// The right edge, `x + width`.
    public var maxX: Double { x + width }
    /// The bottom edge, `y + height`.
    public var maxY: Double { y + height }
    /// The centre of the rectangle.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
    /// True when `p` lies inside; the left and top edges are inclusive, the right and bottom
    /// edges exclusive, so adjacent hotspots never both claim a point.
    public func contains(_ p: Point) -> Bool {
        p.x >= x && p.x < maxX && p.y >= y && p.y < maxY
    }
    /// True when the two rectangles share some area (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    /// True when the whole rectangle lies inside `other` but for at most `tolerance` on each
    /// side (same units): a frame written with fractional points (`{2.7, 0, 0.18, 1}` inside
    /// `{2.52, 0, 0.36, 1}`) sums to 2.8800000000000003 in doubles.
    public func isInside(_ other: Rect, tolerance: Double) -> Bool {
        x >= other.x - tolerance && y >= other.y - tolerance && maxX <= other.maxX + tolerance
            && maxY <= other.maxY + tolerance
    }

    /// True when the rectangles share more than a `tolerance`-wide strip (same units): frames
    /// that only touch, up to a rounding error in their fractional points, do not overlap.
    public func overlaps(_ other: Rect, tolerance: Double) -> Bool {
        x + tolerance < other.x + other.width && other.x + tolerance < x + width
            && y + tolerance < other.y + other.height && other.y + tolerance < y + height
    }

    /// True when the whole rectangle lies inside `other`.
    public func isInside(_ other: Rect) -> Bool {
        x >= other.x && y >= other.y && maxX <= other.maxX && maxY <= other.maxY
    }
    /// `{x, y, w, h}` as a prototype file writes it, to two decimals; a value that is not 0
    /// is never shown as 0 (`{10, 10, 1e-17, 1e-17}`: red-team 61 A, `inspect` showed a frame
    /// too small for a press as `{10, 10, 0, 0}`).
    public var description: String {
        func shown(_ value: Double) -> String {
            let text = formatNumber(value)
            return value != 0 && (text == "0" || text == "-0") ? String(format: "%g", value) : text
        }
        return "{\(shown(x)), \(shown(y)), \(shown(width)), \(shown(height))}"
    }
}

/// A rectangle in whole image pixels, used for the screen area inside a screenshot.
public struct PixelRect: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// Left edge in pixels.
    public var x: Int
    /// Top edge in pixels.
    public var y: Int
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Creates a pixel rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    /// `{x, y, w, h}` in pixels.
    public var description: String { "{\(x), \(y), \(width), \(height)}" }
}

/// Formats a number without a trailing `.0` and with at most `decimals` decimals; NaN and the
/// infinities read `NaN`, `infinity` and `-infinity` (never C's `-nan`); numbers of 10^15
/// and more read like `1e+300`.
public func formatNumber(_ value: Double, decimals: Int = 2) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value > 0 ? "infinity" : "-infinity" }
    if value == value.rounded() && abs(value) < 1e15 { return String(Int(value)) }
    if abs(value) >= 1e15 { return String(format: "%g", value) }  // 1e+300, not 301 digits
    var text = String(format: "%.\(decimals)f", value)
    guard text.contains(".") else { return text }  // "50" from 50.0001 at 0 decimals: keep the zero
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
}
