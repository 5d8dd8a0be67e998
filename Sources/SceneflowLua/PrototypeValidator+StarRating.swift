import Foundation
import SceneflowCore

extension PrototypeValidator {
    /// The keys of an element with `control = "star_rating"`, besides the element's own.
    static let starRatingKeys = [
        "stars", "star", "star_highlighted", "star_size", "spacing", "touch_band", "step", "min", "max", "value",
        "read_only", "rtl", "tap_to_clear", "on_changing", "on_change",
    ]
    /// The control kinds an element may declare.
    static let controlKinds = ["star_rating"] + StateControl.Style.allCases.map(\.rawValue) + ["text_field"]
    /// The steps a star rating accepts, in stars.
    static let starSteps: [Double] = [1, 0.5, 0.1]

    /// The keys an element table may use: the plain ones, plus the star rating's when it
    /// declares `control = "star_rating"` — or any other `control`, whose own error (with its
    /// did-you-mean) is then the one reported, not one per control key.
    static func elementKeys(for table: LuaTable) -> [String] {
        if table["control"].isNone { return elementKeys }
        if case .string("text_field") = table["control"] { return elementKeys + textFieldKeys }
        if case .string(let name) = table["control"], let style = StateControl.Style(rawValue: name) {
            return elementKeys + stateControlKeys + (style.selects ? ["segments"] : [])
        }
        return elementKeys + starRatingKeys
    }

    /// `control = "star_rating"` and its keys (issue 4), or nil with errors recorded under
    /// `path` (the element's table path). Star images must exist and declare the same pixel
    /// size; `star_size` defaults to that size ÷ the device scale.
    mutating func validateControl(_ table: LuaTable, path: String, frame: Rect?) -> ElementControl? {
        let kinds = Self.controlKinds.map { "\"\($0)\"" }.joined(separator: ", ")
        switch table["control"] {
        case .none: return nil
        case .string("star_rating"): break
        case .string("text_field"): return validateTextField(table, path: path, frame: frame)
        case .string(let s) where StateControl.Style(rawValue: s) != nil:
            return validateStateControl(table, style: StateControl.Style(rawValue: s)!, path: path, frame: frame)
        case .string(let s):
            error(
                path + ".control",
                "unknown control \"\(s)\"; the controls are \(kinds)"
                    + Self.controlHint(s))
            return nil
        case let other:
            error(path + ".control", "expected one of \(kinds), got \(describe(other))")
            return nil
        }
        let before = diagnostics.count
        let stars = starCount(table["stars"], path: path + ".stars")
        let images = starImages(table, path: path)
        let size = starSize(table["star_size"], path: path + ".star_size") ?? images.size
        let spacing = number(table["spacing"], path: path + ".spacing", default: 0, atLeast: 0)
        let band = number(table["touch_band"], path: path + ".touch_band", default: 20, atLeast: 0)
        let step = starStep(table["step"], path: path + ".step")
        let grid = StarRatingValue(step: step, minimum: 0, maximum: Double(stars))
        let minimum = bound(table["min"], path: path + ".min", default: 0, grid: grid)
        let maximum = bound(table["max"], path: path + ".max", default: Double(stars), grid: grid)
        if minimum >= maximum {
            error(path + ".min", "min (\(formatNumber(minimum))) must be less than max (\(formatNumber(maximum)))")
        }
        let bounds = StarRatingValue(step: step, minimum: minimum, maximum: min(maximum, Double(stars)))
        let value = initialValue(table["value"], path: path + ".value", grid: bounds)
        let onChanging = function(table["on_changing"], path: path + ".on_changing")
        let onChange = function(table["on_change"], path: path + ".on_change")
        guard diagnostics.count == before || !diagnostics[before...].contains(where: { $0.severity == .error })
        else { return nil }
        return .starRating(
            StarRating(
                stars: stars, starImage: images.star, highlightedImage: images.highlighted, starSize: size,
                spacing: spacing, touchBand: band, step: step, minimum: minimum, maximum: maximum,
                initialValue: value, readOnly: flag(table["read_only"], path: path + ".read_only"),
                rightToLeft: flag(table["rtl"], path: path + ".rtl"),
                tapToClear: flag(table["tap_to_clear"], path: path + ".tap_to_clear"), onChanging: onChanging,
                onChange: onChange))
    }

    private mutating func starCount(_ value: LuaValue, path: String) -> Int {
        guard !value.isNone else { return 5 }
        guard let n = value.number, n == n.rounded(), n >= 1, n <= 100 else {
            error(path, "expected a whole number of stars from 1 to 100, got \(describe(value))")
            return 5
        }
        return Int(saturating: n)
    }

    /// `star` and `star_highlighted`: both or neither; each inside the folder; same size.
    private mutating func starImages(
        _ table: LuaTable, path: String
    ) -> (star: String?, highlighted: String?, size: Size?) {
        let given = (table["star"].isNone, table["star_highlighted"].isNone)
        if given == (true, true) { return (nil, nil, nil) }
        if given.0 != given.1 {
            let missing = given.0 ? "star" : "star_highlighted"
            error(
                "\(path).\(missing)",
                "missing; give both star and star_highlighted (same size), or neither for built-in stars")
            return (nil, nil, nil)
        }
        let star = validateImage(table["star"], path: path + ".star")
        let lit = validateImage(table["star_highlighted"], path: path + ".star_highlighted")
        guard let star, let lit else { return (nil, nil, nil) }
        guard let a = pixelSize(star, path: path + ".star"), let b = pixelSize(lit, path: path + ".star_highlighted")
        else { return (nil, nil, nil) }
        guard a == b else {
            error(
                path + ".star_highlighted",
                "\"\(lit)\" is \(b.0)x\(b.1) px but star \"\(star)\" is \(a.0)x\(a.1) px; the two images must be the same size"
            )
            return (nil, nil, nil)
        }
        let scale = deviceScale ?? 1
        return (star, lit, Size(width: Double(a.0) / scale, height: Double(a.1) / scale))
    }

