import Foundation
import SceneflowCore
import SceneflowSDL

/// What a failed screenshot comparison leaves in the report folder: the expected, actual and
/// diff images, one folder per failing comparison of a test.
extension ScreenshotChecker {
    /// The report folder for the failure images of baseline `name` in the running test: one
    /// folder per failing comparison (`home/`, `home-2/`, …), so a second failure against the
    /// same baseline (a soft check before and after navigation, of either kind) never
    /// overwrites the first's evidence.
    /// A `]` in the name is written `_` (a `]]` would end a JUnit attachment's path there;
    /// the numbering keeps `a]` and `a_` apart).
    /// A folder the test used in another load (its after_each hooks in a fresh load or worker
    /// after a limit or a stopped worker) is known run-wide (`RecordedBaselines.claimOnce`) and
    /// skipped too (red-team 47 B J1: the hook's failure images replaced the test's).
    func failureFolder(for name: String) -> String {
        let base = name.replacingOccurrences(of: "]", with: "_")
        let me = RecordedBaselines.Writer(script: script, name: test.name, index: test.index)
        func path(_ folderName: String) -> String {
            ReportPath.join(reportFolder, "screenshots/\(scriptID)/\(testSlug)/\(folderName)")
        }
        var folderName = base
        var suffix = 2
        while failureFolders.contains(folderName) || recorded.claimOnce(path(folderName), by: me) != nil {
            folderName = "\(base)-\(suffix)"
            suffix += 1
        }
        failureFolders.insert(folderName)
        return path(folderName)
    }

    /// The failure images of a size change found from the baseline's header: the baseline
    /// file copied as it is (not decoded) and the frame.
    func writeSizeFailure(_ name: String, baseline: String, actual: RGBAImage) -> (
        files: [String: String], message: String
    ) {
        writeImages(
            in: failureFolder(for: name),
            [
                (
                    "expected",
                    { path in
                        try? FileManager.default.removeItem(atPath: path)
                        try FileManager.default.copyItem(atPath: baseline, toPath: path)
                    }
                ),
                ("actual", { try OffscreenRenderer.savePNG(actual, to: $0) }),
            ])
    }

    func writeFailure(
        _ name: String, expected: RGBAImage, actual: RGBAImage, options: ImageCompareOptions?
    ) -> (files: [String: String], message: String) {
        var images: [(String, (String) throws -> Void)] = [
            ("expected", { try OffscreenRenderer.savePNG(expected, to: $0) }),
            ("actual", { try OffscreenRenderer.savePNG(actual, to: $0) }),
        ]
        if let options {
            images.append(
                (
                    "diff",
                    {
                        let diff = ImageComparison.diffImage(expected: expected, actual: actual, options: options)
                        try OffscreenRenderer.savePNG(diff, to: $0)
                    }
                ))
        }
        return writeImages(in: failureFolder(for: name), images)
    }

    /// Writes each of `images` (`expected` → `folder/expected.png`, by a function given the
    /// path) and gives the ones written by kind, and the message that follows the failure:
    /// `; see folder/`, or which could not be written and why, and which are there (red-team
    /// 42 B F8: "could not write the failure images" though `expected.png` was written and
    /// linked). A path that is one of the prototype's files, or lies among baselines, is not
    /// written (`ReportPath.keptFileProblem`).
    private func writeImages(in folder: String, _ images: [(kind: String, write: (String) throws -> Void)]) -> (
        files: [String: String], message: String
    ) {
        var files: [String: String] = [:]
        var missing: [String] = []
        var reasons: [String] = []
        let entry = ReportFolderLedger.entry(of: folder, in: reportFolder)
        if let entry, let link = ReportFolderLedger.linkProblem(entry, in: reportFolder) {
            return (files, "; could not write the failure images in \(folder)/: \(link)")
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return (files, "; could not write the failure images in \(folder)/: \(Self.reason(error))")
        }
        let inputs = PrototypeFiles(prototype)
        for (kind, write) in images {
            let path = folder + "/\(kind).png"
            do {
                // Checked, noted, written and noted written as one step (the folder's lock).
                try ReportFolderLedger.holdingLockWhenListed(reportFolder) {
                    if let problem = ReportPath.keptFileProblem(path, inputs: inputs)
                        ?? entry.flatMap({ ReportFolderLedger.writeProblem($0 + "/\(kind).png", in: reportFolder) })
                    {
                        throw OutputError(path: path, reason: problem)
                    }
                    // Made again if another run's end removed it, left empty, meanwhile.
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                    try write(path)
                    if let entry { ReportFolderLedger.noteWritten(entry + "/\(kind).png", in: reportFolder) }
                }
                files[kind] = path
            } catch {
                missing.append("\(kind).png")
                let reason = Self.reason(error)
                if !reasons.contains(reason) { reasons.append(reason) }
            }
        }
        guard !missing.isEmpty else { return (files, "; see \(folder)/") }
        let written = images.map { "\($0.kind).png" }.filter { !missing.contains($0) }
        let there = written.isEmpty ? "" : "; \(Self.listed(written)) \(written.count == 1 ? "is" : "are") there"
        return (
            files,
            "; could not write \(Self.listed(missing)) in \(folder)/: \(reasons.joined(separator: "; "))\(there)"
        )
    }

    /// `a`, `a and b`, `a, b and c`.
    static func listed(_ names: [String]) -> String {
        names.count <= 1 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
