import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowSDL

/// Opens a prototype folder for any command: loads and validates `prototype.lua` (Lua layer),
/// then checks every scene's image (SDL layer), so that all problems surface as diagnostics
/// naming the file and the table path before anything is drawn.
public enum PrototypeOpener {
    /// How thoroughly images are checked.
    public enum ImageCheck: Sendable {
        /// Read each image's header (existence, format and size limits) and decode its pixels
        /// unless that content was decoded before without a problem (the user's
        /// `CheckedImageCache`), so every command refuses what `check` refuses; an image with a
        /// screen area inside it (`screen = {…}` or `"auto"`) is decoded to check it.
        case header
        /// Decode every image and find its screen area (catches truncated or corrupt files;
        /// ~50–100 ms per 1080x2400 PNG).
        case decode
    }

    /// Loads the prototype in `directory` and checks its images, read with `loader` (give one
    /// with an `ImageFileStore` to keep the bytes that were checked).
    ///
    /// - Throws: `DiagnosticList` with every problem found: Lua errors, validation errors,
    ///   missing, corrupt, non-image or oversized images.
    ///
    /// With `checked` (`sceneflow check`), images checked before without a problem are not
    /// decoded again (see `CheckedImageCache`).
    public static func open(
        _ directory: String, images: ImageCheck = .header, loader: PictureLoader = PictureLoader(),
        checked: CheckedImageCache? = nil
    ) throws(DiagnosticList) -> LoadedPrototype {
        let loaded = try PrototypeLoader.load(directory: directory)
        let deviceProblems = deviceProblems(loaded.prototype, file: prototypeFilePath(in: directory))
        if !deviceProblems.isEmpty { throw DiagnosticList(deviceProblems) }
        let problems = imageProblems(
            loaded.prototype, file: prototypeFilePath(in: directory), check: images, loader: loader, checked: checked)
        if !problems.isEmpty { throw DiagnosticList(problems) }
        loaded.prototype = measureScrollScenes(loaded.prototype)
        let scrollProblems = scrollProblems(loaded.prototype, file: prototypeFilePath(in: directory))
        if !scrollProblems.isEmpty { throw DiagnosticList(scrollProblems) }
        return loaded
    }

    /// The most pixels a screen may have: 5792 x 5792 (33.5 megapixels), so an 8K display
    /// (7680 x 4320, 33.2 MP) fits. Every frame drawn, captured, compared or encoded is this
    /// size, and a frame must be recordable as a baseline within a test's 30 s watchdog on the
    /// 2-core machine under load: 8192 x 8192 px took 21 s idle and over 30 s at load 9
    /// (red-team finding m7), 5792 x 5792 px 10.8 s (release build, a noise screenshot).
    public static let maxScreenPixels = 5792 * 5792

    /// The device check every command makes: the screen in pixels (points × scale) must be 1
    /// to 16 384 px on each side, what the renderers can hold, and at most `maxScreenPixels`
    /// in all. `file` names `prototype.lua`.
    public static func deviceProblems(_ prototype: Prototype, file: String) -> [Diagnostic] {
        let device = prototype.device
        let limit = 16_384
        let (width, height) = (device.pixelWidth, device.pixelHeight)
        if width < 1 || height < 1 || width > limit || height > limit {
            return [
                Diagnostic(
                    file: file, path: "device",
                    message:
                        "the screen would be \(width)x\(height) px (width and height × scale); each side must be 1 to \(limit) px"
                )
            ]
        }
        guard width * height > maxScreenPixels else { return [] }
        return [
            Diagnostic(
                file: file, path: "device",
                message:
                    "the screen would be \(width)x\(height) px (width and height × scale), \(formatNumber(Double(width * height) / 1e6, decimals: 1)) megapixels; at most \(formatNumber(Double(maxScreenPixels) / 1e6, decimals: 1)) megapixels (5792x5792 px) can be drawn"
            )
        ]
    }

