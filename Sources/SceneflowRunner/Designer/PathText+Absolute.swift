import Foundation
import SceneflowCore

extension PathText {
    /// `path` made absolute against the working directory and standardised (`.` and `..`
    /// resolved, no symbolic link followed), to compare paths however they were given: the
    /// recorder's script-to-prototype path and the watch's own outputs use it.
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
