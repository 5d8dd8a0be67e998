import Foundation

extension OutputPath {
    /// A file a command reads, which its outputs must never replace: the path and how the
    /// message names it (e.g. `the image of scenes.home.image`).
    struct Input {
        /// The file (absolute, or relative to the working directory).
        let file: String
        /// What it is to the prototype, for the message.
        let role: String
    }

    /// Throws when `path` already exists and is one of `inputs`: the same file by device and
    /// inode number, so a symbolic link, a hard link or another spelling of the path counts.
    /// Checked even with `--force`, which only replaces earlier outputs.
    ///
    /// - Throws: `UsageError` (exit 64) naming the option, the path and the input it would replace.
    static func checkNotAnInput(_ option: String, _ path: String, inputs: [Input]) throws(UsageError) {
        guard let target = identity(path) else { return }  // nothing there to replace
        for input in inputs where identity(input.file) == target {
            throw UsageError(
                message: "\(option) \(path) is \(input.role); an output never replaces a file the prototype uses")
        }
    }

    /// The (device, inode) of the file `path` leads to, following links; nil when it does not exist.
    private static func identity(_ path: String) -> [Int]? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
            let device = (attributes[.systemNumber] as? NSNumber)?.intValue,
            let inode = (attributes[.systemFileNumber] as? NSNumber)?.intValue
        else { return nil }
        return [device, inode]
    }
}
