import SceneflowCore

/// The designer features of `prototype.lua`: timed actions (`after = seconds`,
/// `on_after = action` on a scene), pressed images (`pressed = "file.png"` on an element) and
/// overlays (`present(scene, {overlay = true, position = "bottom" | "center", dim = 0.4,
/// dismiss_on_outside = true, size = {w, h}, duration = 0.3})`).
extension PrototypeValidator {
    /// Scene keys of the designer features.
    static let designSceneKeys = ["after", "on_after", "scroll", "landscape", "hides_tab_bar"]
    /// Element keys of the designer features.
    static let designElementKeys = ["pressed"]
    /// Keys of an overlay's options table.
    static let overlayKeys = ["overlay", "position", "dim", "dismiss_on_outside", "size", "duration", "curve"]

    /// `after` (seconds > 0) and `on_after` (an action), both or neither.
    mutating func validateSceneDesign(_ table: LuaTable, path: String) -> SceneDesign {
        var design = SceneDesign()
        design.scroll = validateScroll(table["scroll"], path: path + ".scroll")
        if case .string(let other) = table["landscape"] {
            design.landscapeScene = validateLandscapeScene(other, path: path + ".landscape")
        } else if let list = table["landscape"].table,
            list.entries.contains(where: { if case .index = $0.key { true } else { false } })
        {
            (design.landscapeSequence, design.landscapeTurn) = validateLandscapeSequence(
                list, path: path + ".landscape")
        } else {
            design.landscape = validateLandscape(table["landscape"], path: path + ".landscape")
        }
        switch table["hides_tab_bar"] {
        case .none: break
        case .boolean(let hides): design.hidesTabBar = hides
        case let other:
            error(
                path + ".hides_tab_bar",
                "expected true (the scene covers the tab bar) or false, got \(describe(other))")
        }
        switch (table["after"], table["on_after"]) {
        case (.none, .none):
            break
        case (.number(let seconds), let action) where seconds > 0 && seconds <= TimedAction.maxSeconds:
            if action.isNone {
                error(
                    path + ".on_after",
                    "missing; after = \(formatNumber(seconds)) needs on_after = go(\"scene\") (what to do then)")
            } else if let action = validateAction(action, path: path + ".on_after") {
                design.after = TimedAction(seconds: seconds, action: action)
            }
        case (.none, _):
            error(path + ".after", "missing; on_after needs after = seconds (how long the scene shows first)")
        case (let other, _):
            error(
                path + ".after",
                "expected a number of seconds > 0 and at most \(formatNumber(TimedAction.maxSeconds)) (a day), got \(describe(other))"
            )
        }
        return design
    }

    /// `pressed`: an image file inside the prototype folder.
    mutating func validateElementDesign(_ table: LuaTable, path: String) -> ElementDesign {
        if table["pressed"].isNone { return ElementDesign() }
        return ElementDesign(pressed: validateImage(table["pressed"], path: path + ".pressed"))
    }

