import Foundation
import SceneflowCore
import SceneflowSDL

/// `sceneflow new`: makes a prototype folder from screenshots. One scene per image in file
/// name order (numbers compared as numbers, so `2.png` comes before `10.png`); the device is
/// guessed from the first portrait image's screen size with `DeviceGuess`; device-framed
/// screenshots (transparent corners) get `screen = "auto"` and are measured inside the frame;
/// landscape screenshots named after a portrait one become its landscape variant, and
/// stretched ones are warned about (`ScaffoldPlan`).
public enum Scaffolder {
    /// What went wrong; `isUsage` tells bad command-line use (exit 64) from unusable input
    /// files (exit 65).
    public struct Failure: Error, CustomStringConvertible {
        /// What is wrong: one line per problem, each naming the file or folder.
        public let description: String
        /// True for bad usage (the folder already holds a prototype, no images given).
        public let isUsage: Bool
        /// True when the system failed a write (a full disk): exit 70, not 65.
        public var isSystem = false
    }

    /// What was written.
    public struct Result: Sendable {
        /// `DIR/prototype.lua`.
        public let prototypeFile: String
        /// `DIR/Scripts/walk_through.lua`.
        public let scriptFile: String
        /// The scenes, in order.
        public let shots: [ScaffoldWriter.Shot]
        /// The guessed device.
        public let device: Device
        /// Which table entry the device came from, or `"fallback"`.
        public let deviceSource: String
        /// Screenshots that will be drawn stretched (named by file; see `ScaffoldPlan`).
        public let warnings: [Diagnostic]
    }

