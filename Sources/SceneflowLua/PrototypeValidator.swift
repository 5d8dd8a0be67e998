import Foundation
import SceneflowCore

/// Turns the table `prototype.lua` returned (copied into Swift) into a `Prototype`, checking
/// everything and collecting every problem with its table path rather than stopping at the
/// first one.
struct PrototypeValidator {
    /// `prototype.lua` as the user named it (the `file` of every diagnostic).
    let file: String
    /// The prototype folder, absolute.
    let directory: String
    /// Problems found so far (errors and warnings), in the order found.
    var diagnostics: [Diagnostic] = []
    /// The declared scene names, known before any action is checked.
    var sceneNames: [String] = []
    /// Overlay styles given by `present(scene, {overlay = true, ...})`, by scene name.
    var overlayStyles: [String: OverlayStyle] = [:]
    /// The device's pixels per point, once `device` validated (star images' size in points).
    var deviceScale: Double?

    static let rootKeys = ["name", "device", "screen", "start", "scenes", "state", "tabs"]
    static let deviceKeys = ["width", "height", "scale"]
    static let sceneKeys = ["image", "screen", "elements", "on_swipe"] + designSceneKeys
    static let elementKeys =
        [
            "label", "frame", "on_tap", "on_swipe", "kind", "on_double_tap", "on_long_press", "value", "enabled",
            "control",
        ] + designElementKeys

    init(file: String, directory: String) {
        self.file = file
        self.directory = directory
    }

    /// The most errors kept; later ones are only counted (`errorCount`), so a loop that makes
    /// 10 000 bad elements gives 100 lines and a count, not 10 000 lines.
    static let maxErrorsKept = 100
    /// Errors found, kept or not.
    private(set) var errorCount = 0

    /// Paths whose string was refused by `checkTexts`: other errors there are not reported.
    var textProblemPaths: Set<String> = []

    mutating func error(_ path: String?, _ message: String, line: Int? = nil) {
        if let path, textProblemPaths.contains(path) { return }
        errorCount += 1
        if errorCount <= Self.maxErrorsKept {
            diagnostics.append(Diagnostic(file: file, line: line, path: path, message: message))
        }
    }

    /// A last diagnostic for the errors not kept, if any.
    var omittedErrors: Diagnostic? {
        let omitted = errorCount - Self.maxErrorsKept
        guard omitted > 0 else { return nil }
        return Diagnostic(
            file: file,
            message: "\(counted(omitted, "more error", "more errors")) not shown (fix the first ones and check again)")
    }

    mutating func warning(_ path: String?, _ message: String) {
        diagnostics.append(Diagnostic(.warning, file: file, path: path, message: message))
    }

    var hasErrors: Bool { errorCount > 0 }

    /// Whether the next error will be kept (shown): a did-you-mean is worked out only for
    /// those, so 3 000 misspelt targets cost 100 hints, not 3 000 (red-team finding Q11: 203 s
    /// of `check` for 3 000 misspelt 200-character scene names).
    var keepsNextError: Bool { errorCount < Self.maxErrorsKept }

    /// Other tools' words for keys that are spelt too differently for a did-you-mean, and what
    /// Sceneflow calls them (only offered when those keys are allowed where the word was used).
    static let keySynonyms: [String: [String]] = [
        "range": ["min", "max"], "minimum": ["min"], "maximum": ["max"], "rating": ["value"],
        "initial": ["value"], "count": ["stars"], "number_of_stars": ["stars"], "editable": ["read_only"],
        "on_click": ["on_tap"], "on_press": ["on_tap"], "action": ["on_tap"], "rect": ["frame"],
        "bounds": ["frame"], "name": ["label"], "title": ["label"], "accessibility_label": ["label"],
        "screenshot": ["image"], "file": ["image"],
    ]

    /// `; did you mean "x"?` for a misspelt key, else the keys another tool's word stands for
    /// (`range` → `; use "min" and "max"`), else "".
    static func keyHint(_ name: String, known: [String]) -> String {
        let hint = NearestName.hint(for: name, among: known)
        if !hint.isEmpty { return hint }
        guard let keys = keySynonyms[name.lowercased()], keys.allSatisfy(known.contains) else { return "" }
        return "; use " + keys.map { "\"\($0)\"" }.joined(separator: " and ")
    }

