import Foundation
import SceneflowCore
import SceneflowRunner

/// Finding the files a shard's report names when `merge-reports` runs elsewhere.
extension ReportMerge {
    /// `files` of the shard report at `shard` with every artifact path (failure frames, element
    /// trees, screenshot images, captures, baselines, videos) made one that exists. A shard's
    /// paths are from the working directory of its run, which a CI merge job that downloaded the
    /// shards elsewhere does not share: they are looked up against the report's own folder,
    /// each folder above it, and last the working directory of `merge-reports` (where a stale
    /// `rep/` of another run may lie: it must not stand in for the shard's own files). All the
    /// files of one test come from one place: the first of those folders that holds the most of
    /// them. Paths found nowhere are kept as they are and added to `missing`.
    static func locateArtifacts(
        _ files: [ScriptFileResult], shard: String, missing: inout [String]
    ) -> [ScriptFileResult] {
        let folder = ((shard as NSString).deletingLastPathComponent as NSString)
        let base = folder.length == 0 ? "." : folder as String
        var absolute = URL(fileURLWithPath: base).standardizedFileURL.path
        var folders: [String] = [base]
        while absolute != "/" && !absolute.isEmpty {
            absolute = (absolute as NSString).deletingLastPathComponent
            folders.append(absolute)
        }
        folders.append("")  // the working directory: the path as written
        var exists: [String: Bool] = [:]
        func present(_ path: String) -> Bool {
            if let known = exists[path] { return known }
            let found = FileManager.default.fileExists(atPath: path)
            exists[path] = found
            return found
        }
        func place(_ folder: String, _ path: String) -> String {
            folder.isEmpty || folder == "." ? path : (folder as NSString).appendingPathComponent(path)
        }
        return files.map { file in
            var file = file
            file.outcomes = file.outcomes.map { outcome in
                var outcome = outcome
                let named =
                    outcome.artifacts + (outcome.video.map { [$0] } ?? [])
                    + outcome.visuals.flatMap { $0.files.values }
                let relative = named.filter { !$0.hasPrefix("/") }
                // The folder holding most of this test's files, the shard's own first.
                var chosen = ""
                var best = -1
                for folder in folders {
                    let count = relative.filter { present(place(folder, $0)) }.count
                    if count > best {
                        best = count
                        chosen = folder
                    }
                    if count == relative.count { break }
                }
                func locate(_ path: String) -> String {
                    let candidate = path.hasPrefix("/") ? path : place(chosen, path)
                    if present(candidate) { return candidate }
                    if !missing.contains(path) { missing.append(path) }
                    return path
                }
                outcome.artifacts = outcome.artifacts.map(locate)
                outcome.video = outcome.video.map(locate)
                outcome.visuals = outcome.visuals.map { visual in
                    var visual = visual
                    visual.files = visual.files.mapValues(locate)
                    return visual
                }
                return outcome
            }
            return file
        }
    }

    /// The warning for artifacts no place held: how many, and the first ones by name.
    static func missingWarning(_ missing: [String]) -> String? {
        guard !missing.isEmpty else { return nil }
        let shown = missing.prefix(5).map { OutputPath.shown($0) }.joined(separator: ", ")
        let more = missing.count > 5 ? " and \(missing.count - 5) more" : ""
        return
            "sceneflow merge-reports: warning: \(counted(missing.count, "artifact")) the shards name \(missing.count == 1 ? "was" : "were") not found (looked from each shard report's folder up and from the working directory), so the merged report cannot show \(missing.count == 1 ? "it" : "them"): \(shown)\(more)"
    }
}