    private mutating func pixelSize(_ image: String, path: String) -> (Int, Int)? {
        let full = (directory as NSString).appendingPathComponent(image)
        switch ImageHeader.read(path: full) {
        case .size(_, let w, let h) where w > 0 && h > 0 && w <= 4096 && h <= 4096: return (w, h)
        case .size(let format, let w, let h):
            error(path, "\"\(image)\" is a \(format) of \(w)x\(h) px; a star image must be 1 to 4096 px on a side")
        case .malformed(let format): error(path, "\"\(image)\": the \(format) header is truncated or malformed")
        case .unknown:
            let bytes = FileHandle(forReadingAtPath: full).flatMap { try? $0.read(upToCount: 64) }.map { [UInt8]($0) }
            if let foreign = ForeignImageFormat.identify(bytes ?? []) {
                error(path, "\"\(image)\" is \(foreign.name)\(foreign.advice)")
            } else {
                error(
                    path,
                    "\"\(image)\" is not a \(ForeignImageFormat.readable.replacingOccurrences(of: " and ", with: " or ")) image"
                )
            }
        case .none: error(path, "\"\(image)\" cannot be read")
        }
        return nil
    }

    /// `{w, h}` or `{w = ..., h = ...}` in points, both > 0; nil when absent or bad.
    private mutating func starSize(_ value: LuaValue, path: String) -> Size? {
        guard !value.isNone else { return nil }
        let table = value.table
        let items = table?.sequence ?? [table?["w"] ?? .none, table?["h"] ?? .none]
        guard let table, !table.isAction, items.count == 2, let w = items[0].number, let h = items[1].number,
            w > 0, h > 0, w <= Self.maxDevicePoints, h <= Self.maxDevicePoints
        else {
            error(
                path,
                "expected {w, h} in points, both > 0 and at most \(formatNumber(Self.maxDevicePoints)), got \(describe(value))"
            )
            return nil
        }
        return Size(width: w, height: h)
    }

    private mutating func starStep(_ value: LuaValue, path: String) -> Double {
        guard !value.isNone else { return 1 }
        guard let n = value.number, Self.starSteps.contains(n) else {
            error(path, "expected 1, 0.5 or 0.1 (stars per step), got \(describe(value))")
            return 1
        }
        return n
    }

    private mutating func number(_ value: LuaValue, path: String, default fallback: Double, atLeast low: Double)
        -> Double
    {
        guard !value.isNone else { return fallback }
        // Bounded as the device is (3e9 pt of spacing crashed `render`: red-team finding F6).
        guard let n = value.number, n >= low, n <= Self.maxDevicePoints else {
            error(
                path,
                "expected a number of points from \(formatNumber(low)) to \(formatNumber(Self.maxDevicePoints)), got \(describe(value))"
            )
            return fallback
        }
        return n
    }

    /// `min` or `max`: on the step grid, within 0…stars.
    private mutating func bound(_ value: LuaValue, path: String, default fallback: Double, grid: StarRatingValue)
        -> Double
    {
        guard !value.isNone else { return fallback }
        guard let n = value.number, n.isFinite, n >= 0, n <= grid.maximum else {
            error(path, "expected a number from 0 to \(formatNumber(grid.maximum)) (the stars), got \(describe(value))")
            return fallback
        }
        if let snapped = try? grid.snap(n), abs(snapped - n) > 1e-9 {
            error(path, "\(formatNumber(n, decimals: 6)) is not a multiple of the step \(formatNumber(grid.step))")
        }
        return n
    }

    /// `value`: snapped and clamped (rule 7), with a warning when that changed it; NaN is
    /// an error.
    private mutating func initialValue(_ value: LuaValue, path: String, grid: StarRatingValue) -> Double {
        guard !value.isNone else { return grid.minimum }
        guard let n = value.number else {
            error(path, "expected a number of stars, got \(describe(value))")
            return grid.minimum
        }
        guard let snapped = try? grid.snap(n) else {
            error(path, "the value is not a number (NaN)")
            return grid.minimum
        }
        if abs(snapped - n) > 1e-9 {
            warning(
                path,
                "\(formatNumber(n, decimals: 6)) becomes \(formatNumber(snapped, decimals: 1)) (step \(formatNumber(grid.step)), min \(formatNumber(grid.minimum)), max \(formatNumber(grid.maximum)))"
            )
        }
        return snapped
    }

    private mutating func flag(_ value: LuaValue, path: String) -> Bool {
        switch value {
        case .none: return false
        case .boolean(let b): return b
        default:
            error(path, "expected true or false, got \(describe(value))")
            return false
        }
    }

    /// `on_changing` / `on_change`: a Lua function `function(app, value) ... end`, or a
    /// navigation action such as `go("thanks")`.
    mutating func function(_ value: LuaValue, path: String) -> Action? {
        value.isNone ? nil : validateAction(value, path: path)
    }
}