    /// Reports keys of `table` that are not in `known`, with a did-you-mean.
    mutating func checkKeys(_ table: LuaTable, known: [String], path: String?) {
        for key in table.unknownKeys(known: known) {
            switch key {
            case .name(let name):
                error(path, "unknown key \"\(name)\"" + Self.keyHint(name, known: known))
            default:
                error(path, "unexpected entry \(key); expected only the keys \(known.joined(separator: ", "))")
            }
        }
    }

    /// The whole prototype, or nil when there were errors (see `diagnostics`).
    mutating func validate(_ root: LuaValue, folderName: String) -> Prototype? {
        guard let table = root.table, !table.isAction else {
            error(
                nil,
                "prototype.lua must return a table (return { name = ..., device = ..., start = ..., scenes = ... }), but it returned \(describe(root))"
            )
            return nil
        }
        checkTexts(root)
        checkKeys(table, known: Self.rootKeys, path: nil)
        var name = folderName
        switch table["name"] {
        case .none: break
        case .string(let s) where !s.isEmpty: name = s
        case let other: error("name", "expected a non-empty string, got \(describe(other))")
        }
        switch table["state"] {
        case .none, .table: break
        case let other:
            error(
                "state",
                "expected a table of the prototype's starting state { key = value, ... }, got \(describe(other))")
        }
        let device = validateDevice(table["device"])
        deviceScale = device?.scale
        let screen = validateScreen(table["screen"], path: "screen") ?? .wholeImage
        let scenesTable = table["scenes"].table
        if scenesTable == nil {
            error(
                "scenes",
                table["scenes"].isNone
                    ? "missing; a prototype needs scenes = { name = { image = \"file.png\", elements = { ... } }, ... }"
                    : "expected a table of scenes by name, got \(describe(table["scenes"]))")
        }
        for entry in scenesTable?.entries ?? [] {
            if case .name(let sceneName) = entry.key, !sceneName.isEmpty {
                sceneNames.append(sceneName)
            } else {
                error("scenes", "scene names must be non-empty strings, got the key \(entry.key)")
            }
        }
        if scenesTable != nil, sceneNames.isEmpty { error("scenes", "no scenes; add at least one") }
        let start = validateStart(table["start"])
        var scenes: [Scene] = []
        for sceneName in sceneNames {
            if let scene = validateScene(scenesTable![sceneName], name: sceneName, screen: screen) {
                scenes.append(scene)
            }
        }
        guard !hasErrors, let device, let start else { return nil }
        applyOverlayStyles(&scenes)
        // Lua tables keep no order: the start scene first, then the others by name.
        let ordered = scenes.filter { $0.name == start } + scenes.filter { $0.name != start }
        checkLandscapeScenes(ordered)
        guard !hasErrors else { return nil }
        var prototype = Prototype(name: name, device: device, start: start, scenes: ordered, directory: directory)
        let tabs = validateTabs(table["tabs"])
        guard !hasErrors else { return nil }
        prototype.installTabs(tabs)
        checkScrollBands(prototype)
        return hasErrors ? nil : prototype
    }

    mutating func validateStart(_ value: LuaValue) -> String? {
        guard let start = value.string else {
            error(
                "start",
                value.isNone
                    ? "missing; name the scene shown first, e.g. start = \"\(sceneNames.first ?? "home")\""
                    : "expected a scene name (a string), got \(describe(value))")
            return nil
        }
        guard sceneNames.contains(start) else {
            if !sceneNames.isEmpty { error("start", noScene(start)) }
            return nil
        }
        return start
    }

    mutating func validateScene(_ value: LuaValue, name: String, screen: ScreenArea) -> Scene? {
        let path = "scenes.\(name)"
        guard let table = value.table, !table.isAction else {
            error(path, "expected a scene table { image = \"file.png\", elements = { ... } }, got \(describe(value))")
            return nil
        }
        checkKeys(table, known: Self.sceneKeys, path: path)
        let image = validateImage(table["image"], path: path + ".image")
        let sceneScreen = table["screen"].isNone ? screen : validateScreen(table["screen"], path: path + ".screen")
        let elements = validateElements(table["elements"], path: path)
        // Duplicate labels are reported once, by Core's PrototypeChecker (sceneflow check).
        let onSwipe = validateSwipes(table["on_swipe"], path: path + ".on_swipe")
        guard let image, let sceneScreen else { return nil }
        var scene = Scene(name: name, image: image, screen: sceneScreen, elements: elements, onSwipe: onSwipe)
        scene.design = validateSceneDesign(table, path: path)
        return scene
    }

