import SceneflowCore

/// Why a screenshot could not be loaded. Every case carries the file path, and every
/// description is one line naming the file, ready to show to a designer.
public enum ImageLoadError: Error, CustomStringConvertible, Equatable, Sendable {
    /// No file (or no readable file) at `path`.
    case fileNotFound(path: String)
    /// The file is empty (0 bytes).
    case empty(path: String)
    /// The file is not an image SDL_image can decode (unknown format, e.g. a text file).
    case notAnImage(path: String, reason: String)
    /// The file is in a format Sceneflow recognises but does not read: `name` says what it is
    /// (`a HEIF image (HEIC, as iPhones save photos)`), `advice` (starting with `; ` or `, `)
    /// what to do.
    case unsupportedFormat(path: String, name: String, advice: String)
    /// The file starts like an image but decoding failed part way (e.g. a truncated PNG).
    case corrupt(path: String, reason: String)
    /// Decoding the file would cost more than any screenshot may (`reason` names the budget:
    /// deflate blocks, chunks, scans, bytes a pixel); refused before it is decoded, well
    /// formed or not.
    case tooCostly(path: String, reason: String)
    /// Not a regular file: `kind` says what it is (`a FIFO (named pipe)`, `a folder`), never
    /// opened (a FIFO would block).
    case notAFile(path: String, kind: String)
    /// The image header declares a size over the limit; rejected before decoding.
    /// `width` and `height` are the declared size in pixels; `limit` says which limit.
    case tooLarge(path: String, width: Int, height: Int, limit: String)
    /// A `.rect` screen area does not lie inside the image (all sizes in pixels).
    case screenOutsideImage(path: String, screen: PixelRect, width: Int, height: Int)
    /// `.auto` found no screen inside the image (see `ScreenFinder`).
    case screenNotFound(path: String)

    /// The file the error concerns.
    public var path: String {
        switch self {
        case .fileNotFound(let p), .empty(let p), .notAnImage(let p, _), .unsupportedFormat(let p, _, _),
            .corrupt(let p, _), .tooCostly(let p, _), .notAFile(let p, _),
            .tooLarge(let p, _, _, _), .screenOutsideImage(let p, _, _, _), .screenNotFound(let p):
            return p
        }
    }

    /// One line naming the file, e.g. `image "big.png" is 30000x30000 px, over the limit of
    /// 16384 px per side`.
    public var description: String {
        switch self {
        case .fileNotFound(let p):
            return "image \"\(p)\" not found"
        case .empty(let p):
            return "image \"\(p)\" is an empty file (0 bytes)"
        case .notAnImage(let p, let reason):
            return "file \"\(p)\" is not an image SDL_image can read (\(reason))"
        case .unsupportedFormat(let p, let name, let advice):
            return "file \"\(p)\" is \(name)\(advice)"
        case .corrupt(let p, let reason):
            return "image \"\(p)\" is corrupt or truncated (\(reason))"
        case .tooCostly(let p, let reason):
            return "image \"\(p)\" would cost too much to decode (\(reason))"
        case .notAFile(let p, let kind):
            // What it is, as `check` says it (red-team finding o11: "corrupt or truncated").
            return "file \"\(p)\" is \(kind), not an image file"
        case .tooLarge(let p, let w, let h, let limit):
            return "image \"\(p)\" is \(w)x\(h) px, over the limit of \(limit)"
        case .screenOutsideImage(let p, let r, let w, let h):
            return "screen rect \(r) does not lie inside image \"\(p)\" (\(w)x\(h) px)"
        case .screenNotFound(let p):
            return "no screen found inside image \"\(p)\" (screen = \"auto\")"
        }
    }
}
