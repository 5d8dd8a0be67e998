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
        /// Read each image's header only: existence, format and size limits (fast).
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
    public static func open(
        _ directory: String, images: ImageCheck = .header, loader: PictureLoader = PictureLoader()
    ) throws(DiagnosticList) -> LoadedPrototype {
        let loaded = try PrototypeLoader.load(directory: directory)
        let deviceProblems = deviceProblems(loaded.prototype, file: prototypeFilePath(in: directory))
        if !deviceProblems.isEmpty { throw DiagnosticList(deviceProblems) }
        let problems = imageProblems(
            loaded.prototype, file: prototypeFilePath(in: directory), check: images, loader: loader)
        if !problems.isEmpty { throw DiagnosticList(problems) }
        loaded.prototype = measureScrollScenes(loaded.prototype)
        return loaded
    }

    /// The device check every command makes: the screen in pixels (points × scale) must be 1
    /// to 16 384 px on each side, what the renderers can hold. `file` names `prototype.lua`.
    public static func deviceProblems(_ prototype: Prototype, file: String) -> [Diagnostic] {
        let device = prototype.device
        let limit = 16_384
        guard device.pixelWidth < 1 || device.pixelHeight < 1 || device.pixelWidth > limit || device.pixelHeight > limit
        else { return [] }
        return [
            Diagnostic(
                file: file, path: "device",
                message:
                    "the screen would be \(device.pixelWidth)x\(device.pixelHeight) px (width and height × scale); each side must be 1 to \(limit) px"
            )
        ]
    }

    /// Diagnostics for the images of `prototype` (one per reference to an unusable file:
    /// scene and landscape screenshots, pressed looks, star images; see
    /// `Prototype.imageReferences`), each naming `file`, the table path and the image as
    /// `prototype.lua` writes it (not its absolute path). Images are read with `loader`.
    public static func imageProblems(
        _ prototype: Prototype, file: String, check: ImageCheck, loader: PictureLoader = PictureLoader()
    ) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        var checked: [String: String] = [:]
        var source: String?  // prototype.lua, read for line numbers once a problem is found
        for reference in prototype.imageReferences {
            let path = (prototype.directory as NSString).appendingPathComponent(reference.image)
            let key = "\(path)|\(reference.screen)"
            let message =
                checked[key]
                ?? {
                    do {
                        switch check {
                        case .header:
                            try loader.checkHeader(path: path)
                        case .decode:
                            let picture = try loader.load(path: path)
                            _ = try picture.screenRect(for: reference.screen)
                        }
                        return ""
                    } catch {
                        // Named as prototype.lua writes it: the diagnostic already names the file.
                        return "\(error)".replacingOccurrences(of: "\"\(path)\"", with: "\"\(reference.image)\"")
                    }
                }()
            checked[key] = message
            guard !message.isEmpty else { continue }
            if source == nil {
                source = RegularFile.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? ""
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
