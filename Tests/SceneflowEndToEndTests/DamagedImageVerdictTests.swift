import Foundation
import Testing

/// Every command loads a prototype through the same image checks, so a damaged screenshot gets
/// one verdict: `check`, `test` (a tap-only script, which draws nothing), `inspect`, `graph`,
/// `render` and `play` (dummy video driver) each refuse it with exit 65 and the message `check`
/// gives, naming the file. Before, a PNG whose chunks and CRCs were all right but whose pixel
/// data was short passed `test`, `inspect` and `graph` (only `check` decoded it). The damaged
/// files (`Tests/BadInput/damaged-images/<kind>/`, made by `make-damaged-images.py` there) cover
/// short, interlaced-short and damaged PNG pixel data, a wrong CRC, a PNG cut inside a chunk,
/// and JPEG, GIF, BMP, TIFF and WebP files cut short.
@Suite struct DamagedImageVerdictTests {
    static let folder = BadInputCase.root.appendingPathComponent("damaged-images")

    static var kinds: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("\($0)/prototype.lua").path)
        }
    }

    /// The commands, each as arguments for a copy of the corpus folder, `KIND` standing for the
    /// prototype folder.
    static let commands: [[String]] = [
        ["test", "tap.lua", "--prototype", "KIND"],
        ["inspect", "KIND"],
        ["graph", "KIND", "--out", "graph.png"],
        ["render", "KIND", "--out", "render.png"],
        ["play", "KIND"],
    ]

    @Test func everyKindOfDamageIsInTheCorpus() {
        #expect(Self.kinds.count >= 10, "\(Self.kinds)")
    }

    @Test(arguments: kinds)
    func everyCommandRefusesTheDamagedImageAsCheckDoes(kind: String) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sceneflow-damaged-\(UUID())")
        try FileManager.default.copyItem(at: Self.folder, to: scratch)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let check = try Sceneflow.run(["check", kind], in: scratch)
        #expect(check.status == 65, "check \(kind): \(check)")
        // `image "home.png" is corrupt or truncated (…)`, the reason as `check` found it.
        let message = try #require(
            check.errorLines.first { $0.contains("scenes.home.image: ") }?.components(
                separatedBy: "scenes.home.image: "
            )
            .last, "\(check)")
        #expect(message.contains("home."), "the message names the file: \(message)")
        for command in Self.commands {
            let arguments = command.map { $0 == "KIND" ? kind : $0 }
            // `play` that accepted the prototype would open a window and wait: killed after 20 s.
            let run = try Sceneflow.run(arguments, in: scratch, timeout: 20)
            #expect(run.status == 65 && !run.timedOut, "\(arguments.joined(separator: " ")): \(run)")
            #expect(run.output.contains(message), "\(arguments.joined(separator: " ")) gives check's message: \(run)")
            #expect(!run.output.contains("libpng"), "no library chatter: \(run)")
        }
    }
}
