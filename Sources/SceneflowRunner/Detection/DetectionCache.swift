import Foundation
import SceneflowCore

/// Where `sceneflow detect` keeps what it read on each screen, so a second run (and the
/// window's edit mode) does not read it again (issue 16.1): one JSON file per screen in the
/// user's cache folder (`$XDG_CACHE_HOME/sceneflow/detect`, else `~/.cache/sceneflow/detect`).
/// An entry's key is the image file's content hash, the screen area, Tesseract's version and
/// the reading settings; the file name is a hash of that key and the key is stored inside
/// and compared on reading, so an entry is never used for other image content, another
/// Tesseract or other settings.
public struct DetectionCache: Sendable {
    /// The folder, or nil when caching is off.
    public let folder: String?

    /// The cache in `folder` (nil: no cache).
    public init(folder: String?) { self.folder = folder }

    /// The user's cache folder for detection: `$XDG_CACHE_HOME/sceneflow/detect` when that is
    /// an absolute path, else `$HOME/.cache/sceneflow/detect`; nil without either.
    public static func userFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        CacheFolder.path(environment).map { $0 + "/detect" }
    }

    /// One stored reading: the key it was made under, the screen's size in pixels and the words.
    struct Entry: Codable {
        let key: String
        let width: Int
        let height: Int
        let words: [RecognizedWord]
    }

    /// The file an entry with `key` lives in.
    func path(for key: String) -> String? {
        folder.map { $0 + "/" + ContentHash.of(Array(key.utf8)) + ".json" }
    }

    /// The stored reading for `key`, or nil (none, unreadable, made under another key, or
    /// holding values no reading could have made: `Entry.isPlausible`).
    func read(_ key: String) -> (width: Int, height: Int, words: [RecognizedWord])? {
        guard let path = path(for: key), let data = try? RegularFile.read(path, limit: RegularFile.cacheLimit),
            let entry = try? JSONDecoder().decode(Entry.self, from: data), entry.key == key, entry.isPlausible
        else { return nil }
        return (entry.width, entry.height, entry.words)
    }

    /// Stores a reading under `key`; a cache that cannot be written is skipped quietly (the
    /// next run reads the screen again).
    func write(_ key: String, width: Int, height: Int, words: [RecognizedWord]) {
        guard let folder, let path = path(for: key) else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        guard let data = try? JSONEncoder().encode(Entry(key: key, width: width, height: height, words: words))
        else { return }
        try? OutputTarget.write(data, to: path)
    }
}