    /// The `elements` list of the scene (or landscape variant) at `path`; none when absent.
    mutating func validateElements(_ value: LuaValue, path: String) -> [Element] {
        var elements: [Element] = []
        switch value {
        case .none: break
        case .table(let list) where !list.isAction && list.sequence != nil:
            for (offset, item) in list.sequence!.enumerated() {
                if let element = validateElement(item, path: "\(path).elements[\(offset + 1)]") {
                    elements.append(element)
                }
            }
        case let other:
            error(
                path + ".elements",
                "expected a list { {label = ..., frame = {x, y, w, h}}, ... }, got \(describe(other, list: true))")
        }
        return elements
    }

    mutating func validateElement(_ value: LuaValue, path: String) -> Element? {
        guard let table = value.table, !table.isAction else {
            error(path, "expected an element table { label = \"...\", frame = {x, y, w, h} }, got \(describe(value))")
            return nil
        }
        checkKeys(table, known: Self.elementKeys(for: table), path: path)
        var label: String?
        switch table["label"] {
        case .string(let s) where !s.trimmingCharacters(in: .whitespaces).isEmpty:
            label = s  // one line and short: checked with every other text (`checkTexts`)
        case .none: error(path + ".label", "missing; every element needs an accessibility label")
        case let other: error(path + ".label", "expected a non-empty string, got \(describe(other))")
        }
        let frame = validateFrame(table["frame"], path: path + ".frame")
        var kind = "hotspot"
        switch table["kind"] {
        case .none: break
        case .string(let s) where !s.isEmpty: kind = s
        case let other: error(path + ".kind", "expected a non-empty string, got \(describe(other))")
        }
        let onTap = table["on_tap"].isNone ? nil : validateAction(table["on_tap"], path: path + ".on_tap")
        let onSwipe = validateSwipes(table["on_swipe"], path: path + ".on_swipe")
        let onDoubleTap =
            table["on_double_tap"].isNone ? nil : validateAction(table["on_double_tap"], path: path + ".on_double_tap")
        let onLongPress =
            table["on_long_press"].isNone ? nil : validateAction(table["on_long_press"], path: path + ".on_long_press")
        var value: String?
        switch table["value"] {
        case .none: break
        case _ where !table["control"].isNone: break  // a control's value is its own (validateControl)
        case .string(let s): value = s
        // Every digit, as the number reads back (red-team 58 A V1: six decimals made
        // expect.value("Go", 1/3) fail); a whole number beyond 2^53 in Lua's integer range
        // (below 2^63) was an integer that has lost digits already.
        case .number(let n) where n == n.rounded() && abs(n) > 9_007_199_254_740_992 && abs(n) <= 0x1p63:
            error(
                path + ".value",
                "the whole number \(n) is beyond 2^53 (9007199254740992), where a number no longer holds every digit: write it as a string (\"123456789012345678\")"
            )
        case .number(let n) where n.isFinite: value = HotspotEditor.luaNumber(n == 0 ? 0 : n)
        case let other: error(path + ".value", "expected a string or a finite number, got \(describe(other))")
        }
        var enabled = true
        switch table["enabled"] {
        case .none: break
        case .boolean(let b): enabled = b
        case let other: error(path + ".enabled", "expected true or false, got \(describe(other))")
        }
        let control = validateControl(table, path: path, frame: frame)
        if let control, table["kind"].isNone {
            kind = control.stateControl?.style.rawValue ?? (control.textField != nil ? "text_field" : "star_rating")
        }
        guard let label, let frame else { return nil }
        var element = Element(
            label: label, frame: frame, kind: kind, onTap: onTap, onSwipe: onSwipe, path: path,
            onDoubleTap: onDoubleTap, onLongPress: onLongPress, value: value, enabled: enabled, control: control)
        element.design = validateElementDesign(table, path: path)
        return element
    }

    mutating func validateSwipes(_ value: LuaValue, path: String) -> [SwipeDirection: Action] {
        if value.isNone { return [:] }
        guard let table = value.table, !table.isAction else {
            error(
                path,
                "expected a table of actions by finger direction { left = go(\"scene\"), ... }, got \(describe(value))")
            return [:]
        }
        let directions = SwipeDirection.allCases.map(\.rawValue)
        checkKeys(table, known: directions, path: path)
        var result: [SwipeDirection: Action] = [:]
        for direction in SwipeDirection.allCases where !table[direction.rawValue].isNone {
            if let action = validateAction(table[direction.rawValue], path: "\(path).\(direction.rawValue)") {
                result[direction] = action
            }
        }
        return result
    }

