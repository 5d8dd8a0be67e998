import Foundation
import SceneflowCore
import SceneflowSDL

/// When baselines are written (issue 5's record modes).
public enum BaselineMode: String, Sendable {
    /// Write baselines that do not exist yet; those tests are reported as *recorded*. The
    /// default on a developer machine.
    case missing
    /// Rewrite every baseline a test reaches (`sceneflow test --update-baselines all`).
    case all
    /// Rewrite only the baselines that differ from the frame (after the retries), and write
    /// missing ones (`--update-baselines` alone, or `changed`; Playwright's `changed`): a
    /// baseline that still matches keeps its file.
    case changed
    /// Never write; a missing baseline fails. The default when the environment variable `CI`
    /// is set.
    case never

    /// `never` when `CI` is set (to anything but an empty string or "false"), else `missing`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> BaselineMode
    {
        let ci = environment["CI"] ?? ""
        return ci.isEmpty || ci.lowercased() == "false" || ci == "0" ? .missing : .never
    }
}

/// The runner's side of `expect.screenshot`, `capture` and `expect.tree`: renders frames
/// offscreen with SDL's software renderer at the device's pixel size, compares them with
/// baselines in `<script folder>/__screenshots__/<script name>/` (see `ImageComparison`) and
/// writes what a person needs to judge a failure into the report folder.
final class ScreenshotChecker: VisualChecks {
    let prototype: Prototype
    /// Whether the last screenshot attempt was refused before anything was compared (the
    /// baseline's path, the render, an empty region, masks over the whole area).
    var refusedBeforeComparing = false
    /// `<script folder>/__screenshots__/<name>`: the script's file name without its `.lua`
    /// ending, or whole when it has none (`s.bak`, `s.Lua`: red-team 49 B L1, they shared
    /// `s.lua`'s folder and failed against its baselines).
    let baselineFolder: String
    /// The `.lua` script beside a script without that ending whose baseline folder is the same
    /// (`s.lua` for `s`), whose baselines this one's checks must neither read nor replace.
    let baselineFolderOwner: String?
    /// The script's folder (`.` for a script in the working directory).
    let scriptFolder: String
    /// `<script folder>/__screenshots__`: every baseline must resolve inside it.
    let screenshotsFolder: String
    let reportFolder: String
    let scriptID: String
    let mode: BaselineMode
    var renderer: OffscreenRenderer?
    var images: TextureCache?
    /// Decoded baselines, shared by every script file of the run.
    let baselines: BaselineCache
    /// The last rendered frame's pixels, reused by the next render of the same size.
    var frameBuffer = RGBAImage(width: 0, height: 0, pixels: [])
    var testSlug = "test"
    /// The failure folders the running test has written (`writeFailure`), so none is reused.
    var failureFolders: Set<String> = []
    /// The checks of the running test, in order.
    var records: [VisualRecord] = []
    /// Every baseline file (screenshot or element tree) the checks compared against or
    /// recorded, for `HeadlessTestRunner.filesRead` (`--watch` reruns when one changes).
    var baselinesUsed: Set<String> = []
    /// Paths `spellingClash` found no other spelling beside: a check retried every frame lists
    /// its folder once (no other spelling can be written after: it would be refused). Kept by
    /// their bytes: Swift compares strings canonically, and é composed is another spelling.
    var spellingsChecked: Set<[UInt8]> = []
    /// The last failed retry attempt of `expect.screenshot`: its request, the frame it rendered
    /// and the result. An attempt on an equal frame with the same request gives the same result,
    /// so it is not rendered again (a splash waiting for its timer costs one render, not 60 a
    /// second).
    var lastRetry: (request: ScreenshotRequest, frame: FrameDescription, result: VisualCheckResult)?
    /// The expected outline `expect.tree` compared last, split into lines (`lines`): a check
    /// retried on every frame splits its text once (red-team 15 F6: a 256 KiB line split ~300
    /// times took 24 s).
    var expectedOutline: (text: String, lines: [String])?
    /// How many expected outlines were split into lines (each text once while it repeats).
    private(set) var outlinesSplit = 0
    /// The running test's name and index (`begin`).
    var test: (name: String, index: Int) = ("", 0)
    /// The baselines this checker wrote (recorded or rewritten), each with the test that wrote
    /// it: a later check of the same name is compared with it, never writes it again (`shared`).
    var writers: [String: (name: String, index: Int)] = [:]
    /// The script the checker's tests are in, as the run names it.
    let script: String
    /// The baselines every process of this run wrote (`RecordedBaselines`).
    var recorded = RecordedBaselines.forFile()
    /// Called with each check as `note` records it, and with the last one when `amendLast`
    /// changes it (`VisualChecks.onRecord`).
    var onRecord: ((VisualRecord, Bool) -> Void)?

