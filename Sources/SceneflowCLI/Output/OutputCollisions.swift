import Foundation
import SceneflowCore
import SceneflowRunner

/// Output paths that would replace a file the run reads, or that two outputs of one run share
/// (red-team finding F8: `test o/t.lua --json o/t.lua` replaced the script with its own report;
/// `--json same.out --junit same.out` kept only one). Checked before the command runs, as a
/// usage error (exit 64) naming both options or the option and the input.
///
/// Paths are compared after resolving symbolic links (`realpath` of the file, or of its folder
/// when the file does not exist yet) and, for files that exist, by device and inode, so a link,
/// a hard link or another spelling of a path counts as the same file. Devices, FIFOs and
/// descriptors are written into, never replaced, and are compared by device and inode, except
/// `/dev/null`, which takes any number of outputs.
enum OutputCollisions {
    /// One file an output option writes: the option (`--json`, or `--report` for a file the
    /// folder gets) and the path.
    struct Output: Equatable {
        /// The option, as the message names it (`--report rep/results.json` for a folder's file).
        let option: String
        /// The path as given (or the folder's path joined with the file name).
        let path: String
    }

    /// File extensions of images a prototype or a baseline can be (`ImageFormat`'s readers).
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff"]

    /// Throws when two of `outputs` are the same file.
    ///
    /// - Throws: `UsageError` (exit 64): `--json same.out and --junit same.out are the same file; …`.
    /// Devices, FIFOs and descriptors are compared by device and inode (`/dev/stderr` and
    /// `/proc/self/fd/2` are one), except the null device, which takes any number of outputs.
    static func checkDistinct(_ outputs: [Output]) throws(UsageError) {
        var seen: [(output: Output, key: FileKey)] = []
        var streams: [(output: Output, identity: FileIdentity)] = []
        func refuse(_ earlier: Output, _ output: Output) -> UsageError {
            UsageError(
                message:
                    "\(earlier.option) \(OutputPath.shown(earlier.path)) and \(output.option) \(OutputPath.shown(output.path)) are the same file; each output needs a file of its own"
            )
        }
        for output in outputs {
            guard let key = FileKey(output.path) else {
                // Written into, never replaced: one stream for two outputs mixes them.
                guard let target = try? OutputTarget.resolve(output.path),
                    let identity = OutputTarget.identity(of: target), !identity.isNullDevice
                else { continue }
                if let earlier = streams.first(where: { $0.identity == identity }) {
                    throw refuse(earlier.output, output)
                }
                streams.append((output, identity))
                continue
            }
            if let earlier = seen.first(where: { $0.key.matches(key) }) { throw refuse(earlier.output, output) }
            seen.append((output, key))
        }
    }

    /// The name `test` gives the default report folder's ledger among its outputs (no
    /// `--report`: `sceneflow-report/.sceneflow-files`).
    static let defaultReportList = "the report folder's list"

