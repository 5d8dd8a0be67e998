import SceneflowCore

extension PrototypeValidator {
    /// `device = { width = 360, height = 800, scale = 3 }`: points, all required, all > 0.
    /// The largest `device.width`/`height` in points and `device.scale` accepted.
    static let maxDevicePoints = 100_000.0
    static let maxDeviceScale = 100.0

    mutating func validateDevice(_ value: LuaValue) -> Device? {
        guard let table = value.table, !table.isAction else {
            error(
                "device",
                value.isNone
                    ? "missing; give the screen size in points and the scale, e.g. device = { width = 360, height = 800, scale = 3 }"
                    : "expected { width = ..., height = ..., scale = ... }, got \(describe(value))")
            return nil
        }
        checkKeys(table, known: Self.deviceKeys, path: "device")
        var numbers: [Double] = []
        for key in Self.deviceKeys {
            let item = table[key]
            // Bounded so that the pixel size (points × scale) always converts to an Int: a
            // scale of 1e300 crashed `check` (issue 15.3); the opener then checks the pixels.
            let most = key == "scale" ? Self.maxDeviceScale : Self.maxDevicePoints
            if let n = item.number, n > 0, n.isFinite, n <= most {
                numbers.append(n)
            } else {
                error(
                    "device.\(key)",
                    item.isNone
                        ? "missing; expected a number > 0"
                        : "expected a number > 0 and at most \(formatNumber(most)), got \(describe(item))")
            }
        }
        guard numbers.count == 3 else { return nil }
        return Device(width: numbers[0], height: numbers[1], scale: numbers[2])
    }

    /// An element frame `{x, y, w, h}` in points: four numbers, `w` and `h` > 0.
    mutating func validateFrame(_ value: LuaValue, path: String) -> Rect? {
        let shape = "{x, y, w, h} in points"
        guard let table = value.table, !table.isAction else {
            error(path, value.isNone ? "missing; expected \(shape)" : "expected \(shape), got \(describe(value))")
            return nil
        }
        guard let items = table.sequence, items.count == 4 else {
            let count = table.sequence.map { counted($0.count, "value") } ?? "a table that is not a list"
            error(path, "expected 4 numbers \(shape), got \(count)")
            return nil
        }
        var numbers: [Double] = []
        for (offset, item) in items.enumerated() {
            guard let n = item.number, n.isFinite else {
                let name = ["x", "y", "w", "h"][offset]
                error(path, "\(name) (item \(offset + 1)) must be a finite number, got \(describe(item))")
                return nil
            }
            // Bounded so that every later sum and pixel conversion stays finite and in range.
            guard abs(n) <= Self.maxDevicePoints * 10 else {
                let name = ["x", "y", "w", "h"][offset]
                error(
                    path,
                    "\(name) (item \(offset + 1)) must be within ±\(formatNumber(Self.maxDevicePoints * 10)) points, got \(describe(item))"
                )
                return nil
            }
            numbers.append(n)
        }
        if numbers[2] <= 0 || numbers[3] <= 0 {
            error(
                path,
                "width and height must be > 0, got w = \(formatNumber(numbers[2], decimals: 6)), h = \(formatNumber(numbers[3], decimals: 6))"
            )
            return nil
        }
        return Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// `screen = "auto"` or `{x, y, w, h}` in whole image pixels (x, y >= 0; w, h > 0).
    mutating func validateScreen(_ value: LuaValue, path: String) -> ScreenArea? {
        switch value {
        case .none: return .wholeImage
        case .string("auto"): return .auto
        case .string(let s):
            error(
                path,
                "unknown screen \"\(s)\"; use \"auto\" or {x, y, w, h} in image pixels"
                    + NearestName.hint(for: s, among: ["auto"]))
            return nil
        case .table(let table) where !table.isAction:
            guard let items = table.sequence, items.count == 4,
                let numbers = Optional(items.compactMap(\.number)), numbers.count == 4,
                numbers.allSatisfy({ $0 == $0.rounded() && abs($0) < 1e9 })
            else {
                error(path, "expected {x, y, w, h} in whole image pixels")
                return nil
            }
            let rect = PixelRect(
                x: Int(saturating: numbers[0]), y: Int(saturating: numbers[1]), width: Int(saturating: numbers[2]),
                height: Int(saturating: numbers[3]))
            guard rect.x >= 0, rect.y >= 0, rect.width > 0, rect.height > 0 else {
                error(path, "x and y must be >= 0 and w and h > 0, got \(rect)")
                return nil
            }
            return .rect(rect)
        default:
            error(path, "expected \"auto\" or {x, y, w, h} in image pixels, got \(describe(value))")
            return nil
        }
    }
}
