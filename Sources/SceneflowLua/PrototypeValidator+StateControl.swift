import Foundation
import SceneflowCore

extension PrototypeValidator {
    /// The keys of an element with `control = "toggle"`, `"checkbox"`, `"segmented"` or
    /// `"radio"`, besides the element's own (segmented controls and radio groups add
    /// `segments`).
    static let stateControlKeys: [String] = ["states", "value", "on_change"]
    /// How far, in points, a segment may pass its control's frame or reach into another
    /// segment: 1/1000 point, far below a pixel, above the rounding of fractional points in
    /// doubles.
    static let frameTolerance = 0.001

    /// The did-you-mean for an unknown control name: its name in other toolkits (UIKit,
    /// Android, HTML: `switch` → `toggle`), else the nearest control kind.
    static func controlHint(_ name: String) -> String {
        let synonym: String?
        switch name.lowercased() {
        case "switch", "uiswitch", "toggle_button", "toggle_switch": synonym = "toggle"
        case "check_box", "check", "checkmark": synonym = "checkbox"
        case "segmented_control", "segments", "segmented_button", "segmented_buttons": synonym = "segmented"
        case "radio_group", "radio_button", "radio_buttons": synonym = "radio"
        case "rating", "rating_bar", "stars": synonym = "star_rating"
        case "textfield", "text", "text_input", "input", "edit_text", "edittext", "uitextfield", "text_box",
            "textbox", "entry", "password", "secure_field", "search_field":
            synonym = "text_field"
        default: synonym = nil
        }
        if let synonym { return "; did you mean \"" + synonym + "\"?" }
        return NearestName.hint(for: name, among: controlKinds)
    }

    /// A state-image control (issue 17), or nil with errors recorded under `path` (the
    /// element's table path, which `SourceLineFinder` turns into a line):
    /// - `states = { name = "image.png", … }`: every image inside the folder (decoded by `check`);
    ///   toggles and check boxes have exactly the states `off` and `on`;
    /// - segmented controls and radio groups: `segments = { name = {x, y, w, h}, … }` in
    ///   scene points, one per state and no other, each inside the element's `frame`, no two
    ///   overlapping; at least two. Their order is reading order (left to right, then top to
    ///   bottom; radio groups top to bottom first);
    /// - `value`: one of the states (default: the first); `on_change`: an action or
    ///   `function(app, state)`.
    mutating func validateStateControl(
        _ table: LuaTable, style: StateControl.Style, path: String, frame: Rect?
    ) -> ElementControl? {
        let before = errorCount
        let images = stateImages(table["states"], style: style, path: path + ".states")
        var names = images.keys.sorted()
        var segments: [String: Rect] = [:]
        if style.selects {
            segments = stateSegments(table["segments"], states: names, frame: frame, path: path + ".segments")
            names.sort { a, b in Self.readsBefore(segments[a], segments[b], radio: style == .radio) }
        } else {
            names = ["off", "on"].filter { images[$0] != nil }
        }
        var initial: String?
        switch table["value"] {
        case .none: break
        case .string(let s) where names.contains(s): initial = s
        case .string(let s):
            error(
                path + ".value",
                "unknown state \"\(s)\"" + NearestName.hint(for: s, among: names) + " (states: "
                    + names.map { "\"\($0)\"" }.joined(separator: ", ") + ")")
        case let other: error(path + ".value", "expected a state name (a string), got \(describe(other))")
        }
        let onChange = function(table["on_change"], path: path + ".on_change")
        guard errorCount == before, !names.isEmpty else { return nil }
        return .states(
            StateControl(
                style: style, states: names, images: images, segments: segments, initialState: initial,
                onChange: onChange))
    }

