import SceneflowCore

/// One rule for every string of the prototype table that names something or is shown: scene
/// names, image file names (scenes, landscape screens, state controls' and star ratings'
/// images, pressed looks), accessibility labels, element kinds and values, text fields'
/// texts, tab labels, and the scene, transition and curve names of actions. Each must be one
/// line (`LabelText`: no control characters, so `"home.png\0.txt"` cannot name `home.png` to
/// the file system and `home.png.txt` to the reader) and short (`LabelText.maxBytes`, a text
/// field's `value` and `placeholder` `LabelText.maxFieldCharacters`), so that no name or label
/// can make drawing, the element tree or the flow graph slow.
///
/// Only `state` (the prototype's own data, read by its Lua code) is left alone.
extension PrototypeValidator {
    /// Checks every string value and string key under `root` before the rest of validation;
    /// a problem is an error at the string's table path (an action's strings: at the action's
    /// path), and later errors at the same path are not reported again (`error` skips them):
    /// an image name cut at its NUL would otherwise also be "not found".
    mutating func checkTexts(_ root: LuaValue) {
        guard case .table(let table) = root, !table.isAction else { return }
        checkTexts(in: table, path: nil)
    }

    /// The keys whose strings name image files (a scene's, a landscape screen's, a star
    /// rating's, a pressed look's); every string inside a `states` table names one too.
    static let fileNameKeys: Set<String> = ["image", "star", "star_highlighted", "pressed"]

    private mutating func checkTexts(in table: LuaTable, path: String?, namesFiles: Bool = false) {
        for (key, value) in table.entries {
            let childPath: String
            switch key {
            case .name(let name):
                if path == nil && name == "state" { continue }
                if let problem = LabelText.problem(name, limit: LabelText.maxBytes) {
                    // Not `textError`: the table's other problems (an unknown key) still count.
                    error(path ?? "(the returned table)", "the key \"\(Self.shortened(name))\" " + problem)
                }
                childPath = path.map { "\($0).\(name)" } ?? name
            case .index(let index): childPath = "\(path ?? "")[\(index)]"
            case .other: continue  // reported by the key checks of the table's own validator
            }
            switch value {
            case .string(let text):
                let field = key == .name("value") || key == .name("placeholder")
                var fileName = namesFiles
                if case .name(let name) = key, Self.fileNameKeys.contains(name) { fileName = true }
                let problem =
                    fileName
                    ? LabelText.fileNameProblem(text, limit: LabelText.maxBytes)
                    : field
                        ? LabelText.problem(text, characters: LabelText.maxFieldCharacters)
                        : LabelText.problem(text, limit: LabelText.maxBytes)
                if let problem { textError(childPath, problem) }
            case .table(let nested) where nested.isAction:
                checkActionTexts(nested, path: childPath)
            case .table(let nested):
                checkTexts(in: nested, path: childPath, namesFiles: key == .name("states"))
            default:
                break
            }
        }
    }

    /// The scene, transition and curve names of an action made by `go`, `present`, … (and
    /// the strings of `present`'s options table), reported at the action's `path`.
    private mutating func checkActionTexts(_ action: LuaTable, path: String) {
        let op = action["op"].string ?? "action"
        let arguments: [(key: String, what: String)] = [
            ("scene", "scene name"), ("kind", "transition"), ("curve", "curve"),
        ]
        for (key, what) in arguments {
            switch action[key] {
            case .string(let text):
                if let problem = LabelText.problem(text, limit: LabelText.maxBytes) {
                    textError(path, "\(op)(): the \(what) " + problem)
                }
            case .table(let options) where !options.isAction:
                for (optionKey, value) in options.entries {
                    guard case .string(let text) = value,
                        let problem = LabelText.problem(text, limit: LabelText.maxBytes)
                    else { continue }
                    textError(path, "\(op)(): the option \(optionKey) " + problem)
                }
            default: break
            }
        }
    }

    /// Records a text problem at `path`; later errors at the same path are skipped.
    private mutating func textError(_ path: String, _ message: String) {
        error(path, message)
        textProblemPaths.insert(path)
    }

    /// `text` cut to 40 characters with `…`, and its control characters written `\u{…}`, to
    /// quote a key in a message.
    static func shortened(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars.prefix(41))
        let shown = scalars.prefix(40).map { s -> String in
            s.value < 0x20 || (0x7F...0x9F).contains(s.value)
                ? "\\u{\(String(s.value, radix: 16, uppercase: true))}" : String(s)
        }.joined()
        return shown + (scalars.count > 40 ? "…" : "")
    }
}
