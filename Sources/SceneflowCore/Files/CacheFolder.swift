import Foundation

/// Sceneflow's folder in the user's cache: `$XDG_CACHE_HOME/sceneflow` when that is an
/// absolute path (the XDG Base Directory rule), else `$HOME/.cache/sceneflow`. The last-run
/// state, the detection cache and the image-check caches all live under it.
public enum CacheFolder {
    /// The folder from `environment`, or nil when neither `XDG_CACHE_HOME` (absolute) nor a
    /// non-empty `HOME` is set.
    public static func path(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/sceneflow" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.cache/sceneflow"
    }
}
