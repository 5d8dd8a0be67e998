import Foundation
import SceneflowCore

/// Decodes screenshot files into `DecodedPicture`s, checking `ImageLimits` from the file
/// header before any decoding.
///
/// Thread-safe: `load` may run on any thread (the texture cache preloads in the background).
public struct PictureLoader: Sendable {
    /// The size limits checked before (and, for formats without a known header, after)
    /// decoding.
    public var limits: ImageLimits
    /// When set, files are read through it (their bytes as first read) instead of from disk
    /// each time; see `ImageFileStore`.
    public var files: ImageFileStore?
    /// When set, `checkAndLoad` keeps each picture it decodes there and `load(path:)` takes it
    /// back instead of decoding the unchanged file again (`render` checks, then draws).
    public var handoff: PictureHandoff?

    /// Creates a loader with the given limits (default: `ImageLimits.standard`), reading
    /// files through `files` when given and handing decoded pictures over through `handoff`.
    public init(limits: ImageLimits = .standard, files: ImageFileStore? = nil, handoff: PictureHandoff? = nil) {
        self.limits = limits
        self.files = files
        self.handoff = handoff
    }

    /// Decodes the image file at `path` (absolute, or relative to the working directory; read
    /// through `files` when set) with SDL_image, by content: a JPEG named `.png` loads as the JPEG
    /// it is. The result is the image as displayed: turned by its EXIF orientation, CMYK
    /// converted, 16-bit samples rounded (`PictureDecoding`). Takes ~50 ms for a 1170 x 2532 px PNG.
    ///
    /// - Throws: `ImageLoadError.fileNotFound` (missing or unreadable), `.notAFile` (a folder,
    ///   a FIFO, a device), `.empty` (0 bytes),
    ///   `.tooLarge` (from the header, before decoding), `.corrupt` (a recognised format that
    ///   fails to decode, e.g. a truncated PNG), `.unsupportedFormat` (a format Sceneflow names
    ///   but does not read, e.g. HEIC), `.notAnImage` (an unknown format); `SDLError` when SDL
    ///   cannot allocate or convert the surface.
    public func load(path: String) throws -> DecodedPicture {
        if let picture = handoff?.take(path: path) { return picture }
        let picture = try load(data: read(path: path), path: path)
        if let handoff, handoff.reusable { handoff.keep(picture, path: path) }
        return picture
    }

    /// The bytes of the regular file at `path`, within the file-size limit.
    /// - Throws: `ImageLoadError.notAFile`, `.tooLarge`, `.fileNotFound`.
    private func read(path: String) throws -> Data {
        if let kind = RegularFile.kind(atPath: path) {
            throw ImageLoadError.notAFile(path: path, kind: kind)
        }
        try limits.checkFileSizeAndHeader(path: path)
        guard let data = files?.contents(atPath: path) ?? RegularFile.contents(atPath: path) else {
            throw ImageLoadError.fileNotFound(path: path)
        }
        return data
    }

    /// Checks every pixel of the image at `path` can be decoded, with the checks of `load(path:)`
    /// in the same order: PNGs and GIFs through libpng and giflib directly (no SDL library is
    /// loaded, so commands that never draw run without it, and libpng prints nothing), other
    /// formats by decoding them (`load`). Every command runs it (`PrototypeOpener`), so `test`
    /// refuses what `check` refuses (red-team 19 F8, F9). Returns the picture when it had to
    /// decode it whole (a format other than PNG and GIF), so a caller that draws it need not
    /// decode it again.
    /// - Throws: like `load(path:)`.
    @discardableResult
    public func checkPixels(path: String) throws -> DecodedPicture? {
        try DecodesUnderWay.decoding(path) { try checkPixelsNow(path: path) }
    }