    mutating func validateImage(_ value: LuaValue, path: String) -> String? {
        guard let image = value.string, !image.isEmpty else {
            error(
                path,
                value.isNone
                    ? "missing; every scene needs a screenshot, e.g. image = \"screen.png\""
                    : "expected a file name (a string), got \(describe(value))")
            return nil
        }
        let parts = image.split(separator: "/")
        if image.hasPrefix("/") || parts.contains("..") {
            error(path, "\"\(image)\" must be a path inside the prototype folder (not absolute, no \"..\")")
            return nil
        }
        // The file as stored: a name typed composed (NFC) finds one macOS wrote decomposed (NFD).
        var onDisk = image
        switch NormalisedFileName.resolve(image, in: directory) {
        case .exact, .missing: break
        case .found(let stored): onDisk = stored
        case .ambiguous(let names):
            let listed = names.map { "\"" + UnicodeText.escaped($0) + "\"" }.joined(separator: ", ")
            error(
                path,
                "\"\(UnicodeText.escaped(image))\" matches \(names.count) files whose names differ only in Unicode normalisation (\(listed)); rename all but one"
            )
            return nil
        }
        var isDirectory: ObjCBool = false
        let full = (directory as NSString).appendingPathComponent(onDisk)
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory) else {
            if let broken = BrokenLink.problem(atPath: full) {
                error(path, "file \"\(image)\" \(broken)")
                return nil
            }
            error(
                path,
                "file \"\(image)\" not found in the prototype folder"
                    + (keepsNextError ? Self.nearestFile(image, in: directory) : ""))
            return nil
        }
        if isDirectory.boolValue {
            error(path, "file \"\(image)\" is a folder, not an image file")
            return nil
        }
        if let outside = FolderContainment.escape(of: full, from: directory) {
            error(path, "\"\(image)\" leads outside the prototype folder through a symbolic link (to \"\(outside)\")")
            return nil
        }
        // A FIFO would block every later open() (issue 15.4); a device could be endless.
        if let kind = RegularFile.kind(atPath: full) {
            error(path, "file \"\(image)\" is \(kind), not an image file")
            return nil
        }
        return onDisk
    }

    /// `; did you mean "privacy.png"?` for a missing `image` when a file beside where it
    /// should be (same subfolder of `directory`) is spelt nearly the same, else "".
    /// A name that is not UTF-8 is suggested with its bad bytes as `\xHH` and what is wrong
    /// with it (`FolderNames`), never as a U+FFFD name no file has (red-team finding m8).
    static func nearestFile(_ image: String, in directory: String) -> String {
        let folder = PathText.folder(of: image)
        let entries =
            (FolderNames.entries(of: (directory as NSString).appendingPathComponent(folder)) ?? []).filter {
                !$0.shown.hasPrefix(".")
            }
        // Never the name itself: a file listed yet not found is no misspelling (red-team 26 F1).
        let candidates = entries.map { folder.isEmpty ? $0.shown : "\(folder)/\($0.shown)" }.filter { $0 != image }
        let hint = NearestName.hint(for: image, among: candidates)
        let unusable = zip(candidates, entries).filter { !$0.1.isUTF8 }.map(\.0)
        guard unusable.contains(where: { hint.contains("\"\($0)\"") }) else { return hint }
        return hint + " (\(FolderNames.notUTF8))"
    }

    /// `no scene "detial"; did you mean "detail"?`
    func noScene(_ name: String) -> String {
        "no scene \"\(name)\"" + (keepsNextError ? NearestName.hint(for: name, among: sceneNames) : "")
    }

    /// `a string ("abc")`, `a number (3)`, `a table`, `nil`.
    func describe(_ value: LuaValue, list: Bool = false) -> String {
        switch value {
        case .none: return "nil"
        case .string(let s): return "the string \"\(s)\""
        case .number(let n): return "the number \(formatNumber(n, decimals: 6))"
        case .boolean(let b): return "\(b)"
        case .table(let t): return t.isAction ? "an action" : (list ? "a table that is not a list" : "a table")
        case .function: return "a function"
        case .other(let what): return "a \(what)"
        }
    }
}
