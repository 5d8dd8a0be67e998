/// The version of Sceneflow: the one constant `sceneflow --version` prints and every report
/// records (the JSON report's `version`, the JUnit property `sceneflow.version`, the HTML
/// report's footer), so a report says which Sceneflow wrote it.
public enum SceneflowVersion {
    /// `MAJOR.MINOR.PATCH` (Semantic Versioning); raised when a release is cut.
    public static let current = "0.20.0"
}
