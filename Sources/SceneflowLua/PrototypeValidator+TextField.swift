import SceneflowCore

extension PrototypeValidator {
    /// The keys of an element with `control = "text_field"`, besides the element's own.
    static let textFieldKeys = [
        "font_size", "color", "placeholder", "placeholder_color", "value", "secure", "keyboard", "max_length",
        "padding", "background", "on_change", "on_submit",
    ]

    /// A text field, or nil with errors recorded under `path` (the element's table path, which
    /// `SourceLineFinder` turns into a line):
    /// - `font_size`: points, 1…200 (default 17); `padding`: points, 0…half the frame's width
    ///   (default 8);
    /// - `color`, `placeholder_color`, `background`: `"#RGB"`, `"#RRGGBB"` or `"#RRGGBBAA"`;
    /// - `placeholder`, `value` (the initial text): one-line strings (`value` within `max_length`);
    /// - `secure`: true or false; `keyboard`: one of `TextField.Keyboard`; `max_length`: a whole
    ///   number from 1 to 10000;
    /// - `on_change`, `on_submit`: an action or `function(app, text)`.
    mutating func validateTextField(_ table: LuaTable, path: String, frame: Rect?) -> ElementControl? {
        let before = errorCount
        var field = TextField()
        if let size = points(table["font_size"], path: path + ".font_size", range: 1...200) { field.fontSize = size }
        if let padding = points(table["padding"], path: path + ".padding", range: 0...Self.maxDevicePoints) {
            if let frame, padding * 2 >= frame.width {
                error(
                    path + ".padding",
                    "padding \(formatNumber(padding)) leaves no room for text in a frame \(formatNumber(frame.width)) points wide"
                )
            }
            field.padding = padding
        }
        if let color = colour(table["color"], path: path + ".color") { field.color = color }
        if let color = colour(table["placeholder_color"], path: path + ".placeholder_color") {
            field.placeholderColor = color
        }
        field.background = colour(table["background"], path: path + ".background")
        field.placeholder = oneLine(table["placeholder"], path: path + ".placeholder")
        switch table["max_length"] {
        case .none: break
        case .number(let n) where n == n.rounded() && n >= 1 && n <= Double(TextField.longestText):
            field.maxLength = Int(n)
        case let other: error(path + ".max_length", "expected a whole number from 1 to 10000, got \(describe(other))")
        }
        if let text = oneLine(table["value"], path: path + ".value") {
            if let limit = field.maxLength, text.count > limit {
                error(path + ".value", "the text has \(text.count) characters, more than max_length \(limit)")
            }
            field.initialText = text
        }
        switch table["secure"] {
        case .none: break
        case .boolean(let b): field.secure = b
        case let other: error(path + ".secure", "expected true or false, got \(describe(other))")
        }
        switch table["keyboard"] {
        case .none: break
        case .string(let s) where TextField.Keyboard(rawValue: s) != nil:
            field.keyboard = TextField.Keyboard(rawValue: s)!
        case let other:
            let names = TextField.Keyboard.allCases.map(\.rawValue)
            let hint = keepsNextError ? other.string.map { NearestName.hint(for: $0, among: names) } ?? "" : ""
            error(
                path + ".keyboard",
                "expected one of " + names.map { "\"\($0)\"" }.joined(separator: ", ") + ", got \(describe(other))"
                    + hint)
        }
        field.onChange = function(table["on_change"], path: path + ".on_change")
        field.onSubmit = function(table["on_submit"], path: path + ".on_submit")
        guard errorCount == before else { return nil }
        return .textField(field)
    }

    /// A number of points in `range`, nil when absent or wrong (an error recorded).
    private mutating func points(_ value: LuaValue, path: String, range: ClosedRange<Double>) -> Double? {
        guard !value.isNone else { return nil }
        guard let n = value.number, range.contains(n) else {
            error(
                path,
                "expected a number of points from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound)), got \(describe(value))"
            )
            return nil
        }
        return n
    }

    /// A string, nil when absent or not a string (an error recorded).
    private mutating func oneLine(_ value: LuaValue, path: String) -> String? {
        guard !value.isNone else { return nil }
        guard let text = value.string else {
            error(path, "expected a string, got \(describe(value))")
            return nil
        }
        // One line and at most `LabelText.maxFieldCharacters`: checked with every other text
        // (`checkTexts`, which reports it at this path first).
        return text
    }

    /// A colour written `"#RGB"`, `"#RRGGBB"` or `"#RRGGBBAA"` (CSS hex), nil when absent or wrong.
    private mutating func colour(_ value: LuaValue, path: String) -> OverlayColor? {
        guard !value.isNone else { return nil }
        if let text = value.string, let colour = Self.parseColour(text) { return colour }
        error(path, "expected a colour \"#RRGGBB\" (or \"#RGB\", \"#RRGGBBAA\"), got \(describe(value))")
        return nil
    }

    /// `"#1C1B1F"` → (28, 27, 31, 255); `"#RGB"` doubles each digit; nil for anything else.
    static func parseColour(_ text: String) -> OverlayColor? {
        guard text.hasPrefix("#") else { return nil }
        var digits = Array(text.dropFirst())
        guard digits.allSatisfy(\.isHexDigit), [3, 6, 8].contains(digits.count) else { return nil }
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        var bytes: [UInt8] = []
        var index = 0
        while index < digits.count {
            guard let byte = UInt8(String(digits[index...index + 1]), radix: 16) else { return nil }
            bytes.append(byte)
            index += 2
        }
        return OverlayColor(bytes[0], bytes[1], bytes[2], bytes.count == 4 ? bytes[3] : 255)
    }
}
