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
    func failureFolder(for name: String) -> String {
        let base = name.replacingOccurrences(of: "]", with: "_")
        var folderName = base
        var suffix = 2
        while failureFolders.contains(folderName) {
            folderName = "\(base)-\(suffix)"
            suffix += 1
        }
        failureFolders.insert(folderName)
        return ReportPath.join(reportFolder, "screenshots/\(scriptID)/\(testSlug)/\(folderName)")
    }

    /// The failure images of a size change found from the baseline's header: the baseline
    /// file copied as it is (not decoded) and the frame.
    func writeSizeFailure(_ name: String, baseline: String, actual: RGBAImage) -> (
        files: [String: String], message: String
    ) {
        let folder = failureFolder(for: name)
        var files: [String: String] = [:]
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(atPath: folder + "/expected.png")
            try FileManager.default.copyItem(atPath: baseline, toPath: folder + "/expected.png")
            files["expected"] = folder + "/expected.png"
            try OffscreenRenderer.savePNG(actual, to: folder + "/actual.png")
            files["actual"] = folder + "/actual.png"
        } catch {
            return (files, "; could not write the failure images in \(folder)/: \(Self.reason(error))")
        }
        return (files, "; see \(folder)/")
    }

    func writeFailure(
        _ name: String, expected: RGBAImage, actual: RGBAImage, options: ImageCompareOptions?
    ) -> (files: [String: String], message: String) {
        let folder = failureFolder(for: name)
        var files: [String: String] = [:]
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try OffscreenRenderer.savePNG(expected, to: folder + "/expected.png")
            files["expected"] = folder + "/expected.png"
            try OffscreenRenderer.savePNG(actual, to: folder + "/actual.png")
            files["actual"] = folder + "/actual.png"
            if let options {
                let diff = ImageComparison.diffImage(expected: expected, actual: actual, options: options)
                try OffscreenRenderer.savePNG(diff, to: folder + "/diff.png")
                files["diff"] = folder + "/diff.png"
            }
        } catch {
            return (files, "; could not write the failure images in \(folder)/: \(Self.reason(error))")
        }
        return (files, "; see \(folder)/")
    }
}