    /// Throws when one of `outputs` would replace a file the run reads: one of `files` (the
    /// scripts or timelines given), `prototype.lua`, a `.lua` file or an image in one of
    /// `prototypeFolders`, or lies among baselines (under a `__screenshots__` folder, new or not).
    /// When `luaIsInput` (`test`, whose scripts `require` modules), any existing `.lua` file;
    /// and `config`, the project config `sceneflow.lua` the run read, when there is one.
    ///
    /// - Throws: `UsageError` (exit 64) naming the option, the path and what it is.
    static func checkNotInputs(
        _ outputs: [Output], files: [String], prototypeFolders: [String], luaIsInput: Bool, config: String? = nil
    ) throws(UsageError) {
        let configKey = config.flatMap(FileKey.init)
        let fileKeys = files.compactMap { file in FileKey(file).map { (file, $0) } }
        let folders = prototypeFolders.compactMap { folder in FileKey.realPath(folder).map { (folder, $0) } }
        for output in outputs {
            let shown = "\(output.option) \(OutputPath.shown(output.path))"
            let advice = "an output never replaces a file the run reads; choose another file"
            // Among baselines, new or not, through links too (red-team 45 B G5: `--report
            // __screenshots__/c` ran, and its failure images were refused one by one; `--csv
            // __screenshots__/a/new.png` put a CSV named like a baseline there).
            if ResolvedPath.of(output.path).split(separator: "/").contains("__screenshots__") {
                if output.option == defaultReportList {  // no --report: the default folder leads there
                    let folder = PathText.folder(of: output.path)
                    throw UsageError(
                        message:
                            "the report folder \(OutputPath.shown(folder)) (where captures and failure images go without --report) leads into a __screenshots__ folder, among the baselines (\(OutputPath.shown(ResolvedPath.of(folder)))); remove the link, or give --report a folder of its own"
                    )
                }
                throw UsageError(
                    message:
                        "\(shown) lies in a __screenshots__ folder, among the baselines; \(advice)"
                )
            }
            guard let key = FileKey(output.path) else { continue }
            let name = PathText.lastComponent(of: key.path)
            let ext = PathText.pathExtension(of: name).lowercased()
            if key.identity == nil {
                // A new image or Lua file among a prototype's files would be one of them the
                // next run (red-team 42 B F7: `render --out P/preview.png` ran once, then was
                // refused as an image of the prototype): refused the first time too.
                // Only into a folder that is there (`prototype.lua/x.png` is said to be a file,
                // not a folder, by `OutputPath`).
                var isFolder: ObjCBool = false
                if ext == "lua" || imageExtensions.contains(ext),
                    let (given, _) = folders.first(where: { key.path.hasPrefix($0.1 + "/") }),
                    FileManager.default.fileExists(atPath: PathText.folder(of: key.path), isDirectory: &isFolder),
                    isFolder.boolValue
                {
                    let what = ext == "lua" ? "a Lua file" : "an image"
                    throw UsageError(
                        message:
                            "\(shown) would put \(what) into the folder of the prototype \(OutputPath.shown(given)), where the next run would read it; \(advice.replacingOccurrences(of: "choose another file", with: "choose a file outside it"))"
                    )
                }
                continue  // a new file
            }
            if let config, let configKey, configKey.matches(key) {
                throw UsageError(message: "\(shown) is the project config \(OutputPath.shown(config)); \(advice)")
            }
            if let (file, _) = fileKeys.first(where: { $0.1.matches(key) }) {
                throw UsageError(message: "\(shown) is \(OutputPath.shown(file)), an input of this run; \(advice)")
            }
            for (given, real) in folders where key.path.hasPrefix(real + "/") {
                if name == "prototype.lua" || ext == "lua" || imageExtensions.contains(ext) {
                    let what = name == "prototype.lua" ? "the prototype.lua" : ext == "lua" ? "a Lua file" : "an image"
                    throw UsageError(
                        message: "\(shown) is \(what) of the prototype \(OutputPath.shown(given)); \(advice)")
                }
            }
            if luaIsInput && ext == "lua" {
                throw UsageError(message: "\(shown) is a Lua file (a script or a module it requires); \(advice)")
            }
        }
    }

    /// Where a path really is: its resolved absolute path, and (device, inode) when it exists
    /// as a regular file. Nil for devices, FIFOs, folders and paths whose folder is missing.
    struct FileKey {
        let path: String
        let identity: [UInt64]?

        init?(_ path: String) {
            // Where the bytes would go: links followed (a dangling one to its target's name);
            // a device, FIFO or descriptor is written into, never replaced, so never compared.
            guard case .replace(let given) = try? OutputTarget.resolve(path) else { return nil }
            var info = stat()
            if stat(given, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFREG, let real = Self.realPath(given) else { return nil }
                self.path = real
                identity = [UInt64(info.st_dev), UInt64(info.st_ino)]
                return
            }
            // Not there yet: where it will be is its folder's real path plus its name; a folder
            // not there yet either (one `--report` creates) counts from the nearest that is.
            var folder = PathText.folder(of: given)
            var missing = [PathText.lastComponent(of: given)]
            while Self.realPath(folder.isEmpty ? "." : folder) == nil {
                guard !folder.isEmpty, folder != "/" else { return nil }
                missing.append(PathText.lastComponent(of: folder))
                folder = PathText.folder(of: folder)
            }
            guard let real = Self.realPath(folder.isEmpty ? "." : folder) else { return nil }
            var parts: [String] = []
            for part in missing.reversed() where part != "." {
                if part == "..", !parts.isEmpty { parts.removeLast() } else { parts.append(part) }
            }
            self.path = parts.reduce(real) { PathText.join($0, $1) }
            identity = nil
        }

        /// The same file: the same (device, inode) when both exist, else the same resolved path.
        func matches(_ other: FileKey) -> Bool {
            if let identity, let otherIdentity = other.identity { return identity == otherIdentity }
            return path == other.path
        }

        /// `realpath(3)` of `path`; nil when a part is missing.
        static func realPath(_ path: String) -> String? {
            guard let resolved = realpath(path, nil) else { return nil }
            defer { free(resolved) }
            return String(cString: resolved)
        }
    }
}
