import CVideoShim

/// FFmpeg's libraries, loaded at the first video rather than listed as needed libraries of the
/// executable, so that every other command (and every `--jobs` worker) starts without resolving
/// their ~90 dependencies.
public enum VideoLibraries {
    /// Loads FFmpeg's libraries once per process (the sonames of the headers compiled against:
    /// `libavformat.so.59` and the others).
    ///
    /// - Returns: nil when they are loaded; otherwise why not, naming the library and its Debian
    ///   package (`cannot load FFmpeg's libavcodec.so.59 (Debian package libavcodec59): ...`).
    public static func load() -> String? {
        var error = [CChar](repeating: 0, count: 512)
        guard sf_video_load(&error, error.count) != 0 else { return nil }
        return String(cString: error)
    }
}
