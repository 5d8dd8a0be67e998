import Foundation
import SceneflowCore
import SceneflowSDL

/// Writes the frames a headless run passes through as PNG files: each scene once it has
/// settled, and the middle frame of each transition and of each turn of the device, plus
/// `hashes.txt` with a hash of each written frame's pixels (compared by the determinism soak),
/// appended as each is written, so a stopped worker leaves the lines of its frames. Rendering
/// happens only here, so a run without `--frames` never rasterises (DESIGN.md §7).
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

    /// The lines a stopped worker's `summary.txt` held, when this recorder continues its file:
    /// the verdicts of its tests and the frames it listed, written again at the head of this
    /// one's (the new summary describes every frame of the file).
    private(set) var carried: (verdicts: [String], frames: [String]) = ([], [])

    /// Why a line of `hashes.txt` could not be written, the first time one could not.
    private(set) var hashesProblem: String?

    /// `hashes.txt`, open for appending: each frame's line is added as it is captured, so a
    /// worker process stopped inside a test leaves the lines of every frame it captured. Nil
    /// when it could not be opened (`hashesProblem` says why; the tests still run).
    private let hashLines: FileHandle?

    /// A recorder writing into `directory`; `continuing` (a worker resuming the file after
    /// one that was stopped) numbers its frames after the ones already there, PNG files or
    /// lines of `hashes.txt`, and keeps those lines, so the frames of the tests before are kept
    /// (red-team 29 F6: they were overwritten from 001; red-team 30 F4: `hashes.txt` listed
    /// only the last worker's frames, and with `--frames-hash-only` numbered them from 001).
    /// - Throws: `SDLError` when the offscreen renderer cannot be made, or an error creating
    ///   the folder (`hashes.txt` that cannot be opened is `hashesProblem`).
    init(directory: String, prototype: Prototype, continuing: Bool = false) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let hashPath = (directory as NSString).appendingPathComponent("hashes.txt")
        if continuing {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            hashes = Self.hashLines(in: hashPath)
            carried = Self.summaryLines(in: (directory as NSString).appendingPathComponent("summary.txt"))
            // The frames of the test whose worker was stopped, which its summary never listed.
            let listed = Set(carried.frames.compactMap { $0.split(separator: " ").first.map(String.init) })
            for (file, _) in hashes where !listed.contains(file) {
                carried.frames.append("  \(file)  (a frame of the test whose worker process was stopped)")
            }
            let numbered = names.filter { $0.hasSuffix(".png") } + hashes.map(\.file)
            counter = numbered.compactMap { Int($0.prefix { $0.isNumber }) }.max() ?? 0
        } else {
            // A fresh run replaces the folder's frames: an earlier, longer run's numbered frames
            // (`004-home.png`) would stay beside the new ones that hashes.txt and summary.txt
            // list (red-team 32 R6). Only the frames an earlier run listed there go: a file or
            // folder so named that no run wrote is the user's (red-team 34 L1, 42 B F5: a
            // user's `001-my-photo.png` was removed), and the new frames are numbered after
            // it, so none is written over.
            let earlier = Self.earlierFrames(in: directory)
            // The earlier run's lists were written after each of its frames: a frame changed
            // later is the user's now (red-team 46 B B1: an edited frame was removed).
            let listedAt =
                ["hashes.txt", "summary.txt"].map {
                    Self.modified((directory as NSString).appendingPathComponent($0)) ?? 0
                }.max() ?? 0
            var left: [String] = []
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            where Self.isFrameName(name) {
                let path = (directory as NSString).appendingPathComponent(name)
                var info = stat()
                guard earlier.contains(name), lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                    Self.modified(path).map({ $0 <= listedAt }) == true,
                    (try? FileManager.default.removeItem(atPath: path)) != nil
                else {
                    left.append(name)
                    continue
                }
            }
            counter = left.compactMap { Int($0.prefix { $0.isNumber }) }.max() ?? 0
        }
        let descriptor = open(hashPath, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | (continuing ? 0 : O_TRUNC), 0o644)
        if descriptor >= 0 {
            hashLines = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        } else {
            // Something in its place (a folder, a link): the tests run, and the run names the
            // file and exits 70, as for summary.txt (red-team 61 B F2: the script was a load
            // ERROR, exit 65, its message naming neither the file nor the folder there).
            hashLines = nil
            hashesProblem = Self.openProblem(hashPath)
        }
        renderer = try OffscreenRenderer(device: prototype.device)
        images = renderer.makeTextureCache(directory: prototype.directory)
    }

    /// Why `path` could not be opened for writing (`errno` just set): what is in its place
    /// (`it is a folder; give a file name`, `it is a symbolic link; …`), else the system's reason.
    static func openProblem(_ path: String) -> String {
        let reason = String(cString: strerror(errno))
        var info = stat()
        guard lstat(path, &info) == 0 else { return reason }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return reason
        case S_IFLNK: return "it is a symbolic link, which a frames file is never written through; remove it"
        default: return "it is \(RegularFile.kind(ofMode: info.st_mode) ?? "not a regular file"); give a file name"
        }
    }

    /// The frames an earlier run into `directory` listed, in its `hashes.txt` and in the frame
    /// lines of its `summary.txt`: the files a fresh run may remove.
    static func earlierFrames(in directory: String) -> Set<String> {
        let hashes = hashLines(in: (directory as NSString).appendingPathComponent("hashes.txt")).map(\.file)
        let summary = summaryLines(in: (directory as NSString).appendingPathComponent("summary.txt")).frames
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        return Set((hashes + summary).filter { isFrameName($0) && !$0.contains("/") })
    }

    /// The modification time of the file at `path` (links not followed), in nanoseconds since
    /// 1970; nil when there is none.
    static func modified(_ path: String) -> Int64? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// True for a file name as `capture` names a frame: digits, a dash, a name, `.png`.
    static func isFrameName(_ name: String) -> Bool {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        return digits.count >= 3 && name.dropFirst(digits.count).hasPrefix("-") && name.hasSuffix(".png")
    }

    /// The verdict lines (`PASS  …`, `FAIL  …` with the indented lines of its failure, `SKIP
    /// …`, `STOP  …`) and the frame lines of the `summary.txt` at `path` (at most 64 MiB read).
    static func summaryLines(in path: String) -> (verdicts: [String], frames: [String]) {
        guard let data = try? RegularFile.read(path, limit: 64 << 20) else { return ([], []) }
        var verdicts: [String] = []
        var frames: [String] = []
        var inFrames = false
        var inVerdict = false
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "frames written:" {
                inFrames = true
            } else if inFrames {
                if line.hasPrefix("  ") { frames.append(String(line)) }
            } else if ["PASS  ", "FAIL  ", "SKIP  ", "STOP  "].contains(where: line.hasPrefix) {
                verdicts.append(String(line))
                inVerdict = true
            } else if inVerdict, line.hasPrefix("      ") {
                verdicts.append(String(line))
            } else {
                inVerdict = false
            }
        }
        return (verdicts, frames)
    }

    /// The `FILE  HASH` lines of the `hashes.txt` at `path` (at most 64 MiB read), as
    /// `capture` appends them; lines of another shape are left out.
    static func hashLines(in path: String) -> [(file: String, hash: UInt64)] {
        guard let data = try? RegularFile.read(path, limit: 64 << 20) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count == 2, let hash = UInt64(parts[1], radix: 16) else { return nil }
            return (String(parts[0]), hash)
        }
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
        let hash = FrameHash.of(frame)
        if writesPNGs {
            try OffscreenRenderer.savePNG(frame, to: (directory as NSString).appendingPathComponent(file))
        }
        // After its PNG: a frame that could not be written, or a stop while writing it, is not
        // listed (red-team 31 B3, B4: hashes.txt named frames that were not on disk).
        hashes.append((file, hash))
        // A line that cannot be written (a full disk) does not fail the test: the run names
        // hashes.txt among the files not written and exits 70 (red-team 11 R8).
        do { try hashLines?.write(contentsOf: Data(Self.hashLine(file, hash).utf8)) } catch {
            if hashesProblem == nil { hashesProblem = plainReason(error) }
        }
        written.append((file, "\(formatNumber(clockOffset + session.now, decimals: 3))s  [\(prefix)]  \(what)"))
    }

    /// One line of `hashes.txt`: `FILE  HASH` (hash in hexadecimal).
    private static func hashLine(_ file: String, _ hash: UInt64) -> String { "\(file)  \(String(hash, radix: 16))\n" }

    private func slug(_ text: String) -> String {
        let allowed = text.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }
        let joined = String(allowed).split(separator: "_", omittingEmptySubsequences: true).joined(separator: "_")
        // 40 characters, and few enough bytes for `001-….png` to be a valid file name.
        return PathText.prefix(String(joined.prefix(40)), bytes: FailureArtifacts.maxSlugBytes)
    }
}
