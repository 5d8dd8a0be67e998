import Foundation
import SceneflowCore
import SceneflowSDL

/// What a failing test leaves in the report folder: `frame.png` (the frame on screen at the
/// moment of failure, rendered offscreen at the device's pixel size), `elements.txt` (the
/// element tree, see `ElementTree`) and `timeline.txt` (the last 50 timeline events), in
/// `<report>/artifacts/<script id>/<test slug>/`. Reports name them as paths from the working
/// directory (`ReportPath`).
final class FailureArtifacts {
    private let reportDirectory: String
    private let prototype: Prototype
    private var renderer: OffscreenRenderer?
    private var images: TextureCache?

    init(reportDirectory: String, prototype: Prototype) {
        self.reportDirectory = reportDirectory
        self.prototype = prototype
    }

    /// Writes the files for `outcome`, test number `index` (0-based) of its file; returns their
    /// paths from the working directory (`<report>/artifacts/…`). A file that cannot be written
    /// is replaced by a note in `problems.txt`; nothing throws.
    func write(for outcome: TestOutcome, index: Int, session: Session) -> [String] {
        let relative = "artifacts/\(HeadlessTestRunner.scriptID(outcome.file))/\(Self.folder(index, outcome.name))"
        let folder = ReportPath.join(reportDirectory, relative)
        var written: [String] = []
        var problems: [String] = []
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            return []
        }
        func save(_ name: String, _ body: (String) throws -> Void) {
            do {
                try body((folder as NSString).appendingPathComponent(name))
                written.append(folder + "/" + name)
            } catch {
                problems.append("\(name): \(error)")
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
            let events = session.timeline.events.suffix(50)
            let text = events.map(\.description).joined(separator: "\n") + "\n"
            try AtomicFile.write(text, to: path)
        }
        if !problems.isEmpty {
            save("problems.txt") { try AtomicFile.write(problems.joined(separator: "\n") + "\n", to: $0) }
        }
        return written
    }

    /// `02-opens_settings` for test 1 (0-based) named `Opens settings!`: the number keeps two
    /// tests whose names differ only in punctuation apart.
    static func folder(_ index: Int, _ name: String) -> String {
        String(format: "%02d-", index + 1) + slug(name)
    }

    /// `Opens settings!` → `opens_settings`; at most 60 characters.
    static func slug(_ text: String) -> String {
        let mapped = String(text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
        let joined = mapped.split(separator: "_", omittingEmptySubsequences: true).joined(separator: "_")
        return joined.isEmpty ? "test" : String(joined.prefix(60))
    }
}
