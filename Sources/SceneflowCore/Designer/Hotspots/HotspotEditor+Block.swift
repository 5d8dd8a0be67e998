extension HotspotEditor {
    /// `source` with `entries` (element constructors, each written on its own line with its
    /// separator and any trailing comment) appended to the end of scene `scene`'s written
    /// `elements` list, between the comment lines `header` and `footer`, indented as the list's
    /// entries: the block `sceneflow new --detect` writes and a designer can delete whole.
    /// Every other line stays as it was.
    ///
    /// - Throws: `HotspotRefusal` when the scene or its `elements` list is not written as a
    ///   table (see `edit`).
    public static func appendingBlock(
        _ source: String, scene: String, header: [String], entries: [String], footer: String
    ) throws(HotspotRefusal) -> String {
        let outline = LuaTableOutline(source)
        let sceneTable = try sceneTable(outline, scene)
        guard let list = sceneTable.field("elements")?.table else {
            throw HotspotRefusal(scene: scene, reason: "scenes.\(scene) has no written elements = { … } list")
        }
        guard !entries.isEmpty else { return source }
        let style = LuaFileStyle(outline)
        var editor = Splicer(text: outline.text)
        let comments = header.map { "-- " + $0 } + entries + ["-- " + footer]
        if editor.isMultiline(list) {
            let indent = editor.fieldIndent(list, style)
            if let last = list.fields.last, last.separator == nil {
                editor.replace(
                    (last.valueEnd - 1)...(last.valueEnd - 1), with: String(editor.text[last.valueEnd - 1]) + ",")
            }
            let at = editor.lineStart(list.close)
            editor.replace(
                at...(at - 1 + 1),
                with: comments.map { indent + $0 + style.lineEnding }.joined() + String(editor.text[at]))
        } else if list.fields.isEmpty {
            let outer = editor.indentation(list.open)
            let body = comments.map { outer + style.indentUnit + $0 + style.lineEnding }.joined()
            editor.replace(list.open...list.close, with: "{" + style.lineEnding + body + outer + "}")
        } else {
            throw HotspotRefusal(scene: scene, reason: "scenes.\(scene).elements is written on one line with entries")
        }
        return editor.result
    }
}