    /// A checker for the tests of `script`, reading baselines through `baselines` (one cache
    /// per run, so a baseline is decoded once while its file is unchanged).
    init(
        prototype: Prototype, script: String, reportFolder: String, mode: BaselineMode,
        baselines: BaselineCache = BaselineCache()
    ) {
        self.prototype = prototype
        self.baselines = baselines
        let folder = PathText.folder(of: script)
        let file = PathText.lastComponent(of: script)
        let name = file.hasSuffix(".lua") && file.count > 4 ? String(file.dropLast(4)) : file
        scriptFolder = folder.isEmpty ? "." : folder
        screenshotsFolder = (scriptFolder as NSString).appendingPathComponent("__screenshots__")
        baselineFolder = (screenshotsFolder as NSString).appendingPathComponent(name)
        let sibling = (scriptFolder as NSString).appendingPathComponent(file + ".lua")
        baselineFolderOwner =
            name == file && FileManager.default.fileExists(atPath: sibling) ? file + ".lua" : nil
        self.reportFolder = reportFolder
        scriptID = HeadlessTestRunner.scriptID(script)
        self.script = script
        self.mode = mode
    }

    /// The reason of a failed write alone (`No space left on device`), else the error.
    /// Foundation's file errors give the operating system's words (`File name too long`)
    /// rather than their whole `NSError` dump.
    static func reason(_ error: any Error) -> String {
        if let output = error as? OutputError { return output.reason }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error {
            let posix = underlying as NSError
            if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
        }
        return "\(error)"
    }

    /// Starts test `index` (0-based) of the file: its records and file names.
    func begin(test name: String, index: Int) {
        test = (name, index)
        testSlug = FailureArtifacts.folder(index, name)
        failureFolders.removeAll()
        records.removeAll()
        lastRetry = nil
    }

    // MARK: VisualChecks

    func screenshot(_ request: ScreenshotRequest, session: Session, final: Bool) -> VisualCheckResult {
        let frame = session.frame()
        if !final, let last = lastRetry, last.request == request, last.frame == frame { return last.result }
        lastRetry = nil
        let baseline = (baselineFolder as NSString).appendingPathComponent(request.name + ".png")
        // A baseline an earlier check of this run wrote is only compared with (see `shared`).
        let writer = earlierWriter(of: baseline)
        let compared = compare(request, session: session, final: final, mode: writer == nil ? mode : .never)
        // A check refused before it compared anything (an empty region, masks over everything)
        // says only why: the baseline's writer has nothing to do with it (red-team 50 B M1: it
        // was blamed on "another screen").
        let result =
            refusedBeforeComparing
            ? compared : shared(compared, kind: "screenshot", name: request.name, at: baseline, writtenBy: writer)
        if case .retry = result { lastRetry = (request, frame, result) }
        return result
    }

