extension HotspotEditor {
    /// Gives `element` (a written element table) the tap action `action`: rewrites the value
    /// of its `on_tap` field, appends `on_tap = …` when it has none (in the file's style), or
    /// removes the field when `action` is nil. An element without `on_tap` linked to no action
    /// is left as it is.
    ///
    /// - Throws: `HotspotRefusal` when `on_tap` is written more than once or is a function (code a
    ///   designer wrote: it is changed by hand, never replaced).
    static func link(
        _ element: LuaTableConstructor, to action: HotspotAction?, label: String, scene: String,
        outline: LuaTableOutline, editor: inout Splicer
    ) throws(HotspotRefusal) {
        let quoted = LuaStringLiteral.quoted(label)
        if element.count("on_tap") > 1 {
            throw HotspotRefusal(
                scene: scene, reason: "the element labelled \(quoted) sets on_tap more than once")
        }
        let index = element.fields.firstIndex { $0.key == .named("on_tap") }
        if let index {
            let field = element.fields[index]
            let written = editor.excerpt(field)
            if written.hasPrefix("function") {
                throw HotspotRefusal(
                    scene: scene,
                    reason:
                        "the on_tap of the element labelled \(quoted) is \(written), code written by hand; change it by hand"
                )
            }
        }
        let style = LuaFileStyle(outline, sample: element)
        switch (index, action) {
        case (let index?, let action?):
            let field = element.fields[index]
            editor.replace(field.valueStart...(field.valueEnd - 1), with: action.lua(quote: style.quote))
        case (let index?, nil):
            editor.remove(field: index, of: element)
        case (nil, let action?):
            editor.append("on_tap = " + action.lua(quote: style.quote), to: element, style: style)
        case (nil, nil):
            editor.markElement("")
        }
        editor.mark(element.open)
    }
}
