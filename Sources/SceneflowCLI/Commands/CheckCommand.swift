import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow check PROTOTYPE…`: load, validate and decode every image; print errors and
/// warnings. Exit 0 when clean or only warnings, 65 on errors.
struct CheckCommand: Subcommand {
    static let name = "check"
    static let abstract = "Validate a prototype: errors (exit 65) and warnings (exit 0)."
    static let discussion = """
        Errors: Lua syntax or runtime errors, bad keys or values, missing scenes, missing,
        corrupt or oversized images. Warnings: scenes no element reaches, elements outside
        the screen, duplicate labels within a scene, images no scene uses, screenshots stretched
        into the device (screen area aspect more than 3 % off; landscape variants against the
        turned device).
        """
    static let arguments = [
        ArgumentSpec(
            name: "PROTOTYPE", help: "A prototype folder (holding prototype.lua).", repeating: true, optional: false)
    ]
    static let options = [helpOption]

    let folders: [String]

    /// The most warnings printed per prototype: 200, past the 100 overlapping pairs a scene
    /// lists and the lines that count the rest.
    static let maxWarningsShown = 200

    init(_ parsed: ParsedArguments) throws(UsageError) { folders = parsed.positionals }

    func run() -> ExitCode {
        var code = ExitCode.success
        let checked = CheckedImageCache.defaultFile().map(CheckedImageCache.init(file:))
        defer { checked?.save() }
        for folder in folders {
            do {
                let loaded = try PrototypeOpener.open(folder, images: .decode, checked: checked)
                let prototype = loaded.prototype
                let file = prototypeFilePath(in: folder)
                let warnings =
                    loaded.warnings
                    + PrototypeChecker.warnings(
                        for: prototype, file: file, imageFiles: imageFiles(in: prototype.directory))
                    + PrototypeOpener.aspectWarnings(prototype, file: file)
                // At most `maxWarningsShown`, then a count: 5 000 warnings of long labels printed
                // 5.8 MB (red-team 51 A F3). The closing line counts them all.
                let shown = Self.maxWarningsShown
                for warning in warnings.prefix(shown) { printLine("\(warning)") }
                if warnings.count > shown {
                    printLine(
                        "\(TerminalText.path(file)): \(counted(warnings.count - shown, "more warning", "more warnings")) not shown (fix the first ones and check again)"
                    )
                }
                let elements = prototype.orderedScenes.reduce(0) {
                    $0 + $1.elements.count + ($1.design.landscape?.elements.count ?? 0)
                }
                printLine(
                    "\(TerminalText.path(folder)): \(counted(prototype.scenes.count, "scene")), \(counted(elements, "element")), \(counted(warnings.count, "warning"))"
                )
            } catch {
                for diagnostic in error.diagnostics { printError("\(diagnostic)") }
                printError("\(TerminalText.path(folder)): \(counted(error.diagnostics.count, "error"))")
                code = .badInput
            }
        }
        return code
    }

    /// The image files under `directory`, for the "not used by any scene" warning; not those
    /// Sceneflow writes itself: baselines (`__screenshots__`) and a report folder's (one with
    /// its ledger, `.sceneflow-files`), as when scripts live in the prototype's folder or
    /// `--report` is inside it (red-team 51 B O1: each failure image was "not used by any scene").
    private func imageFiles(in directory: String) -> [String] {
        let extensions: Set<String> = ["png", "jpg", "jpeg", "gif", "bmp", "webp", "tga", "tif", "tiff", "qoi"]
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var files: [String] = []
        // The prototype's folder used as the report folder itself (`--report P`, red-team 52 B
        // O2): its report subfolders are the run's.
        let isReport = FileManager.default.fileExists(atPath: PathText.join(directory, ReportFolderLedger.fileName))
        while let path = enumerator.nextObject() as? String {
            if enumerator.fileAttributes?[.type] as? FileAttributeType == .typeDirectory {
                let full = PathText.join(directory, path)
                if PathText.lastComponent(of: path) == "__screenshots__"
                    || FileManager.default.fileExists(atPath: PathText.join(full, ReportFolderLedger.fileName))
                    || (isReport && ReportFolderLedger.ownedFolders.contains(path))
                {
                    enumerator.skipDescendants()
                }
                continue
            }
            if extensions.contains((path as NSString).pathExtension.lowercased()) { files.append(path) }
        }
        return files
    }
}