    /// `states`: a table of state name → image path; each image valid. Toggles and check boxes
    /// need exactly `off` and `on`; segmented controls and radio groups at least two states.
    private mutating func stateImages(
        _ value: LuaValue, style: StateControl.Style, path: String
    ) -> [String: String] {
        let example =
            style.selects
            ? "states = { Metric = \"metric.png\", Imperial = \"imperial.png\" }"
            : "states = { off = \"off.png\", on = \"on.png\" }"
        guard
            let table = namedTable(
                value, path: path,
                missing: "states missing; a \(style.rawValue) draws one image per state, e.g. \(example)",
                expected: "expected a table of state name = image, e.g. \(example)")
        else { return [:] }
        var images: [String: String] = [:]
        for entry in table.entries {
            guard case .name(let name) = entry.key else { continue }
            // Decoded and checked with every other image by `check` and when opened
            // (`Prototype.imageReferences`).
            if let image = validateImage(entry.value, path: "\(path).\(name)") { images[name] = image }
        }
        if !style.selects {
            for name in ["off", "on"] where table[name].isNone {
                let message =
                    "no state \"" + name + "\"; a " + style.rawValue + " has the states off and on, e.g. " + example
                error(path, message)
            }
            for entry in table.entries {
                if case .name(let name) = entry.key, name != "off", name != "on" {
                    error(
                        "\(path).\(name)",
                        "a \(style.rawValue) has only the states off and on"
                            + NearestName.hint(for: name, among: ["off", "on"])
                            + "; for more states use control = \"segmented\" or \"radio\"")
                }
            }
        } else if table.entries.count < 2 {
            error(path, "a \(style.rawValue) needs at least two states, got \(table.entries.count)")
        }
        return images
    }

    /// `value` as a table keyed by names, or nil after an error: `missing` at the element when
    /// the key is absent (no line: another element's line for the key would be the wrong one),
    /// else `expected`, then what was found, at the key.
    private mutating func namedTable(_ value: LuaValue, path: String, missing: String, expected: String) -> LuaTable? {
        if let table = value.table, !table.isAction, hasOnlyNames(table) { return table }
        if value.isNone {
            error(Self.parent(of: path), missing)
        } else {
            error(path, "\(expected), got \(describe(value))")
        }
        return nil
    }

    /// `segments`: one frame per state (scene points), inside `frame`, none overlapping.
    private mutating func stateSegments(
        _ value: LuaValue, states: [String], frame: Rect?, path: String
    ) -> [String: Rect] {
        guard
            let table = namedTable(
                value, path: path,
                missing:
                    "segments missing; give each state the frame a tap selects it in, e.g. segments = { Metric = {16, 200, 160, 36}, Imperial = {176, 200, 160, 36} }",
                expected: "expected a table of state name = {x, y, w, h} in points")
        else { return [:] }
        var segments: [String: Rect] = [:]
        for entry in table.entries {
            guard case .name(let name) = entry.key else { continue }
            guard states.contains(name) else {
                error(
                    "\(path).\(name)",
                    "no state \"\(name)\" in states" + NearestName.hint(for: name, among: states) + " (states: "
                        + states.map { "\"\($0)\"" }.joined(separator: ", ") + ")")
                continue
            }
            guard let rect = validateFrame(entry.value, path: "\(path).\(name)") else { continue }
            if let frame, !rect.isInside(frame, tolerance: Self.frameTolerance) {
                error("\(path).\(name)", "segment \(rect) is not inside the element's frame \(frame)")
            }
            for (other, earlier) in segments.sorted(by: { $0.key < $1.key })
            where earlier.overlaps(rect, tolerance: Self.frameTolerance) {
                error(
                    "\(path).\(name)",
                    "segment \(rect) overlaps segment \"\(other)\" \(earlier); a tap must select one state")
            }
            segments[name] = rect
        }
        for name in states where table[name].isNone {
            error(path, "no segment for state \"\(name)\"; every state needs the frame a tap selects it in")
        }
        return segments
    }

    /// Reading order of two segments: left to right, then top to bottom (radio groups: top to
    /// bottom first). A missing segment sorts last.
    private static func readsBefore(_ p: Rect?, _ q: Rect?, radio: Bool) -> Bool {
        guard let p, let q else { return p != nil }
        if radio { return p.y != q.y ? p.y < q.y : p.x < q.x }
        return p.x != q.x ? p.x < q.x : p.y < q.y
    }
}

extension PrototypeValidator {
    /// `path` without its last key: `scenes.home.elements[2]` for `….elements[2].segments`.
    static func parent(of path: String) -> String {
        guard let dot = path.lastIndex(of: ".") else { return path }
        return String(path[..<dot])
    }
}

/// True when every key of `table` is a name (`off = …`), none an index or another value.
private func hasOnlyNames(_ table: LuaTable) -> Bool {
    for entry in table.entries {
        if case .name = entry.key { continue }
        return false
    }
    return true
}
