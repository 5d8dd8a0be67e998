import Foundation
import Testing

/// The short fuzz pass of the test command: every kept fuzz input (`Tests/Fuzz/corpus/<target>`,
/// seeds plus what `Scripts/fuzz.sh` found interesting, minimised; and the named findings in
/// `Tests/Fuzz/regressions/<target>`) is replayed through the same targets
/// by `sceneflow-fuzz` built without libFuzzer. Each must end in a result or a clear error:
/// the process finishes (no hang), exits 0 and reports every file (no crash part way).
@Suite struct FuzzCorpusTests {
    static let corpus = Sceneflow.packageRoot.appendingPathComponent("Tests/Fuzz/corpus")
    /// Inputs that once crashed, hung or exhausted memory, kept by name (`Tests/Fuzz/regressions`).
    static let regressions = Sceneflow.packageRoot.appendingPathComponent("Tests/Fuzz/regressions")

    @Test(arguments: ["prototype", "image", "script"])
    func keptInputsReplayWithoutACrashOrHang(_ target: String) throws {
        let sceneflow = try #require(Sceneflow.binary)
        let fuzz = sceneflow.deletingLastPathComponent().appendingPathComponent("sceneflow-fuzz")
        try #require(
            FileManager.default.isExecutableFile(atPath: fuzz.path), "build sceneflow-fuzz first (swift build)")
        let folder = Self.corpus.appendingPathComponent(target)
        let regressions = Self.regressions.appendingPathComponent(target)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        let found = (try? FileManager.default.contentsOfDirectory(atPath: regressions.path)) ?? []
        #expect(files.count >= 5, "a corpus of at least a few seeds")
        let r = try Sceneflow.run([target, folder.path, regressions.path], timeout: 300, executable: fuzz)
        #expect(r.status == 0 && r.didNotCrash, "\(r)")
        #expect(
            r.outputLines.last == "replayed \(files.count + found.count) \(target) inputs", "\(r.stdout.suffix(500))")
    }
}
