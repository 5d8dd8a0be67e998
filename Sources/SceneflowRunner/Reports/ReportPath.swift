import Foundation
import SceneflowCore

/// The one path base of Sceneflow's reports: every file a report names (failure frames, element
/// trees, timelines, screenshot images, captures, baselines) is a path from the working
/// directory, as the console prints failures (`scripts/login.lua:12: …`): relative when the
/// folders were given relative, absolute when they were given absolute. Only the HTML page
/// turns them into links relative to its own folder.
public enum ReportPath {
    /// `folder/relative` (`relative` alone when `folder` is empty or `.`).
    public static func join(_ folder: String, _ relative: String) -> String {
        folder.isEmpty || folder == "." ? relative : (folder as NSString).appendingPathComponent(relative)
    }

    /// Why Sceneflow may not write its own report file (a capture, a failure artifact) at
    /// `path`: something other than a file is there (a symbolic link, a FIFO, a folder, a
    /// device), which Sceneflow never put there and does not write through: a link to
    /// `/dev/stdout` sent a capture into a worker's private output while the reports listed
    /// it (red-team 16 B-F3). Nil when the name is free or holds a file.
    public static func notAFileProblem(_ path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, let kind = RegularFile.kind(ofMode: info.st_mode) else { return nil }
        return "it is \(kind), not a file Sceneflow wrote; nothing was written (remove it)"
    }

    /// Why a report file (a failure image, a failure artifact, a capture) or a side output
    /// (`graph`'s `.dot` and thumbnails) may not be written at
    /// `path`: it is one of the prototype's files (`inputs`; red-team 42 B F4, a report folder
    /// inside the prototype), or it lies, once links and `..` are resolved, in a
    /// `__screenshots__` folder, among baselines (44 B H3: a link left in the report folder
    /// led failure images onto baselines the next test compared with). Nil when neither.
    public static func keptFileProblem(_ path: String, inputs: PrototypeFiles) -> String? {
        if let input = inputs.file(at: path) {
            return "it would replace \(input) of the prototype, which a run never writes"
        }
        let parts = ResolvedPath.of(path).split(separator: "/", omittingEmptySubsequences: false)
        guard let at = parts.dropLast().lastIndex(of: "__screenshots__") else { return nil }
        let folder = parts[...min(at + 1, parts.count - 2)].joined(separator: "/")
        let how = path.split(separator: "/").contains("__screenshots__") ? "" : " (a link on the way leads there)"
        return "the path leads into the baseline folder \(folder)\(how), where no report or output is written"
    }

    /// The characters a link's path segment keeps as they are (RFC 3986 `pchar` less `/`):
    /// `#`, `?`, `%`, spaces and non-ASCII letters are percent-encoded, so a capture named
    /// "step #2" is not cut at a fragment (red-team finding M13).
    static let segmentCharacters = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))

    /// `path` (from the working directory) as a link from a page in `folder`: relative when
    /// both are on the same disk, which they are (`../` steps where `path` lies outside
    /// `folder`), each segment percent-encoded (`step%20%232.png`); HTML escaping is left to
    /// the caller.
    public static func link(_ path: String, from folder: String) -> String {
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: folder.isEmpty ? "." : folder).standardizedFileURL.pathComponents
        var shared = 0
        while shared < target.count, shared < base.count, target[shared] == base[shared] { shared += 1 }
        let up = Array(repeating: "..", count: base.count - shared)
        let parts =
            up + target[shared...].map { $0.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? $0 }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