    /// `present(scene, {overlay = true, ...})`: records the scene's overlay style and returns
    /// the presentation (slide up for `bottom`, fade for `center`; 0.3 s `ease_out` unless
    /// `duration`/`curve` say otherwise). `scene` is nil when the name was already reported bad.
    mutating func validateOverlayPresent(_ options: LuaTable, scene: String?, path: String, line: Int?) -> Action? {
        checkKeys(options, known: Self.overlayKeys, path: path)
        var ok = true
        func fail(_ message: String) {
            error(path, "present(scene, {...}): " + message, line: line)
            ok = false
        }
        if case .boolean(true) = options["overlay"] {
        } else {
            fail("the options table presents an overlay and needs overlay = true")
        }
        var style = OverlayStyle()
        switch options["position"] {
        case .none: break
        case .string(let s) where OverlayStyle.Position(rawValue: s) != nil:
            style.position = OverlayStyle.Position(rawValue: s)!
        case let other:
            fail("position must be \"bottom\" or \"center\", got \(describe(other))")
        }
        switch options["dim"] {
        case .none: break
        case .number(let d) where d >= 0 && d <= 1: style.dim = d
        case let other: fail("dim must be a number from 0 to 1 (the veil's opacity), got \(describe(other))")
        }
        switch options["dismiss_on_outside"] {
        case .none: break
        case .boolean(let b): style.dismissOnOutside = b
        case let other: fail("dismiss_on_outside must be true or false, got \(describe(other))")
        }
        if !options["size"].isNone {
            let numbers = options["size"].table?.sequence?.compactMap(\.number) ?? []
            // Bounded as the device is, so points × scale always fit the renderer's pixel
            // rectangles (3e9 pt crashed `render` converting to Int32: red-team finding F6).
            let most = Self.maxDevicePoints
            if numbers.count == 2, numbers.allSatisfy({ $0 > 0 && $0.isFinite && $0 <= most }) {
                style.size = Size(width: numbers[0], height: numbers[1])
            } else {
                fail(
                    "size must be {width, height} in points, both > 0 and at most \(formatNumber(most)), got \(describe(options["size"]))"
                )
            }
        }
        var duration = 0.3
        switch options["duration"] {
        case .none: break
        // The range of every transition's duration (go, replace, tab): 1e308 s passed here
        // and the overlay never finished presenting (red-team 15 F1).
        case .number(let d) where d >= 0 && d <= Transition.maxDuration: duration = d
        case let other:
            fail(
                "duration must be a number of seconds from 0 to \(formatNumber(Transition.maxDuration)), got \(describe(other))"
            )
        }
        var curve = TimingCurve.easeOut
        switch options["curve"] {
        case .none: break
        case .string(let s) where TimingCurve(rawValue: s) != nil: curve = TimingCurve(rawValue: s)!
        case .string(let s): fail(TimingCurve.unknownNameMessage(s))
        case let other:
            fail("curve must be a timing curve name such as \"ease_out\", got \(describe(other))")
        }
        guard ok, let scene else { return nil }
        if let earlier = overlayStyles[scene], earlier != style {
            error(
                path,
                "scene \"\(scene)\" is presented as an overlay elsewhere with other options; give every present of it the same options",
                line: line)
            return nil
        }
        overlayStyles[scene] = style
        let kind: TransitionKind = style.position == .bottom ? .coverUp : .crossfade
        return .present(scene: scene, transition: Transition(kind: kind, duration: duration, curve: curve))
    }

    /// Marks the scenes shown as overlays with their style.
    func applyOverlayStyles(_ scenes: inout [Scene]) {
        for index in scenes.indices {
            if let style = overlayStyles[scenes[index].name] { scenes[index].design.overlay = style }
        }
    }
}

extension PrototypeValidator {
    /// `scroll = { header = points, footer = points, height = points }` (all optional; the
    /// content height defaults to the image's height scaled to the device width).
    mutating func validateScroll(_ value: LuaValue, path: String) -> ScrollRegion? {
        if value.isNone { return nil }
        guard let table = value.table, !table.isAction else {
            error(path, "expected { header = points, footer = points } (both optional), got \(describe(value))")
            return nil
        }
        checkKeys(table, known: ["header", "footer", "height"], path: path)
        var region = ScrollRegion()
        for key in ["header", "footer", "height"] {
            switch table[key] {
            case .none: continue
            case .number(let n) where n >= 0 && n <= Self.maxDevicePoints:
                if key == "header" {
                    region.header = n
                } else if key == "footer" {
                    region.footer = n
                } else {
                    region.contentHeight = n
                }
            case let other:
                error(
                    "\(path).\(key)",
                    "expected a number of points from 0 to \(formatNumber(Self.maxDevicePoints)), got \(describe(other))"
                )
            }
        }
        return region
    }
}

extension PrototypeValidator {
    /// `landscape = { image = "file.png", screen = ..., elements = { ... } }`: the scene in
    /// landscape, elements in landscape points.
    mutating func validateLandscape(_ value: LuaValue, path: String) -> LandscapeVariant? {
        if value.isNone { return nil }
        guard let table = value.table, !table.isAction else {
            error(
                path,
                "expected { image = \"landscape.png\", elements = { ... } }, the name of a landscape scene or a list of them { \"chart\", \"chart_week\" }, got \(describe(value))"
            )
            return nil
        }
        checkKeys(table, known: ["image", "screen", "elements", "scroll"], path: path)
        let image = validateImage(table["image"], path: path + ".image")
        let screen =
            table["screen"].isNone ? ScreenArea.wholeImage : validateScreen(table["screen"], path: path + ".screen")
        let elements = validateElements(table["elements"], path: path)
        let scroll = validateScroll(table["scroll"], path: path + ".scroll")
        guard let image, let screen else { return nil }
        return LandscapeVariant(image: image, screen: screen, elements: elements, scroll: scroll)
    }

    /// `landscape = "scene"` on scene `path`: another scene of the prototype (not the scene
    /// itself); `checkLandscapeScenes` checks the rest once every scene is known.
    mutating func validateLandscapeScene(
        _ name: String, path: String,
        note: String = " (landscape = \"scene\" names the scene shown when the device is turned)"
    ) -> String? {
        guard sceneNames.contains(name) else {
            error(path, noScene(name) + note)
            return nil
        }
        guard "scenes.\(name).landscape" != path else {
            error(
                path,
                "a scene cannot be its own landscape scene; give it landscape = { image = \"file.png\", elements = { ... } } or name another scene"
            )
            return nil
        }
        return name
    }

