import Foundation
import SceneflowCore
import SceneflowSDL

/// Writes the frames a headless run passes through as PNG files: each scene once it has
/// settled, and the middle frame of each transition and of each turn of the device, plus `hashes.txt` with a hash of each
/// frame's pixels (compared by the determinism soak). Rendering happens only here, so a run
/// without `--frames` never rasterises (DESIGN.md §7).
final class FrameRecorder {
    let directory: String
    private let renderer: OffscreenRenderer
    private let images: TextureCache
    private var counter = 0
    private var lastScene: String?
    private var capturedMidpoint = false
    /// The last captured frame's pixels; reused by the next capture of the same size (no
    /// fresh 10 MB buffer per frame to fault in).
    private var frame = RGBAImage(width: 0, height: 0, pixels: [])
    private(set) var written: [(file: String, what: String)] = []
    /// `FrameHash` of each captured frame's RGBA pixels, in capture order, by file name.
    private(set) var hashes: [(file: String, hash: UInt64)] = []
    /// False: capture and hash the frames but encode no PNG (`--frames-hash-only`).
    var writesPNGs = true
    var prefix = ""
    /// Seconds added to each test's clock in `summary.txt`: every test runs on its own clock
    /// from 0, and the file's frames are listed on the file's one clock, as `--timeline` lists
    /// its events (the tests before this one took this long).
    var clockOffset = 0.0

    /// The test whose worker process was stopped inside it, when this recorder resumes the
    /// file after it (`continuing`): `summary.txt` says so, as its list starts there.
    var resumedAfter: String?

    /// A recorder writing into `directory`; `continuing` (a worker resuming the file after
    /// one that was stopped) numbers its frames after the ones already there, so the frames
    /// of the tests before are kept (red-team 29 F6: they were overwritten from 001).
    /// - Throws: `SDLError` when the offscreen renderer cannot be made, or an error creating
    ///   the folder.
    init(directory: String, prototype: Prototype, continuing: Bool = false) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if continuing {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            counter = names.filter { $0.hasSuffix(".png") }.compactMap { Int($0.prefix { $0.isNumber }) }.max() ?? 0
        }
        renderer = try OffscreenRenderer(device: prototype.device)
        images = renderer.makeTextureCache(directory: prototype.directory)
    }

    /// Starts a new test: the next settled scene is captured even if it was the last one.
    func beginTest(_ name: String) {
        lastScene = nil
        prefix = name
    }

    /// Looks at the session after a step and captures a frame if it is one worth keeping.
    func observe(_ session: Session) throws {
        if let running = session.runningTransition {
            let d = running.animatedDuration
            let progress = d > 0 ? ClockTicks.between(running.start, session.now) / d : 1
            if progress < 0.5 { capturedMidpoint = false }
            if progress >= 0.5 && !capturedMidpoint {
                capturedMidpoint = true
                try capture(
                    session, name: "\(running.from)-to-\(running.to)-mid",
                    what:
                        "\(running.from) -> \(running.to), \(running.transition) at \(formatNumber(progress * 100, decimals: 0)) %"
                )
            }
            return
        }
        if let turning = session.turnProgress {
            if turning < 0.5 { capturedMidpoint = false }
            if turning >= 0.5 && !capturedMidpoint {
                capturedMidpoint = true
                let to = session.orientation.rawValue
                try capture(
                    session, name: "\(session.currentScene)-turn-\(to)-mid",
                    what: "turning to \(to) on \(session.currentScene) at \(formatNumber(turning * 100, decimals: 0)) %"
                )
            }
            return
        }
        capturedMidpoint = false
        // A turn of the device shows the scene anew (landscape screenshot, turned size).
        let turned = session.screenDevice != session.prototype.device  // an overlay on a turned screen too
        let shown = session.currentScene + (turned ? " (landscape)" : "")
        guard session.isSettled, shown != lastScene else { return }
        lastScene = shown
        try capture(session, name: shown, what: "scene \(shown)")
    }

    private func capture(_ session: Session, name: String, what: String) throws {
        counter += 1
        let file = String(format: "%03d-%@.png", counter, slug(name))
        let begin = DispatchTime.now().uptimeNanoseconds
        try renderer.draw(session.frame(), images: images)
        try renderer.capture(into: &frame)
        session.recordFrameCost(Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
        hashes.append((file, FrameHash.of(frame)))
        if writesPNGs {
            try OffscreenRenderer.savePNG(frame, to: (directory as NSString).appendingPathComponent(file))
        }
        written.append((file, "\(formatNumber(clockOffset + session.now, decimals: 3))s  [\(prefix)]  \(what)"))
    }

    /// Writes `hashes.txt`: one `FILE  HASH` line per captured frame (hash in hexadecimal).
    /// - Throws: `AtomicFile`'s error (a full disk, the folder removed); the old file stays.
    func writeHashes() throws {
        let text = hashes.map { "\($0.file)  \(String($0.hash, radix: 16))\n" }.joined()
        try AtomicFile.write(text, to: (directory as NSString).appendingPathComponent("hashes.txt"))
    }

    private func slug(_ text: String) -> String {
        let allowed = text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        let joined = String(allowed).split(separator: "_", omittingEmptySubsequences: true).joined(separator: "_")
        // 40 characters, and few enough bytes for `001-….png` to be a valid file name.
        return PathText.prefix(String(joined.prefix(40)), bytes: FailureArtifacts.maxSlugBytes)
    }
}
