import Foundation
import SceneflowCore
import SceneflowRunner

/// Checks of the output paths commands write (`--junit`, `--out`, `--svg`, `--report`, …),
/// made before any work so that a long run never ends without its output. A bad path is a
/// usage error (exit 64) naming the option and the path. Where the bytes then go (a regular
/// file replaced atomically, a device or FIFO written into, `-` standard output) is
/// `OutputTarget`'s rule.
enum OutputPath {
    /// The longest name of one path component and of a whole path, bytes (Linux NAME_MAX and
    /// PATH_MAX − 1).
    static let maxComponentBytes = 255
    static let maxPathBytes = 4095

    /// What a command says once it wrote `path`: `wrote NAME` and `detail` (" (36x80 px)"), or,
    /// when the pipe's reader left before the output was whole, that the rest was dropped
    /// (`sceneflow test: standard output: the reader closed …`; no failure, as `git log |
    /// head` is none; LimitsAndExitCodes).
    static func wrote(_ path: String, _ detail: String = "") -> String {
        // A message, not a console line: it names its command (red-team 61 B R1).
        if OutputTarget.readerLeft(path) { return StandardStreams.messagePrefix + readerLeft(path) }
        return "wrote \(shown(path))\(detail)"
    }

    /// What is said of an output at `path` whose pipe's reader left before it was whole:
    /// `standard output: the reader closed the pipe before all of it was written; the rest was
    /// dropped`.
    static func readerLeft(_ path: String) -> String {
        "\(shown(path)): the reader closed the pipe before all of it was written; the rest was dropped"
    }

    /// `path` can be written: `-` (standard output; `OutputOptions` checks who claims it), a
    /// device or FIFO, or a file whose folder exists and is writable.
    ///
    /// - Throws: `UsageError` for `""`, a name too long or ending in `/`, a folder, a block
    ///   device or socket, a loop of links, a missing, non-folder or read-only folder.
    static func checkWritableFile(_ option: String, _ path: String) throws(UsageError) {
        if path == "-" { return }
        try checkName(option, path)
        // A name ending in `/` names a folder (red-team 44 B H5: `graph --out flow.svg/` wrote
        // its side files, then failed with 70).
        if path.hasSuffix("/") {
            throw UsageError(
                message: "\(option) \(shown(path)): the name ends in /, so it names a folder; give a file's name")
        }
        let target: OutputTarget
        do {
            target = try OutputTarget.resolve(path)
        } catch {
            throw UsageError(message: "\(option) \(shown(path)): \(error.reason)")
        }
        guard case .replace(let file) = target else { return }  // written into, never replaced
        let folder = PathText.folder(of: file)
        let parent = folder.isEmpty ? "." : folder
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory) else {
            // A folder another output option makes once the command line is checked.
            if willCreate(parent) { return }
            throw UsageError(message: "\(option) \(shown(path)): the folder \(shown(parent)) does not exist")
        }
        guard isDirectory.boolValue else {
            throw UsageError(message: "\(option) \(shown(path)): \(shown(parent)) is a file, not a folder")
        }
        guard access(parent, W_OK | X_OK) == 0 else {
            throw UsageError(message: "\(option) \(shown(path)): the folder \(shown(parent)) is not writable")
        }
    }

    /// `""` and names longer than the file system takes are refused up front (the write
    /// would fail with ENAMETOOLONG only after the run).
    static func checkName(_ option: String, _ path: String) throws(UsageError) {
        guard !path.isEmpty else { throw UsageError(message: "\(option) \"\": the name is empty; give a path") }
        if path.utf8.count > maxPathBytes {
            throw UsageError(
                message:
                    "\(option): the path is \(path.utf8.count) bytes long; the file system takes at most \(maxPathBytes)"
            )
        }
        for part in path.split(separator: "/") where part.utf8.count > maxComponentBytes {
            throw UsageError(
                message:
                    "\(option) \(shown(path, limit: 60)): the name \(shown(String(part), limit: 40)) is \(part.utf8.count) bytes long; the file system takes at most \(maxComponentBytes) per name"
            )
        }
    }

    /// `path` for a message: `standard output` for `-`, the path as it is when it is plain,
    /// else in quotes with control characters escaped (`"out\nfile"`); cut to `limit`
    /// characters with `…`.
    static func shown(_ path: String, limit: Int = 200) -> String {
        if path == "-" { return "standard output" }
        let cut = path.count > limit ? String(path.prefix(limit)) + "…" : path
        // A tab too, as a line break: the path is one field of one line (red-team 31 B6).
        let escaped = TerminalText.escaped(cut, keepNewlines: false, keepTabs: false)
        return escaped == cut && !cut.contains(" ") ? cut : "\"\(escaped)\""
    }
}
