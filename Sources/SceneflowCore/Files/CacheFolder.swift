import Foundation

/// Sceneflow's folder in the user's cache: `$XDG_CACHE_HOME/sceneflow` when that is an
/// absolute path (the XDG Base Directory rule), else `$HOME/.cache/sceneflow`. The last-run
/// state, the detection cache and the image-check caches all live under it.
public enum CacheFolder {
    /// The folder from `environment`, or nil when neither `XDG_CACHE_HOME` (absolute) nor a
    /// `HOME` that is an existing folder is set: a missing home is never created (red-team
    /// 11 m10: `HOME=/nonexistent`, Debian's for service users, was created by a root run).
    public static func path(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/sceneflow" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        var info = stat()
        guard stat(home, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return home + "/.cache/sceneflow"
    }
}
