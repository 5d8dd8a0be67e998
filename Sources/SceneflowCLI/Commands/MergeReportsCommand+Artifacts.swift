import Foundation
import SceneflowCore
import SceneflowRunner

/// Finding the files a shard's report names when `merge-reports` runs elsewhere.
extension ReportMerge {
    /// `files` of the shard report at `shard` with every artifact path (failure frames, element
    /// trees, screenshot images, captures, baselines, videos) made one that exists from the
    /// working directory: kept when it does; else looked up against the report's own folder and
    /// each folder above it (a shard's paths are from the working directory of its run, which a
    /// CI merge job that downloaded the shards elsewhere does not share). Paths found nowhere are
    /// kept as they are and added to `missing`.
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
        var cache: [String: String] = [:]
        func locate(_ path: String) -> String {
            if let known = cache[path] { return known }
            var found = path
            if !FileManager.default.fileExists(atPath: path) {
                if path.hasPrefix("/") {
                    missing.append(path)
                } else if let candidate = folders.lazy.map({ ($0 as NSString).appendingPathComponent(path) })
                    .first(where: { FileManager.default.fileExists(atPath: $0) })
                {
                    found = candidate
                } else {
                    missing.append(path)
                }
            }
            cache[path] = found
            return found
        }
        return files.map { file in
            var file = file
            file.outcomes = file.outcomes.map { outcome in
                var outcome = outcome
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
            "sceneflow merge-reports: warning: \(counted(missing.count, "artifact")) the shards name \(missing.count == 1 ? "was" : "were") not found (looked from the working directory and from each shard report's folder up), so the merged report cannot show \(missing.count == 1 ? "it" : "them"): \(shown)\(more)"
    }
}