    /// Renders and compares one attempt of `expect.screenshot`, writing baselines as `mode`
    /// says; a failing attempt that is not `final` is returned without being recorded or
    /// writing files.
    private func compare(_ request: ScreenshotRequest, session: Session, final: Bool, mode: BaselineMode)
        -> VisualCheckResult
    {
        let baseline = (baselineFolder as NSString).appendingPathComponent(request.name + ".png")
        baselinesUsed.insert(baseline)
        refusedBeforeComparing = true
        if let escape = baselineEscape(baseline) ?? spellingClash(baseline, kind: "baseline") {
            return note("screenshot", request.name, .failed(message: escape), baseline)
        }
        let actual: RGBAImage
        do {
            actual = try render(session, at: request.at)
        } catch {
            return note(
                "screenshot", request.name, .failed(message: "the frame could not be rendered: \(error)"), baseline)
        }
        if let region = request.region, let problem = emptyRegionProblem(region, frame: actual) {
            return note("screenshot", request.name, .failed(message: problem), baseline)
        }
        // Masks that hide all of the compared area leave nothing to compare: a pass would say
        // nothing about the screen (red-team finding).
        let frameArea = PixelRect(x: 0, y: 0, width: actual.width, height: actual.height)
        let area = request.region.map { Self.intersection(pixels($0), frameArea) } ?? frameArea
        if !request.masks.isEmpty, ImageComparison.masksCover(area, request.masks.map(pixels)) {
            return note(
                "screenshot", request.name,
                .failed(
                    message:
                        "the masks cover the whole \(request.region == nil ? "screen" : "region"): nothing would be compared"
                ), baseline)
        }
        refusedBeforeComparing = false
        let exists = FileManager.default.fileExists(atPath: baseline)
        if mode == .all || (!exists && (mode == .missing || mode == .changed)) {
            // A baseline shows the screen at rest: not a splash whose timer is about to fire.
            if !final && session.timedActionPending {
                return .retry(message: "the scene's timed action has not fired yet; the baseline is recorded after it")
            }
            if let problem = replacesInput(baseline) {
                return note("screenshot", request.name, .failed(message: problem), baseline)
            }
            let other: EarlierWriter?
            do {
                other = try claim(baseline) {
                    try FileManager.default.createDirectory(atPath: baselineFolder, withIntermediateDirectories: true)
                    baselines.forget(baseline)
                    try OffscreenRenderer.savePNG(actual, to: baseline)
                }
            } catch {
                let kept = exists ? "; the old baseline is kept" : ""
                return note(
                    "screenshot", request.name,
                    .failed(message: "could not write the baseline \(baseline): \(Self.reason(error))\(kept)"), baseline
                )
            }
            if let other {
                // Another script's check wrote it first in this run (the file reached through a
                // link): compared with, never written over.
                let compared = compare(request, session: session, final: final, mode: .never)
                return shared(compared, kind: "screenshot", name: request.name, at: baseline, writtenBy: other)
            }
            return note("screenshot", request.name, .recorded(path: baseline), baseline)
        }
        guard exists else {
            let why =
                mode == .never && BaselineMode.fromEnvironment() == .never
                ? "CI is set, so missing baselines are not recorded" : "baselines are not being recorded"
            return note(
                "screenshot", request.name,
                .failed(
                    message:
                        "no baseline at \(baseline) (\(why)); record it on a developer machine or with --update-baselines"
                ),
                baseline)
        }
        // The baseline's size from its PNG header first: one of another size fails at once as a
        // size change, never decoded (a 16384x6100 px baseline was decoded on every retry frame).
        if case .size("PNG", let width, let height)? = ImageHeader.read(path: baseline),
            width != actual.width || height != actual.height
        {
            let message = Self.sizeMismatch(
                ImageComparison.SizeMismatch(expected: (width, height), actual: (actual.width, actual.height)))
            if mode == .changed { return rewrite(request.name, actual, at: baseline, because: message) }
            let files = writeSizeFailure(request.name, baseline: baseline, actual: actual)
            return note(
                "screenshot", request.name, .failed(message: message + files.message), baseline, files: files.files)
        }
        let expected: RGBAImage
        do {
            expected = try baselines.image(at: baseline)
        } catch {
            return note(
                "screenshot", request.name, .failed(message: "the baseline \(baseline) cannot be read: \(error)"),
                baseline)
        }
        let options = compareOptions(request)
        let difference: ImageDifference
        do {
            difference = try ImageComparison.compare(expected: expected, actual: actual, options: options)
        } catch {
            if !final { return .retry(message: Self.sizeMismatch(error)) }
            if mode == .changed {
                return rewrite(request.name, actual, at: baseline, because: Self.sizeMismatch(error))
            }
            let files = writeFailure(request.name, expected: expected, actual: actual, options: nil)
            return note(
                "screenshot", request.name,
                .failed(message: Self.sizeMismatch(error) + files.message),
                baseline, files: files.files)
        }
        if let failure = ScreenshotPolicy.failure(difference, request) {
            if !final { return .retry(message: failure) }
            if mode == .changed { return rewrite(request.name, actual, at: baseline, because: failure) }
            let files = writeFailure(request.name, expected: expected, actual: actual, options: options)
            return note(
                "screenshot", request.name, .failed(message: failure + files.message), baseline, files: files.files)
        }
        let how =
            difference.differentPixels == 0
            ? (options.isExact ? "exact match" : "no pixel over the threshold")
            : "\(counted(difference.differentPixels, "pixel")) differ\(difference.differentPixels == 1 ? "s" : ""), within the limits"
        if mode == .changed, let other = claimPass(baseline) {
            // Another worker's check rewrote it after this one read it: compared again.
            let again = compare(request, session: session, final: final, mode: .never)
            return shared(again, kind: "screenshot", name: request.name, at: baseline, writtenBy: other)
        }
        return note("screenshot", request.name, .passed(note: how), baseline)
    }

