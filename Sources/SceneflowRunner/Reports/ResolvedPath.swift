import Foundation
import SceneflowCore

/// Where a path really leads: every symbolic link and `..` on the way resolved, as far as the
/// files exist (a link whose target is not there yet followed by hand, a missing file named
/// after its folder's resolved path). Tells two spellings of one file apart from two files
/// (`RecordedBaselines`' claims) and where an output or a report file would land
/// (`ReportPath.keptFileProblem`, the command line's check of outputs among baselines).
public enum ResolvedPath {
    /// The absolute path `path` (from the working directory when relative) leads to.
    public static func of(_ path: String) -> String { resolved(path, links: 0) }

    /// `path` with every link and `..` resolved, as far as the files exist: a link whose
    /// target is not there yet is followed by hand, and a missing file keeps its name after
    /// its folder's resolved path.
    private static func resolved(_ path: String, links: Int) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let folder = PathText.folder(of: path)
        var info = stat()
        if links < 40, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(path, &buffer, buffer.count - 1)
            if count > 0 {
                let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                let next = target.hasPrefix("/") ? target : PathText.join(folder.isEmpty ? "." : folder, target)
                return resolved(next, links: links + 1)
            }
        }
        let name = PathText.lastComponent(of: path)
        guard !folder.isEmpty, folder != path, links < 80 else {
            return PathText.join(FileManager.default.currentDirectoryPath, path)
        }
        let parent = resolved(folder, links: links + 1)
        return name == ".." ? PathText.folder(of: parent) : name == "." ? parent : PathText.join(parent, name)
    }
}
