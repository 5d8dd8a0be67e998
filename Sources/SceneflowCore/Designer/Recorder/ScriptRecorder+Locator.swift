/// The locator `sceneflow record` writes for an element a gesture hit: one that matches that
/// element and no other among the elements a script sees at that moment (its scene's elements
/// as shown, the landscape variant's in landscape; scripts match all of them, shown or not).
///
/// A bare label when it is unique (`tap "Open"`); else the label and kind when no other
/// element shares both (`tap {label = "Cars", kind = "back_button"}`: a back button and a tab
/// labelled alike, as iOS labels them); else the label and the element's place among the
/// elements with that label, in declaration order (`{label = "Delete", index = 2}`), which is
/// how `index` counts in scripts.
extension ScriptRecorder {
    /// The Lua locator for element `index` of `elements`.
    static func locator(_ index: Int, in elements: [Element]) -> String {
        let element = elements[index]
        let label = quote(element.label)
        let same = elements.indices.filter { elements[$0].label == element.label }
        if same.count <= 1 { return label }
        if same.filter({ elements[$0].kind == element.kind }).count == 1 {
            return "{label = \(label), kind = \(quote(element.kind))}"
        }
        let place = (same.firstIndex(of: index) ?? 0) + 1
        return "{label = \(label), index = \(place)}"
    }

    /// The elements of `scene` as scripts see them now (the landscape variant's while it shows).
    static func shownElements(_ scene: String, _ session: Session) -> [Element] {
        session.scene(scene).map(session.activeScene)?.elements ?? []
    }
}