    /// `checkPixels(path:)` and then, when it gave no picture, `load(path:)`: the picture as
    /// displayed, found with the checks and messages of both. A PNG or GIF is decoded once, as
    /// `load` decodes it with the decoder the check uses (`PictureDecoding`); `check` and
    /// `render` read each screenshot so (red-team 39 H1: a PNG was decoded twice for them).
    /// - Throws: like `load(path:)`.
    public func checkAndLoad(path: String) throws -> DecodedPicture {
        let picture = try DecodesUnderWay.decoding(path) {
            let data = try read(path: path)
            let bytes = [UInt8](data)
            if case .size(let format, _, _) = ImageHeader.parse(bytes),
                format == "GIF" || PictureDecoding.decodesAsChecked(ImageEncoding(of: bytes))
            {
                return try decode(data: data, path: path)
            }
            return try checkPixelsNow(data: data, path: path) ?? decode(data: data, path: path)
        }
        handoff?.keep(picture, path: path)
        return picture
    }

    /// `checkPixels(path:)`, counted in `DecodesUnderWay` by its caller.
    private func checkPixelsNow(path: String) throws -> DecodedPicture? {
        try checkPixelsNow(data: read(path: path), path: path)
    }

    /// `checkPixels(path:)` for the file's bytes `data`.
    private func checkPixelsNow(data: Data, path: String) throws -> DecodedPicture? {
        if data.isEmpty { throw ImageLoadError.empty(path: path) }
        let bytes = [UInt8](data)
        let header = ImageHeader.parse(bytes)
        try limits.check(header, bytes: bytes, path: path)
        if case .size(let format, let width, let height) = header,
            let problem = ImageStructure.problem(bytes, format: format, width: width, height: height)
        {
            throw problem.error(path: path)
        }
        if try PictureDecoding.checkWithoutSDL(bytes, header: header, path: path) { return nil }
        return try load(data: data, path: path)
    }

    /// Decodes a whole image file held in memory; `path` names it in errors. The same checks
    /// as `load(path:)`, in order: empty, header size limits, PNG/JPEG structure
    /// (`ImageStructure`: chunks, CRCs, end markers; it keeps truncated PNGs away from a libpng
    /// read loop), decode, decoded size limits. Used by `load(path:)` and the image fuzz target.
    /// - Throws: like `load(path:)`.
    public func load(data: Data, path: String) throws -> DecodedPicture {
        try DecodesUnderWay.decoding(path) { try decode(data: data, path: path) }
    }

    /// `load(data:path:)`, counted in `DecodesUnderWay` by its caller.
    private func decode(data: Data, path: String) throws -> DecodedPicture {
        if data.isEmpty { throw ImageLoadError.empty(path: path) }
        let bytes = [UInt8](data)
        let header = ImageHeader.parse(bytes)  // the whole file: a GIF frame may lie far in
        try limits.check(header, bytes: bytes, path: path)
        let surface: SDLSurface
        do {
            if case .size(let format, let width, let height) = header,
                let problem = ImageStructure.problem(bytes, format: format, width: width, height: height)
            {
                throw problem.error(path: path)
            }
            surface = try PictureDecoding.decode(data, header: header, path: path)
        } catch let error as SDLError where error.function == "IMG_Load" {
            if case .size(let format, _, _) = header {
                throw ImageLoadError.corrupt(path: path, reason: "\(format): \(error.message)")
            }
            throw ImageLoadError.notAnImage(path: path, reason: error.message)
        }
        try limits.check(width: surface.width, height: surface.height, path: path)
        return DecodedPicture(path: path, surface: surface)
    }
}

extension PictureLoader {
    /// Checks the file at `path` without decoding it: it exists, its header is a known image
    /// format (or one left to SDL_image), its declared size is within `limits`, and a PNG or
    /// JPEG is complete (chunk CRCs, end markers). Cheap (no pixels are decoded), so every
    /// scene's image can be checked when a prototype opens.
    ///
    /// - Throws: `ImageLoadError.fileNotFound`, `.tooLarge` or `.corrupt` (a cut-short header).
    public func checkHeader(path: String) throws {
        _ = try limits.checkHeader(path: path)
    }

    /// Whether `checkHeader(path:)` already passed for the file at `path`, unchanged since, in
    /// this process (checking it again costs one `stat`: `HeaderMemo`).
    public func headerIsKnown(path: String) -> Bool {
        limits.headerIsKnown(path: path)
    }
}