    func capture(_ name: String, session: Session) -> VisualCheckResult {
        let relative = "captures/\(scriptID)/\(testSlug)/\(name).png"
        let path = ReportPath.join(reportFolder, relative)
        if let clash = spellingClash(path, kind: "capture") {
            return note("capture", name, .failed(message: clash), nil)
        }
        if let problem = ReportPath.notAFileProblem(path) {
            return note("capture", name, .failed(message: "could not capture the frame into \(path): \(problem)"), nil)
        }
        if let problem = ReportPath.keptFileProblem(path, inputs: PrototypeFiles(prototype)) {
            return note("capture", name, .failed(message: "could not capture the frame into \(path): \(problem)"), nil)
        }
        // The Lua side refuses a name this test captured in its Lua state; one captured before
        // a fresh load (its after_each hooks after a limit or a stopped worker) is known here.
        let me = RecordedBaselines.Writer(script: script, name: test.name, index: test.index)
        if recorded.claimOnce(path, by: me) != nil {
            return note(
                "capture", name,
                .failed(
                    message:
                        "this test already captured \"\(name)\" (before its after_each hooks ran in a fresh load); give each capture its own name"
                ), nil)
        }
        // A person's file there (or a run's changed since), or a link on the way: kept (after
        // the claim, which names this test's own earlier capture more plainly).
        // Rendered first; checked, noted, written and noted written as one step (the lock).
        let image: RGBAImage
        do { image = try render(session, at: nil) } catch {
            return note(
                "capture", name, .failed(message: "could not capture the frame into \(path): \(Self.reason(error))"),
                nil)
        }
        let failure: String? = ReportFolderLedger.holdingLockWhenListed(reportFolder) {
            if let problem = ReportFolderLedger.writeProblem(relative, in: reportFolder) { return problem }
            do {
                try FileManager.default.createDirectory(
                    atPath: PathText.folder(of: path), withIntermediateDirectories: true)
                try OffscreenRenderer.savePNG(image, to: path)
                ReportFolderLedger.noteWritten(relative, in: reportFolder)
                return nil
            } catch {
                return Self.reason(error)
            }
        }
        if let failure {
            return note("capture", name, .failed(message: "could not capture the frame into \(path): \(failure)"), nil)
        }
        return note("capture", name, .passed(note: "captured"), nil, files: ["image": path])
    }

