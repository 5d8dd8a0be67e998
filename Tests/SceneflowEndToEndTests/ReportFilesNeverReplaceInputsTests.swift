import Foundation
import SceneflowCore
import SceneflowRunner
import Testing

/// Red-team 42 B F4: with the `--report` folder inside the prototype, a failing test's
/// `frame.png` replaced a scene image kept at that path, and the next run removed it as the
/// last run's report file. Report files are checked against the prototype's files before they
/// are written, as `--out` is. F8: on a full disk the failure said "could not write the
/// failure images" though `expected.png` was written and linked: it names the missing ones.
@Suite struct ReportFilesNeverReplaceInputsTests {
    /// A prototype in `Proto/` whose scene `detail` shows `Proto/rep/<image>`, and `t.lua`,
    /// whose test `fails` fails by `body` while `detail` is on screen.
    static func suite(image: String, body: String) throws -> TempFolder {
        let tmp = try TempFolder()
        let scenes = TempFolder.twoScenes.replacingOccurrences(
            of: "image = \"detail.png\"", with: "image = \"rep/\(image)\"")
        try tmp.prototype(scenes: scenes, images: ["home.png", "rep/\(image)"])
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"fails\", function() tap \"Open\"; \(body) end)\n")
        return tmp
    }

    @Test func aFailureArtifactNeverReplacesASceneImage() throws {
        let tmp = try Self.suite(image: "artifacts/t/01-fails/frame.png", body: "expect.scene \"home\"")
        let image = tmp.file("Proto/rep/artifacts/t/01-fails/frame.png")
        let before = try Data(contentsOf: URL(fileURLWithPath: image))
        let r = try Sceneflow.run(["test", "t.lua", "--report", "Proto/rep"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("frame.png: it would replace the image rep/artifacts/t/01-fails/frame.png"), "\(r)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before)
        // The next run, passing, removes only what a run wrote.
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"passes\", function() tap \"Open\" end)\n")
        #expect(try Sceneflow.run(["test", "t.lua", "--report", "Proto/rep"], in: tmp.url).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before)
        #expect(try Sceneflow.run(["check", "Proto"], in: tmp.url).status == 0)
    }

    @Test func aFailureImageNeverReplacesASceneImage() throws {
        let tmp = try Self.suite(
            image: "screenshots/t/01-fails/home/actual.png", body: "expect.screenshot \"home\"")
        let image = tmp.file("Proto/rep/screenshots/t/01-fails/home/actual.png")
        let before = try Data(contentsOf: URL(fileURLWithPath: image))
        // A baseline of another screen, so the comparison fails.
        try tmp.write("__screenshots__/t/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (9, 9, 9)))
        let r = try Sceneflow.run(["test", "t.lua", "--report", "Proto/rep"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("could not write actual.png"), "\(r)")
        #expect(
            r.stdout.contains(
                "could not write actual.png in Proto/rep/screenshots/t/01-fails/home/: it would replace the image rep/screenshots/t/01-fails/home/actual.png of the prototype"
            ), "\(r)")
        #expect(!r.stdout.contains("Error Domain"), "\(r)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before)
    }

    /// F8: one failure image that cannot be written is named, and the ones written are said.
    @Test func theFailureImagesNotWrittenAreNamed() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"fails\", function() expect.screenshot \"home\" end)\n")
        try tmp.write("__screenshots__/t/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (9, 9, 9)))
        // A folder where actual.png goes: only that one cannot be written.
        try FileManager.default.createDirectory(
            atPath: tmp.file("rep/screenshots/t/01-fails/home/actual.png"), withIntermediateDirectories: true)
        let r = try Sceneflow.run(["test", "t.lua", "--report", "rep"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        #expect(r.stdout.contains("could not write actual.png in "), "\(r)")
        #expect(!r.stdout.contains("could not write the failure images"), "\(r)")
        #expect(r.stdout.contains("expected.png and diff.png are there"), "\(r)")
        #expect(FileManager.default.fileExists(atPath: tmp.file("rep/screenshots/t/01-fails/home/expected.png")))
    }

    /// Red-team 44 B H3: a link the user left in the report folder (`rep/screenshots/t/01-fails/x`,
    /// `rep/artifacts/t/01-fails`, `rep/captures/t/01-fails`) to the script's baseline folder
    /// led failure images, artifacts and captures onto baselines (`actual.png`, `frame.png`,
    /// read by the next test as baselines of those names). No report file is written inside a
    /// `__screenshots__` folder, however it is reached; the failure says which were not.
    @Test(arguments: ["screenshots/t/01-fails/x", "artifacts/t/01-fails", "captures/t/01-fails"])
    func noReportFileIsWrittenAmongBaselines(_ linked: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua",
            "prototype \"Proto\"\ntest(\"fails\", function() capture \"frame\"; expect.screenshot(\"x\", { timeout = 0 }) end)\n"
        )
        for name in ["x", "actual", "expected", "diff", "frame"] {
            // Every baseline of another screen than home's, so `x` fails.
            try tmp.write("__screenshots__/t/\(name).png", PNGWriter.solid(width: 36, height: 80, rgb: (9, 9, 9)))
        }
        try tmp.write("__screenshots__/t/elements.txt", "kept\n")
        try tmp.write("__screenshots__/t/timeline.txt", "kept\n")
        let link = tmp.file("rep/" + linked)
        try FileManager.default.createDirectory(atPath: PathText.folder(of: link), withIntermediateDirectories: true)
        let depth = linked.split(separator: "/").count
        try FileManager.default.createSymbolicLink(
            atPath: link, withDestinationPath: String(repeating: "../", count: depth) + "__screenshots__/t")
        let baselines = { () throws -> [(String, Data)] in
            try FileManager.default.contentsOfDirectory(atPath: tmp.file("__screenshots__/t")).sorted().map {
                ($0, try Data(contentsOf: URL(fileURLWithPath: tmp.file("__screenshots__/t/" + $0))))
            }
        }
        let before = try baselines()
        let r = try Sceneflow.run(["test", "t.lua", "--report", "rep"], in: tmp.url)
        #expect(r.status == 1, "\(linked): \(r)")
        // Refused as leading among baselines, or (red-team 52 B F2) as a link in the report
        // folder, which no report file is written through.
        #expect(
            r.stdout.contains("baseline folder") || r.stdout.contains("a report file is never written through one"),
            "\(linked): \(r)")
        // Red-team 45 A W2: the failure images' reason was Foundation's error dump ("Error
        // Domain=NSCocoaErrorDomain Code=513 …"), which reads as a permission problem.
        #expect(!r.stdout.contains("Error Domain"), "\(linked): \(r)")
        let after = try baselines()
        #expect(after.map(\.0) == before.map(\.0), "\(linked)")
        #expect(after.map(\.1) == before.map(\.1), "\(linked): a baseline was replaced")
    }
}
