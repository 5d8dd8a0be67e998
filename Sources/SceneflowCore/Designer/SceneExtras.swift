/// Descriptions of the designer features (timed actions, scroll regions, pressed images,
/// orientation) for `ElementTree`; empty until those features are declared.
enum SceneExtras {
    /// Extra lines for a scene, indented two spaces.
    static func describe(_ scene: Scene) -> [String] { [] }
    /// Extra text for an element line, starting with two spaces, or "".
    static func describe(_ element: Element) -> String { "" }
}