    /// `landscape = { "chart", "chart_week", ..., turn = "none" }` on scene `path`: a landscape
    /// sequence, each item another scene of the prototype, none twice, and how a turn of the
    /// device into or out of it is drawn (`turn`: `"rotation"`, the default, or `"none"`). The
    /// scenes in order, the bad ones left out (reported with their index, e.g.
    /// `scenes.stocks.landscape[2]`), and the turn.
    mutating func validateLandscapeSequence(_ list: LuaTable, path: String) -> ([String], LandscapeTurn) {
        var turn = LandscapeTurn.rotation
        var rest = list
        if !list["turn"].isNone {
            turn = validateLandscapeTurn(list["turn"], path: path + ".turn")
            rest.entries.removeAll { $0.key == .name("turn") }
        }
        return (validateLandscapeScenes(rest, path: path), turn)
    }

    /// `turn = "rotation" | "none"` of a landscape sequence at `path`; a bad value is reported
    /// (with a did-you-mean for a misspelt name) and counts as the default rotation.
    mutating func validateLandscapeTurn(_ value: LuaValue, path: String) -> LandscapeTurn {
        let names = LandscapeTurn.allCases.map(\.rawValue)
        let choices = names.map { "\"\($0)\"" }.joined(separator: " or ")
        guard case .string(let name) = value else {
            error(
                path,
                "expected \(choices) (how turning the device into and out of the sequence is drawn), got \(describe(value))"
            )
            return .rotation
        }
        if let turn = LandscapeTurn(rawValue: name) { return turn }
        error(
            path,
            "unknown turn \"\(name)\"\(NearestName.hint(for: name, among: names)) (a turn is drawn as \(choices): \"none\" shows the turned screen at once)"
        )
        return .rotation
    }

    /// The scene names of a landscape sequence's list (see `validateLandscapeSequence`).
    private mutating func validateLandscapeScenes(_ list: LuaTable, path: String) -> [String] {
        guard let items = list.sequence else {
            error(
                path,
                "expected a list of landscape scenes { \"chart\", \"chart_week\" } (the first shown when the device is turned), got a table mixing a list with keys; write either the list or { image = \"landscape.png\", elements = { ... } }"
            )
            return []
        }
        var names: [String] = []
        for (offset, item) in items.enumerated() {
            let itemPath = "\(path)[\(offset + 1)]"
            guard case .string(let name) = item else {
                error(itemPath, "expected the name of a landscape scene, got \(describe(item))")
                continue
            }
            let note = " (each item of landscape = { ... } names a landscape scene of this scene's sequence)"
            guard let name = validateLandscapeScene(name, path: itemPath, note: note) else { continue }
            if names.contains(name) {
                error(itemPath, "\"\(name)\" is already in this landscape sequence; each scene once")
                continue
            }
            names.append(name)
        }
        return names
    }

    /// Checks separate landscape scenes against each other: a landscape scene cannot itself
    /// have a landscape variant or landscape scene (it already is the landscape look), and a
    /// scene of a landscape sequence of two or more belongs to no other sequence (turning the
    /// device upright from it must lead to one portrait scene). (`Prototype.init` marks each
    /// with the scene it stands in for.)
    mutating func checkLandscapeScenes(_ scenes: [Scene]) {
        let byName = Dictionary(scenes.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        var owners: [String: (owner: String, sequence: Bool)] = [:]
        for scene in scenes {
            let sequence = scene.design.landscapeSequence
            for (offset, name) in sequence.enumerated() {
                guard let other = byName[name] else { continue }
                let path = "scenes.\(scene.name).landscape" + (sequence.count > 1 ? "[\(offset + 1)]" : "")
                if other.design.landscape != nil || !other.design.landscapeSequence.isEmpty {
                    error(
                        path,
                        "scene \"\(name)\" is the landscape scene of \"\(scene.name)\" and cannot have a landscape of its own (scenes.\(name).landscape); remove one of them"
                    )
                }
                if let first = owners[name], first.owner != scene.name, first.sequence || sequence.count > 1 {
                    error(
                        path,
                        "scene \"\(name)\" is already in the landscape sequence of \"\(first.owner)\"; a scene of a landscape sequence belongs to one portrait scene (the one turning the device upright shows)"
                    )
                } else if owners[name] == nil {
                    owners[name] = (scene.name, sequence.count > 1)
                }
            }
        }
    }
}