    /// Image file extensions picked up from a folder.
    public static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "bmp", "webp", "tif", "tiff", "qoi"]

    /// `paths` with each file taken once (the same real path after symbolic links, `.` and
    /// `..` are resolved: a folder and a file in it both given, or a link beside the screenshot
    /// it points at), in their order, and a warning for each name left out that is not just
    /// the same path again. Of the names of one file the file's own name is kept, else the first
    /// (red-team 9 m6: `alias.png -> a.png` made one scene named `alias`, and `a` was dropped
    /// without a word).
    static func oncePerFile(_ paths: [String]) -> (kept: [String], warnings: [Diagnostic]) {
        // Compared byte for byte: Swift's `==` takes `café` written with é and with e + U+0301
        // for one string, and one of two different files was dropped, silently (red-team
        // finding R4).
        func real(_ path: String) -> [UInt8] {
            Array(URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path.utf8)
        }
        func isLink(_ path: String) -> Bool {
            var info = stat()
            return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
        }
        var chosen: [[UInt8]: String] = [:]
        for path in paths {
            let key = real(path)
            if let earlier = chosen[key], !(isLink(earlier) && !isLink(path)) { continue }
            chosen[key] = path
        }
        var kept: [String] = []
        var warnings: [Diagnostic] = []
        var shown = Set<[UInt8]>()
        var warned = Set<[UInt8]>()
        for path in paths {
            let key = real(path)
            guard let name = chosen[key] else { continue }
            if name == path {
                if shown.insert(key).inserted { kept.append(path) }
            } else if isLink(path) && warned.insert(Array(path.utf8)).inserted {
                warnings.append(
                    Diagnostic(
                        .warning, file: path,
                        message: "a symbolic link to \(name), which is taken: one file makes one scene"))
            }
        }
        return (kept, warnings)
    }

    /// The formats `new` takes, as named in messages.
    public static let formatNames = "PNG, JPEG, GIF or BMP"

    /// Scaffolds `directory` from `images` (copied into it; a folder stands for the images in
    /// it), or from the images already in it when `images` is empty.
    ///
    /// - Throws: `Failure`: usage (exit 64) when `directory` is a file, when `prototype.lua`, `Scripts/walk_through.lua` or a
    ///   different file under an image's name is already in the folder (nothing is written), no
    ///   images are given or found, or two different files share a file name (one file given
    ///   twice, as a folder and a file in it, is taken once); input (exit 65) for a
    ///   missing image, a folder without images, an image that cannot be decoded (each named),
    ///   or a file that cannot be written.
    public static func scaffold(directory: String, images: [String]) throws(Failure) -> Result {
        let fm = FileManager.default
        let prototypeFile = (directory as NSString).appendingPathComponent("prototype.lua")
        let scriptFile = ((directory as NSString).appendingPathComponent("Scripts") as NSString)
            .appendingPathComponent("walk_through.lua")
        var isDirectory: ObjCBool = false
        if fm.fileExists(atPath: directory, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw Failure(
                description:
                    "\(directory) is a file; the first argument is the prototype folder (sceneflow new DIR a.png b.png)",
                isUsage: true)
        }
        for file in [prototypeFile, scriptFile] where fm.fileExists(atPath: file) {
            throw Failure(
                description: "\(file) already exists; choose a new folder (sceneflow new never overwrites)",
                isUsage: true)
        }
        var sources = images.isEmpty ? imageFiles(inFolder: directory) : try imageFiles(images)
        guard !sources.isEmpty else {
            throw Failure(
                description:
                    "no images: give screenshots after the folder (sceneflow new DIR a.png b.png) or put \(formatNames) files in \(directory)",
                isUsage: true)
        }
        sources.sort { fileOrder($0, $1) }
        let once = oncePerFile(sources)
        sources = once.kept
        let givenNames = sources.map { ($0 as NSString).lastPathComponent }
        if let repeated = givenNames.first(where: { name in givenNames.filter { $0 == name }.count > 1 }) {
            let forms = Set(givenNames.filter { $0 == repeated }.map { Array($0.utf8) }).count
            let note = forms > 1 ? " (the same name in two Unicode forms, as a Mac or a zip may write it)" : ""
            throw Failure(
                description: "two images are named \"\(repeated)\"\(note); scene images share one folder: rename one",
                isUsage: true)
        }
        // Every string that names a file is one line: a screenshot whose name holds a line
        // break, a tab or another control character is copied under a cleaned name (`-` for
        // each), unique in the folder (red-team finding o13: `image = "g\nh.png"` was written).
        let fileNames = OneLineFileName.unique(givenNames) {
            fm.fileExists(atPath: (directory as NSString).appendingPathComponent($0))
        }
        let targets = fileNames.map { (directory as NSString).appendingPathComponent($0) }
        for (source, target) in zip(sources, targets)
        where needsCopy(source, to: target) && fm.fileExists(atPath: target) {
            throw Failure(
                description:
                    "\(target) already exists and is not \(source); choose a new folder (sceneflow new never overwrites)",
                isUsage: true)
        }
        var measured: [ScaffoldPlan.Measured] = []
        var unusable: [String] = []  // every image that cannot be decoded, one line each
        for (index, source) in sources.enumerated() {
            do {
                let (size, screen, inner) = try measure(source)
                measured.append(
                    ScaffoldPlan.Measured(
                        file: fileNames[index], pixelWidth: size.width, pixelHeight: size.height, screen: screen,
                        screenWidth: inner.width, screenHeight: inner.height))
            } catch {
                unusable.append(error.description)
            }
        }
        if !unusable.isEmpty { throw Failure(description: unusable.joined(separator: "\n"), isUsage: false) }
        let plan = ScaffoldPlan.plan(measured)
        let (shots, device, deviceSource) = (plan.shots, plan.device, plan.deviceSource)
        let name = URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
        // Everything this run makes is noted as it is made, and removed again when a write
        // fails (a full disk), so the same command works once there is room (red-team 10 m4:
        // a 0-byte copy and an empty Scripts/ were left, and the retry was refused).
        var made: [String] = []
        var writing = directory
        do {
            for folder in [directory, directory + "/Scripts"] where !fm.fileExists(atPath: folder) {
                writing = folder
                try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
                made.append(folder)
            }
            for (source, target) in zip(sources, targets) where needsCopy(source, to: target) {
                writing = target
                let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
                made.append(target)
                try OutputTarget.write(bytes, to: target)
            }
            let text = ScaffoldWriter.prototypeFile(
                name: name, device: device, deviceSource: deviceSource, shots: shots)
            writing = prototypeFile
            made.append(prototypeFile)
            try OutputTarget.write(Data(text.utf8), to: prototypeFile)
            let script = ScaffoldWriter.starterScript(name: name, prototypePath: "..", shots: shots)
            writing = scriptFile
            made.append(scriptFile)
            try OutputTarget.write(Data(script.utf8), to: scriptFile)
        } catch {
            for path in made.reversed() { try? fm.removeItem(atPath: path) }
            var failure = Failure(
                description:
                    "\(writing): could not be written: \(plainReason(error)); nothing was left in \(directory)",
                isUsage: false)
            failure.isSystem = true
            throw failure
        }
        return Result(
            prototypeFile: prototypeFile, scriptFile: scriptFile, shots: shots, device: device,
            deviceSource: deviceSource,
            warnings: once.warnings
                + plan.warnings.map { warning in
                    var named = warning  // the copy in the prototype folder
                    named.file = (directory as NSString).appendingPathComponent(warning.file)
                    return named
                })
    }

    /// The images `arguments` name: files as given, folders replaced by the image files in
    /// them (`imageFiles(inFolder:)`).
    /// - Throws: `Failure` (input, exit 65) naming every missing path and image-less folder.
    static func imageFiles(_ arguments: [String]) throws(Failure) -> [String] {
        var files: [String] = []
        var problems: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            if !FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) {
                problems.append("no image at \(argument)")
            } else if isDirectory.boolValue {
                let found = imageFiles(inFolder: argument)
                // A screenshot whose name is not UTF-8 is named with its bytes, never "not
                // found" under a U+FFFD name (red-team finding m8).
                let unusable = imageEntries(inFolder: argument).filter { !$0.isUTF8 }
                problems += unusable.map {
                    "\((argument as NSString).appendingPathComponent($0.shown)): \(FolderNames.notUTF8)"
                }
                if found.isEmpty && unusable.isEmpty {
                    problems.append("\(argument): a folder with no \(formatNames) images in it")
                }
                files += found
            } else {
                files.append(argument)
            }
        }
        if !problems.isEmpty { throw Failure(description: problems.joined(separator: "\n"), isUsage: false) }
        return files
    }

    /// The files directly in `folder` whose extension is an image format's (`imageExtensions`,
    /// any case) and whose name is UTF-8, hidden files aside; empty when `folder` cannot be
    /// listed.
    static func imageFiles(inFolder folder: String) -> [String] {
        imageEntries(inFolder: folder).filter(\.isUTF8).map { (folder as NSString).appendingPathComponent($0.shown) }
    }

    /// The entries of `folder` whose extension is an image format's, hidden files aside,
    /// whether their names are UTF-8 or not.
    static func imageEntries(inFolder folder: String) -> [FolderNames.Entry] {
        (FolderNames.entries(of: folder) ?? []).filter {
            !$0.shown.hasPrefix(".") && imageExtensions.contains(($0.shown as NSString).pathExtension.lowercased())
        }
    }

    /// True when `target` is another file than `source` and does not already hold the same bytes.
    private static func needsCopy(_ source: String, to target: String) -> Bool {
        if URL(fileURLWithPath: source).standardizedFileURL == URL(fileURLWithPath: target).standardizedFileURL {
            return false
        }
        return !FileManager.default.contentsEqual(atPath: source, andPath: target)
    }

    /// File name order with numbers compared by value (`2.png` < `10.png`).
    static func fileOrder(_ a: String, _ b: String) -> Bool {
        let x = (a as NSString).lastPathComponent
        let y = (b as NSString).lastPathComponent
        return x.compare(y, options: [.numeric, .caseInsensitive]) == .orderedAscending
    }

    /// The image size in pixels, whether it is device-framed, and the screen size inside it.
    private static func measure(_ path: String) throws(Failure) -> (
        size: (width: Int, height: Int), screen: ScreenArea, screenSize: (width: Int, height: Int)
    ) {
        do {
            let picture = try PictureLoader().load(path: path)
            let whole = PixelRect(x: 0, y: 0, width: picture.width, height: picture.height)
            var screen = ScreenArea.wholeImage
            var inner = (picture.width, picture.height)
            if try !picture.isOpaque(in: whole), let rect = try? picture.screenRect(for: .auto) {
                screen = .auto
                inner = (rect.width, rect.height)
            }
            return ((picture.width, picture.height), screen, inner)
        } catch {
            throw Failure(description: "\(error)", isUsage: false)
        }
    }
}