    // MARK: helpers

    /// `--update-baselines changed`: writes `actual` over the screenshot baseline at `path`,
    /// which differed from it (`why`, the comparison's message).
    func rewrite(_ name: String, _ actual: RGBAImage, at path: String, because why: String)
        -> VisualCheckResult
    {
        if let problem = replacesInput(path) {
            return note("screenshot", name, .failed(message: why + "; " + problem), path)
        }
        let other: EarlierWriter?
        do {
            other = try claim(path) {
                baselines.forget(path)
                try OffscreenRenderer.savePNG(actual, to: path)
            }
        } catch {
            return note(
                "screenshot", name,
                .failed(
                    message: "could not rewrite the baseline \(path): \(Self.reason(error)); the old baseline is kept"),
                path)
        }
        if let other {
            // Written in this run by another script's check (see `claim`): its failure stands.
            let failed = note("screenshot", name, .failed(message: why), path)
            return shared(failed, kind: "screenshot", name: name, at: path, writtenBy: other)
        }
        return updated("screenshot", name, at: path, because: why)
    }

    /// Notes a baseline that `--update-baselines changed` rewrote because it differed (`why`,
    /// its first line): the test is *recorded*, and the record says the file was rewritten.
    func updated(_ kind: String, _ name: String, at path: String, because why: String) -> VisualCheckResult {
        let result = note(kind, name, .recorded(path: path), path)
        let first = why.split(separator: "\n").first.map(String.init) ?? why
        amendLast { $0.message = "baseline rewritten at \(path) (it differed: \(first))" }
        return result
    }

    /// `lines(text)` for an expected outline, split once while the same text repeats
    /// (`expectedOutline`).
    func expectedLines(_ text: String) -> [String] {
        if let last = expectedOutline, last.text.utf8.elementsEqual(text.utf8) { return last.lines }
        let split = Self.lines(text)
        expectedOutline = (text, split)
        outlinesSplit += 1
        return split
    }

    func render(_ session: Session, at progress: Double?) throws -> RGBAImage {
        if renderer == nil {
            let made = try OffscreenRenderer(device: prototype.device)
            renderer = made
            images = made.makeTextureCache(directory: prototype.directory)
        }
        var frame = session.frame()
        if let progress {
            guard let record = session.runningTransition ?? session.timeline.lastTransition else {
                throw BenchmarkFailure(message: "`at` needs a transition, and none has run yet")
            }
            frame = session.transitionFrame(record, linearProgress: progress)
        }
        try renderer!.draw(frame, images: images!)
        try renderer!.capture(into: &frameBuffer)
        return frameBuffer
    }

    /// Changes the last check recorded (`records`), and says so (`onRecord`).
    func amendLast(_ change: (inout VisualRecord) -> Void) {
        guard !records.isEmpty else { return }
        change(&records[records.count - 1])
        onRecord?(records[records.count - 1], true)
    }

    func note(
        _ kind: String, _ name: String, _ result: VisualCheckResult, _ baseline: String?, files: [String: String] = [:]
    ) -> VisualCheckResult {
        let (status, message): (String, String)
        switch result {
        case .passed(let how):
            (status, message) = ("passed", how)
        case .recorded(let path):
            (status, message) = ("recorded", "baseline written to \(path)")
            if writers[path] == nil { writers[path] = test }
        case .failed(let why), .retry(let why): (status, message) = ("failed", why)
        }
        records.append(
            VisualRecord(kind: kind, name: name, status: status, message: message, baseline: baseline, files: files))
        onRecord?(records[records.count - 1], false)
        return result
    }
}
