/// Edits a scene's hotspots in `prototype.lua` source text, changing only the text of the
/// element concerned (issue 16.2): every other line stays byte for byte, comments and order
/// included. The file is read with `LuaTableOutline` (the project's Lua source scanner); a
/// scene, `elements` list or element that the file builds with code rather than writes as a
/// table constructor is refused with `HotspotRefusal`. Pure text in, text out: the caller
/// loads the result before saving it (`HotspotWriter`).
public enum HotspotEditor {
    /// `source` with `edit` made to scene `scene`.
    ///
    /// - `add` appends `{ label = …, frame = { x, y, w, h }, on_tap = … }` at the end of the
    ///   scene's `elements` list (creating `elements = { … }` when the scene has none), in the
    ///   file's style (`LuaFileStyle`): its indentation, quotes, brace spacing, trailing
    ///   separators and line endings.
    /// - `move` rewrites the element's `frame = { … }` table only.
    /// - `remove` deletes the element's lines (or, for an element sharing a line, its text and
    ///   separator).
    /// - `link` rewrites the value of the element's `on_tap`, adds `on_tap = …` after its last
    ///   field when it has none, or removes the `on_tap` field for no action.
    ///
    /// - Throws: `HotspotRefusal` when the scene is not written as `name = { … }` inside a
    ///   written `scenes = { … }`, when its `elements` is an expression, when (move, remove)
    ///   no element is written with that label as a string literal, or when its frame is not
    ///   a written `{ x, y, w, h }`, or (link) when its `on_tap` is a function or set more than once.
    public static func edit(_ source: String, scene: String, _ edit: HotspotEdit) throws(HotspotRefusal)
        -> HotspotEditResult
    {
        let outline = LuaTableOutline(source)
        let sceneTable = try sceneTable(outline, scene)
        var editor = Splicer(text: outline.text)
        let elements = sceneTable.field("elements")
        if sceneTable.count("elements") > 1 {
            throw HotspotRefusal(scene: scene, reason: "scenes.\(scene) sets elements more than once")
        }
        if let elements, elements.table == nil {
            throw HotspotRefusal(
                scene: scene,
                reason:
                    "scenes.\(scene).elements is \(editor.excerpt(elements)), a list the file builds with code, not a written { … } table"
            )
        }
        switch edit {
        case .add(let label, let frame, let action):
            let sample = elements?.table?.fields.last?.table ?? outline.all.last { $0.field("label")?.string != nil }
            let style = LuaFileStyle(outline, sample: sample)
            let element = elementText(label: label, frame: frame, action: action, style: style)
            if let list = elements?.table {
                if list.fields.isEmpty, !editor.isMultiline(list), editor.isMultiline(sceneTable) {
                    let block = editor.block([element], indent: editor.indentation(list.open), style: style)
                    editor.replace(list.open...list.close, with: block)
                } else {
                    editor.append(element, to: list, style: style)
                }
            } else if editor.isMultiline(sceneTable) {
                let block = editor.block([element], indent: editor.fieldIndent(sceneTable, style), style: style)
                editor.append("elements = " + block, to: sceneTable, style: style)
            } else {
                let (open, close) = style.padded ? ("{ ", " }") : ("{", "}")
                editor.append("elements = " + open + element + close, to: sceneTable, style: style)
            }
            editor.markElement(element)
        case .move(let label, let frame):
            let element = try writtenElement(label, in: elements?.table, scene: scene, editor: editor)
            guard let frameField = element.field("frame"), let table = frameField.table, table.fields.count == 4,
                table.fields.allSatisfy({ $0.key == .positional })
            else {
                let written = element.field("frame").map { editor.excerpt($0) } ?? "missing"
                throw HotspotRefusal(
                    scene: scene,
                    reason:
                        "the frame of the element labelled \(LuaStringLiteral.quoted(label)) is \(written), not a written { x, y, w, h }"
                )
            }
            editor.replace(table.open...table.close, with: editor.frameText(frame, like: table))
        case .remove(let label):
            let element = try writtenElement(label, in: elements?.table, scene: scene, editor: editor)
            let list = elements!.table!
            let index = list.fields.firstIndex { $0.table === element }!
            editor.remove(field: index, of: list)
        case .link(let label, let action):
            let element = try writtenElement(label, in: elements?.table, scene: scene, editor: editor)
            try link(element, to: action, label: label, scene: scene, outline: outline, editor: &editor)
        }
        return HotspotEditResult(text: editor.result, line: editor.changedLine)
    }

