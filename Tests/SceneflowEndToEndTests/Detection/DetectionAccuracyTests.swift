import Foundation
import SceneflowCore
import SceneflowOCR
import SceneflowRunner
import Testing

/// Recall and precision of `sceneflow detect` on the six real-world sets in
/// `../shared/realworld` against the hand-written ground truth in
/// `Tests/Fixtures/Detection/ground-truth.json` (issue 16.1). Prints the table the README
/// quotes; skipped (with a printed reason) where the sets are not beside the repository.
@Suite struct DetectionAccuracyTests {
    /// `../shared/realworld` beside the repository, or `$SCENEFLOW_REALWORLD`.
    static let realworld =
        ProcessInfo.processInfo.environment["SCENEFLOW_REALWORLD"].map { URL(fileURLWithPath: $0) }
        ?? Sceneflow.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/realworld")
    static let truthFile = Sceneflow.packageRoot.appendingPathComponent("Tests/Fixtures/Detection/ground-truth.json")

    /// `sets[set][image] = [labels]`.
    static func truth() throws -> [String: [String: [String]]] {
        struct File: Decodable { let sets: [String: [String: [String]]] }
        return try JSONDecoder().decode(File.self, from: Data(contentsOf: truthFile)).sets
    }

    /// The proposals (at the default minimum confidence) per image of `set`, read through a
    /// prototype `sceneflow new` makes of it, with a cache kept between test runs.
    static func proposals(_ set: String, in temp: TempFolder) throws -> [String: [DetectionProposal]] {
        let folder = temp.file(set)
        let images = try FileManager.default.contentsOfDirectory(atPath: realworld.appendingPathComponent(set).path)
            .filter { $0.hasSuffix(".png") }.sorted().map {
                realworld.appendingPathComponent(set).appendingPathComponent($0).path
            }
        let result = try Scaffolder.scaffold(directory: folder, images: images)
        let prototype = try PrototypeOpener.open(folder).prototype
        let cache = DetectionCache(
            folder: FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-detect-accuracy-cache")
                .path)
        let detector = TextDetector(cache: cache)
        var recognizer: TextRecognizer?
        var out: [String: [DetectionProposal]] = [:]
        for shot in result.shots {
            let scene = try #require(prototype.scenes[shot.scene])
            let found = try detector.detect(scene, in: prototype) {
                if let recognizer { return recognizer }
                recognizer = try TextRecognizer()
                return recognizer!
            }
            out[(shot.image as NSString).lastPathComponent] = found.proposals.filter {
                $0.confidence >= TextDetector.defaultMinimum
            }
        }
        return out
    }

    @Test func recallAndPrecisionOnTheSixSets() throws {
        guard FileManager.default.fileExists(atPath: Self.realworld.path) else {
            print("DetectionAccuracyTests: skipped, no \(Self.realworld.path)")
            return
        }
        let truth = try Self.truth()
        #expect(truth.count == 6)
        let temp = try TempFolder()
        var total = DetectionScore()
        var table =
            "| set | screens | truth labels | found | proposals | correct | recall | precision |\n|---|---|---|---|---|---|---|---|\n"
        var missedLines: [String] = []
        for set in truth.keys.sorted() {
            let proposals = try Self.proposals(set, in: temp)
            var score = DetectionScore()
            for (image, labels) in truth[set]!.sorted(by: { $0.key < $1.key }) {
                let found = try #require(proposals[image], "\(set)/\(image) was not read")
                let (s, missed) = DetectionScore.score(found.map(\.label), truth: labels)
                score.add(s)
                let extra = found.map(\.label).filter { label in
                    !labels.contains { DetectionScore.score([label], truth: [$0]).score.found == 1 }
                }
                missedLines.append("\(set)/\(image): missed \(missed) extra \(extra)")
            }
            total.add(score)
            table +=
                "| \(set) | \(truth[set]!.count) | \(score.truths) | \(score.found) | \(score.proposals) | \(score.correct) | \(percent(score.recall)) | \(percent(score.precision)) |\n"
        }
        table +=
            "| all | 42 | \(total.truths) | \(total.found) | \(total.proposals) | \(total.correct) | \(percent(total.recall)) | \(percent(total.precision)) |\n"
        print(table + missedLines.joined(separator: "\n"))
        #expect(total.recall >= Self.recallFloor, "recall \(percent(total.recall))\n\(table)")
        #expect(total.precision >= Self.precisionFloor, "precision \(percent(total.precision))\n\(table)")
    }

    /// The floors the measured figures must keep: the figures the docs give (87.7 % and
    /// 73.2 % on 2026-12-01, Tesseract 5.3.0), less two points, so a change that loses labels
    /// fails here. The recall goal (90 %) is not reached yet.
    static let recallFloor = 0.857
    static let precisionFloor = 0.712

    func percent(_ value: Double) -> String { String(format: "%.1f %%", value * 100) }
}
