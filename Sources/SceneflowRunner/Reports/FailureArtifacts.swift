import Foundation
import SceneflowCore
import SceneflowSDL

/// What a failing test leaves in the report folder: `frame.png` (the frame on screen at the
/// moment of failure, rendered offscreen at the device's pixel size), `elements.txt` (the
/// element tree, see `ElementTree`) and `timeline.txt` (the last 50 timeline events), in
/// `<report>/artifacts/<script id>/<test slug>/` (for a file's failing after_all hooks, the
/// `(after_all)` entry numbered after the file's tests: `03-after_all`). Reports name them as
/// paths from the working directory (`ReportPath`).
final class FailureArtifacts {
    private let reportDirectory: String
    private let prototype: Prototype
    private var renderer: OffscreenRenderer?
    private var images: TextureCache?
    /// The prototype's own files, which no artifact replaces (a report folder inside the
    /// prototype; red-team 42 B F4; see `ReportPath.keptFileProblem`).
    private lazy var inputs = PrototypeFiles(prototype)

    init(reportDirectory: String, prototype: Prototype) {
        self.reportDirectory = reportDirectory
        self.prototype = prototype
    }

    /// Writes the files for `outcome`, test number `index` (0-based) of its file; returns their
    /// paths from the working directory (`<report>/artifacts/…`) and, when some could not be
    /// written, one line naming each with its reason (the caller adds it to the failure, so
    /// the console and every report say what is missing). A file that cannot be written is
    /// also noted in `problems.txt` when that can be written; nothing throws.
    func write(for outcome: TestOutcome, index: Int, session: Session) -> (written: [String], problem: String?) {
        let relative = "artifacts/\(HeadlessTestRunner.scriptID(outcome.file))/\(Self.folder(index, outcome.name))"
        let folder = ReportPath.join(reportDirectory, relative)
        var written: [String] = []
        var problems: [(name: String, reason: String)] = []
        if let link = ReportFolderLedger.linkProblem(relative, in: reportDirectory) {
            return ([], "could not write the failure artifacts in \(folder)/: \(link)")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return ([], "could not write the failure artifacts in \(folder)/: \(ScreenshotChecker.reason(error))")
        }
        func save(_ name: String, _ body: (String) throws -> Void) {
            let path = (folder as NSString).appendingPathComponent(name)
            if let problem = ReportPath.notAFileProblem(path) {
                problems.append((name, problem))
                return
            }
            // Checked, noted, written and noted written as one step (the folder's lock).
            ReportFolderLedger.holdingLockWhenListed(reportDirectory) {
                if let problem = ReportPath.keptFileProblem(path, inputs: inputs)
                    ?? ReportFolderLedger.writeProblem(relative + "/" + name, in: reportDirectory)
                {
                    problems.append((name, problem))
                    return
                }
                do {
                    // Made again if another run's end removed it, left empty, meanwhile.
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try body(path)
                    ReportFolderLedger.noteWritten(relative + "/" + name, in: reportDirectory)
                    written.append(folder + "/" + name)
                } catch {
                    problems.append((name, ScreenshotChecker.reason(error)))
                }
            }
        }
        save("frame.png") { path in
            if renderer == nil {
                let made = try OffscreenRenderer(device: prototype.device)
                renderer = made
                images = made.makeTextureCache(directory: prototype.directory)
            }
            try renderer!.draw(session.frame(), images: images!)
            try OffscreenRenderer.savePNG(try renderer!.capture(), to: path)
        }
        save("elements.txt") { try AtomicFile.write(ElementTree.text(session), to: $0) }
        save("timeline.txt") { path in
            let events = session.timeline.events(since: session.timeline.count - 50).events
            let text = events.map(\.description).joined(separator: "\n") + "\n"
            try AtomicFile.write(text, to: path)
        }
        guard !problems.isEmpty else { return (written, nil) }
        // Files that failed for one reason are named together: `frame.png, elements.txt and
        // timeline.txt: it lies in the baseline folder …`.
        var reasons: [String] = []
        for problem in problems where !reasons.contains(problem.reason) { reasons.append(problem.reason) }
        let grouped = reasons.map { reason in
            "\(ScreenshotChecker.listed(problems.filter { $0.reason == reason }.map(\.name))): \(reason)"
        }
        let summary = "could not write the failure artifacts \(grouped.joined(separator: "; ")) in \(folder)/"
        let lines = problems.map { "\($0.name): \($0.reason)\n" }.joined()
        save("problems.txt") { try AtomicFile.write(lines, to: $0) }
        return (written, summary)
    }

    /// `02-opens_settings` for test 1 (0-based) named `Opens settings!`: the number keeps two
    /// tests whose names differ only in punctuation apart.
    static func folder(_ index: Int, _ name: String) -> String {
        String(format: "%02d-", index + 1) + slug(name)
    }

    /// `Opens settings!` → `opens_settings`; at most 60 characters and `maxSlugBytes` bytes
    /// (a letter with many combining marks is one character of many bytes).
    static func slug(_ text: String) -> String {
        let mapped = String(text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
        let joined = mapped.split(separator: "_", omittingEmptySubsequences: true).joined(separator: "_")
        return joined.isEmpty ? "test" : PathText.prefix(String(joined.prefix(60)), bytes: maxSlugBytes)
    }

    /// The longest test slug, in bytes: with the test's number (`1000-`) and `.mp4` a
    /// folder or video name stays within `PathText.nameMaxBytes`.
    static let maxSlugBytes = 200
}
