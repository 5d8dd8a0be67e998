import Foundation
import SceneflowCore

/// The largest image Sceneflow will decode, checked from the file header *before* decoding,
/// so a 30000 x 30000 px screenshot is rejected without allocating 3.6 GB.
///
/// Defaults: 16384 px per side and 100 megapixels (a 1170 x 2532 screenshot is 3 MP).
public struct ImageLimits: Equatable, Sendable {
    /// Largest width or height, in pixels.
    public var maxSide: Int
    /// Largest width × height, in pixels.
    public var maxPixels: Int

    /// The default limits: 16384 px per side, 100 000 000 px in all.
    public static let standard = ImageLimits(maxSide: 16384, maxPixels: 100_000_000)

    /// The most bytes an image file within these limits can take: `maxPixels` at 8 bytes a
    /// pixel (16-bit RGBA stored uncompressed) and 16 MiB of metadata. A larger file is refused
    /// before a byte of it is read (red-team finding 9-R8: a PNG padded with zeros to 2 GB was
    /// read whole, twice, and passed).
    public var maxFileBytes: Int { maxPixels * 8 + (16 << 20) }

    /// Throws `ImageLoadError.tooCostly` when the file at `path` is larger than `maxFileBytes`
    /// (checked with `stat`; a file that cannot be examined is left to the reading that follows).
    /// Also throws `.tooCostly` for a PNG that goes on for more than `maxBytesAfterEnd` after
    /// its IEND chunk (`PNGEnd`), before the rest is read.
    public func checkFileSize(path: String) throws(ImageLoadError) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        if Int(info.st_size) > maxFileBytes {
            throw .tooCostly(
                path: path,
                reason:
                    "the file is \(info.st_size) bytes, more than any image within the limits can take (\(maxFileBytes) bytes): data after the image, or not an image file"
            )
        }
        if Int(info.st_size) > Self.maxBytesAfterEnd, let end = PNGEnd.offset(path: path),
            Int(info.st_size) - end > Self.maxBytesAfterEnd
        {
            throw .tooCostly(
                path: path,
                reason:
                    "the PNG ends at byte \(end) (its IEND chunk) but the file goes on for \(Int(info.st_size) - end) more bytes: data appended after the image; cut the file at byte \(end)"
            )
        }
    }

    /// Throws `ImageLoadError.tooCostly` when the file at `path` is larger than the image its
    /// header declares can take: 8 bytes a pixel (16-bit RGBA stored uncompressed) and
    /// `ImageHeader.metadataAllowance`, wherever the rest sits (red-team 30 F5: 300 MB in an
    /// ancillary PNG chunk before the pixels, or in a JPEG before its end marker, were read
    /// whole under the limit of the largest image). Checked with `stat`, before the file is read.
    func checkFileSize(path: String, declared header: ImageHeader) throws(ImageLoadError) {
        guard case .size(let format, let width, let height) = header else { return }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        // Saturating: a header may declare up to 2^31 px a side, whose product of 8 bytes a
        // pixel overflows `Int` (red-team 50 B N1: SIGILL in `check` and `render` before the
        // per-side limit refused the image); such a size is refused by `check(width:height:)`.
        let (pixels, wide) = abs(width).multipliedReportingOverflow(by: abs(height))
        let (bytes, deep) = pixels.multipliedReportingOverflow(by: 8)
        let (sum, over) = bytes.addingReportingOverflow(ImageHeader.metadataAllowance)
        let most = wide || deep || over ? Int.max : sum
        if Int(info.st_size) > most {
            throw .tooCostly(
                path: path,
                reason:
                    "the file is \(info.st_size) bytes, more than a \(width)x\(height) px \(format) image can take (\(most) bytes: 8 bytes a pixel and \(ImageHeader.metadataAllowance >> 20) MiB of metadata): data padded inside or after the image"
            )
        }
        let allowance = ImageHeader.metadataAllowance
        guard format == "PNG", Int(info.st_size) > allowance,
            let metadata = PNGEnd.metadataBytes(path: path, limit: allowance)
        else { return }
        if metadata.chunks > ImageStructure.maxPNGAncillaryChunks {
            throw .tooCostly(path: path, reason: ImageStructure.tooManyPNGChunks)
        }
        if metadata.bytes > allowance {
            throw .tooCostly(
                path: path,
                reason:
                    "its chunks other than the pixels (IDAT) take more than \(allowance) bytes, more than any screenshot's metadata (\(allowance >> 20) MiB): data padded into the image, or millions of empty chunks"
            )
        }
    }

    /// The header of the file at `path` whose first bytes are `prefix`, searched further when
    /// the size may lie beyond them (`ImageHeader.furthestRead`).
    /// - Throws: `.corrupt` for a JPEG with no size within its first `furthestRead` bytes.
    func declaredHeader(path: String, prefix bytes: [UInt8]) throws(ImageLoadError) -> ImageHeader {
        let header = ImageHeader.parse(bytes)
        guard header.needsWholeFile(prefixCount: bytes.count),
            let more = try? RegularFile.prefix(path, count: header.furthestRead)
        else { return header }
        // e.g. a JPEG whose size lies behind large metadata
        let searched = ImageHeader.parse([UInt8](more))
        if searched == .unknown, bytes.starts(with: [0xFF, 0xD8, 0xFF]), more.count >= ImageHeader.metadataAllowance {
            throw .corrupt(
                path: path,
                reason:
                    "no JPEG size (SOF marker) in its first \(more.count) bytes: more than \(ImageHeader.metadataAllowance >> 20) MiB of metadata before the image, or not an image"
            )
        }
        if searched == .malformed(format: "GIF"), more.count >= ImageHeader.metadataAllowance {
            // As for the JPEG: `check` decoded it whole and passed while every other command
            // refused it (red-team 34 W1).
            throw .corrupt(
                path: path,
                reason:
                    "no GIF frame in its first \(more.count) bytes: more than \(ImageHeader.metadataAllowance >> 20) MiB of extensions (comments, application data) before the image"
            )
        }
        return searched
    }

    /// `checkFileSize(path:)`, then the file's size against the image its header declares
    /// (`checkFileSize(path:declared:)`), reading only its first bytes: what a reader of the
    /// whole file checks before reading it.
    public func checkFileSizeAndHeader(path: String) throws(ImageLoadError) {
        try checkFileSize(path: path)
        guard let prefix = try? RegularFile.prefix(path, count: ImageHeader.prefixLength) else { return }
        try checkFileSize(path: path, declared: declaredHeader(path: path, prefix: [UInt8](prefix)))
    }

    /// The most bytes a PNG may have after its IEND chunk (1 MiB): a few stray bytes, as some
    /// tools leave, are taken; more is refused unread (red-team 29 F2: 700 MB after a 90x160
    /// PNG cost 1.46 GB of memory and 13 s in every command).
    public static let maxBytesAfterEnd = 1 << 20

    /// Creates limits in pixels.
    public init(maxSide: Int, maxPixels: Int) {
        self.maxSide = maxSide
        self.maxPixels = maxPixels
    }

    /// Throws `ImageLoadError.tooLarge` when `width` x `height` (pixels) breaks a limit.
    public func check(width: Int, height: Int, path: String) throws(ImageLoadError) {
        if width > maxSide || height > maxSide {
            throw .tooLarge(path: path, width: width, height: height, limit: "\(maxSide) px per side")
        }
        if width * height > maxPixels {
            throw .tooLarge(
                path: path, width: width, height: height,
                limit: "\(maxPixels / 1_000_000) megapixels")
        }
    }

    /// Reads only the header of the file at `path` and checks the declared size.
    ///
    /// - Returns: what the header says (never `.unknown`: other formats are refused).
    /// - Throws: `ImageLoadError.fileNotFound` when the file cannot be opened, `.notAFile` for a
    ///   folder, FIFO or device, `.empty` for a
    ///   0-byte file, `.corrupt` for a recognised but malformed or zero-sized header or a PNG/JPEG whose
    ///   structure is incomplete or damaged (see `ImageStructure`), `.tooLarge`.
    func checkHeader(path: String) throws(ImageLoadError) -> ImageHeader {
        let memoKey = HeaderMemo.key(path, self)
        if let memoKey, let header = HeaderMemo.header(memoKey) { return header }
        let header = try readAndCheckHeader(path: path)
        if let memoKey { HeaderMemo.keep(header, memoKey) }
        return header
    }

    /// Whether the header of the file at `path` passed `checkHeader` in this process and the
    /// file is unchanged since (checking it again costs only a `stat`).
    func headerIsKnown(path: String) -> Bool {
        HeaderMemo.key(path, self).flatMap(HeaderMemo.header) != nil
    }

    /// `checkHeader` without the memo: reads the file.
    private func readAndCheckHeader(path: String) throws(ImageLoadError) -> ImageHeader {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try RegularFile.prefix(path, count: ImageHeader.prefixLength))
        } catch .notRegular(let kind) {
            throw .notAFile(path: path, kind: kind)  // a FIFO would block
        } catch {
            throw .fileNotFound(path: path)
        }
        if bytes.isEmpty { throw .empty(path: path) }
        try checkFileSize(path: path)
        let header = try declaredHeader(path: path, prefix: bytes)
        try check(header, bytes: bytes, path: path)
        try checkFileSize(path: path, declared: header)
        if case .size(let format, let width, let height) = header,
            let problem = StructureVerdicts.problem(
                at: path,
                check: {
                    RegularFile.contents(atPath: path).flatMap {
                        ImageStructure.problem([UInt8]($0), format: format, width: width, height: height)
                    }
                })
        {
            throw problem.error(path: path)
        }
        return header
    }

    /// Checks what a header declares: throws `.corrupt` for a malformed or zero-sized header,
    /// `.tooLarge` over the limits, `.unsupportedFormat` for a format the header knows that the
    /// linked SDL_image cannot read (`ImageLibraries`) or one `ForeignImageFormat` names from
    /// `bytes` (the file's first bytes), `.notAnImage` for anything else.
    func check(_ header: ImageHeader, bytes: [UInt8], path: String) throws(ImageLoadError) {
        switch header {
        case .size(let format, let w, let h):
            if w <= 0 || h <= 0 {
                throw .corrupt(path: path, reason: "\(format) header declares \(w)x\(h) px")
            }
            guard ImageLibraries.canRead(format) else {
                throw .unsupportedFormat(
                    path: path, name: "a \(format) image",
                    advice:
                        ", which this build's SDL_image cannot read (it was built without \(format) support); convert it to PNG"
                )
            }
            if format == "WebP", ImageEncoding(of: bytes).isAnimatedWebP {
                throw .unsupportedFormat(
                    path: path, name: "an animated WebP image",
                    advice: ", which SDL_image cannot decode; save the frame to show as a still PNG or WebP")
            }
            try check(width: w, height: h, path: path)
        case .malformed(let format):
            throw .corrupt(path: path, reason: "\(format) header is truncated or malformed")
        case .unknown:
            // Only the formats screenshots come in reach SDL_image: its other decoders (XCF,
            // TGA, PCX, …) are attack surface, and fuzzing made the XCF one ask for 45 TB.
            if let foreign = ForeignImageFormat.identify(bytes) {
                throw .unsupportedFormat(path: path, name: foreign.name, advice: foreign.advice)
            }
            throw .notAnImage(
                path: path,
                reason: "not a \(ForeignImageFormat.readable.replacingOccurrences(of: " and ", with: " or ")) file")
        }
    }
}