    /// Diagnostics for the images of `prototype` (one per reference to an unusable file:
    /// scene and landscape screenshots, pressed looks, star images; see
    /// `Prototype.imageReferences`), each naming `file`, the table path and the image as
    /// `prototype.lua` writes it (not its absolute path). Images are read with `loader`; each
    /// file and screen area is checked once, and the checks run on every core. With `checked`, an image whose content was checked before without a problem is
    /// not decoded again, and each newly checked one is added to it (issue 19 item 5).
    /// `onEveryCore: false` checks one image after another (the benchmark's reference).
    public static func imageProblems(
        _ prototype: Prototype, file: String, check: ImageCheck, loader: PictureLoader = PictureLoader(),
        checked: CheckedImageCache? = nil, onEveryCore: Bool = true
    ) -> [Diagnostic] {
        let references = prototype.imageReferences
        var jobs: [(path: String, screen: ScreenArea, image: String)] = []
        var jobIndex: [String: Int] = [:]
        var referenceJob: [Int] = []
        for reference in references {
            let path = (prototype.directory as NSString).appendingPathComponent(reference.image)
            let key = "\(path)|\(reference.screen)"
            if jobIndex[key] == nil {
                jobIndex[key] = jobs.count
                jobs.append((path, reference.screen, reference.image))
            }
            referenceJob.append(jobIndex[key]!)
        }
        let problem: @Sendable (_ job: (path: String, screen: ScreenArea, image: String)) -> String = { job in
            do {
                // A screen area inside the image (a rect, "auto") needs the pixels: the header
                // check let `test`, `inspect` and `graph` take one `check` refuses (red-team 16
                // A-F2: it was only looked at when a frame was drawn).
                switch job.screen == .wholeImage ? check : .decode {
                case .header:
                    try loader.checkHeader(path: job.path)
                    // The pixels too, unless an earlier run decoded this content: an image
                    // that only fails while decoding (a bad PNG filter byte or checksum, a
                    // JPEG with undefined tables, garbage GIF codes) let `test`, `inspect` and
                    // `graph` run what `check` refuses (red-team 19 F8).
                    let cache = checked ?? CheckedImageCache.shared
                    let key = cache.key(path: job.path, screen: job.screen, limits: loader.limits)
                    if let key, cache.contains(key) { return "" }
                    try loader.checkPixels(path: job.path)
                    if let key { cache.insert(key) }
                case .decode:
                    // A screen area found in the pixels too: remembered as every check is (a
                    // test worker opens its prototype again for every test).
                    let cache = checked ?? CheckedImageCache.shared
                    let key = cache.key(path: job.path, screen: job.screen, limits: loader.limits)
                    if let key, cache.contains(key) { return "" }
                    // The same pixel check as every command first (its message, no SDL line).
                    let picture = try loader.checkAndLoad(path: job.path)
                    _ = try picture.screenRect(for: job.screen)
                    if let key { cache.insert(key) }
                }
                return ""
            } catch {
                // Named as prototype.lua writes it: the diagnostic already names the file.
                return "\(error)".replacingOccurrences(of: "\"\(job.path)\"", with: "\"\(job.image)\"")
            }
        }
        // Both checks read every image whole (the header check inflates PNG pixel data, about
        // half a decode's work: `ImageStructure`), so both spread over every core, unless this
        // process already checked every header (a test worker loads one prototype per file).
        var known = false
        if case .header = check {
            known = jobs.allSatisfy { $0.screen == .wholeImage && loader.headerIsKnown(path: $0.path) }
        }
        let messages = onEveryCore && !known ? ConcurrentMap.map(jobs, problem) : jobs.map(problem)
        // Saved by the runs that may write the user's cache folder (`sceneflow test`, not
        // `--list`), the same rule as the structure verdicts'.
        if checked == nil, StructureVerdicts.persists { CheckedImageCache.shared.save() }
        var problems: [Diagnostic] = []
        var source: String?  // prototype.lua, read for line numbers once a problem is found
        for (reference, job) in zip(references, referenceJob) {
            let message = messages[job]
            guard !message.isEmpty else { continue }
            if source == nil {
                source = (try? LuaSourceFile.read(file)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            }
            let line = SourceLineFinder.line(ofLiteral: reference.image, in: source ?? "")
            problems.append(Diagnostic(file: file, line: line, path: reference.path, message: message))
        }
        return problems
    }
}

/// `DIR/prototype.lua`, or DIR itself when it already names a `.lua` file.
public func prototypeFilePath(in directory: String) -> String {
    directory.hasSuffix(".lua") ? directory : (directory as NSString).appendingPathComponent("prototype.lua")
}