    /// The line `add` would write for an element, in the default style: what a person pastes
    /// by hand when the scene cannot be edited (`{ label = "Next", frame = { 0, 680, 360, 120 },
    /// on_tap = go("details") },`).
    public static func pasteLine(label: String, frame: Rect, action: HotspotAction?) -> String {
        elementText(label: label, frame: frame, action: action, style: LuaFileStyle(LuaTableOutline(""))) + ","
    }

    /// `{ label = "…", frame = { x, y, w, h }, on_tap = … }` in `style`.
    static func elementText(label: String, frame: Rect, action: HotspotAction?, style: LuaFileStyle) -> String {
        let (open, close) = style.padded ? ("{ ", " }") : ("{", "}")
        var parts = [
            "label = \(LuaStringLiteral.quoted(label, quote: style.quote))",
            "frame = \(open)\(numbers(frame).joined(separator: ", "))\(close)",
        ]
        if let action { parts.append("on_tap = \(action.lua(quote: style.quote))") }
        return open + parts.joined(separator: ", ") + close
    }

    /// The four numbers of a frame as the file writes them (`16`, `20.5`).
    public static func numbers(_ frame: Rect) -> [String] {
        [frame.x, frame.y, frame.width, frame.height].map(luaNumber)
    }

    /// `value` as Lua source that reads back as the same number: a whole number up to 2^53
    /// as an integer (`10`, `1000000000000000`), else the shortest decimal text that
    /// round-trips (`1.0000001`, `1e-320`, `1e+300`). Six significant digits silently moved
    /// `1.0000001` to 1 (red-team 16 B-F4); a whole number from 1e15 read `1000000000000000.0`
    /// (59 A V2).
    public static func luaNumber(_ value: Double) -> String {
        if value == value.rounded(), abs(value) <= 9_007_199_254_740_992 { return String(Int(value)) }
        return "\(value)"
    }

    /// The constructor of scene `scene`: its `name = { … }` inside a written `scenes = { … }`.
    static func sceneTable(_ outline: LuaTableOutline, _ scene: String) throws(HotspotRefusal) -> LuaTableConstructor {
        let all = outline.all
        let scenesFields = all.flatMap { $0.fields.filter { $0.key == .named("scenes") } }
        let lists = scenesFields.compactMap(\.table)
        let excerpt = Splicer(text: outline.text)
        if lists.isEmpty {
            let how = scenesFields.last.map { "scenes is \(excerpt.excerpt($0)), a table made by code" }
            throw HotspotRefusal(scene: scene, reason: how ?? "the file writes no scenes = { … } table")
        }
        let written = lists.flatMap { $0.fields.filter { $0.key == .named(scene) } }
        guard written.count == 1, let field = written.first else {
            let reason =
                written.isEmpty
                ? "it is not written as \(scene) = { … } inside scenes = { … }: the file makes it with code (a loop, a function or a table made elsewhere)"
                : "it is written \(written.count) times inside scenes = { … }"
            throw HotspotRefusal(scene: scene, reason: reason)
        }
        guard let table = field.table else {
            throw HotspotRefusal(
                scene: scene,
                reason:
                    "scenes.\(scene) is \(excerpt.excerpt(field)), a table the file makes with code, not a written { … }"
            )
        }
        return table
    }

    /// The one element of `list` written as `{ label = "<label>", … }`.
    static func writtenElement(
        _ label: String, in list: LuaTableConstructor?, scene: String, editor: Splicer
    ) throws(HotspotRefusal) -> LuaTableConstructor {
        let matches = (list?.fields ?? []).compactMap(\.table).filter { $0.field("label")?.string == label }
        guard matches.count == 1 else {
            let quoted = LuaStringLiteral.quoted(label)
            let reason =
                matches.isEmpty
                ? "the element labelled \(quoted) is not written as { label = \(quoted), … } in scenes.\(scene).elements: the file makes it with code"
                : "\(matches.count) elements are written with the label \(quoted)"
            throw HotspotRefusal(scene: scene, reason: reason)
        }
        return matches[0]
    }
}
