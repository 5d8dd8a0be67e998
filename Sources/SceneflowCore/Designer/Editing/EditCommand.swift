/// What the window must do after the edit mode handled an input: the edit mode itself is pure
/// and never touches the file.
public enum EditCommand: Equatable, Sendable {
    /// Nothing (what shows may still have changed: the window compares what it would draw).
    case none
    /// Write this change to scene `scene` of `prototype.lua` (`HotspotWriter`, the write-back
    /// of `sceneflow hotspot`); on success select `select` (a label), if any.
    case write(HotspotEdit, scene: String, select: String?)
    /// Put back the file's bytes from before the last write (Ctrl+Z).
    case undo
    /// Leave edit mode (`E`).
    case leave
    /// Go back as in play (Escape with nothing selected and no field open).
    case back
}
