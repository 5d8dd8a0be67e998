internal import CTesseractShim
import Foundation
import SceneflowCore

/// Reads the words on a grayscale screen with Tesseract through its C API (Debian
/// `libtesseract-dev`, the English model from `tesseract-ocr-eng`; issue 16.1). One owner of
/// one `TessBaseAPI` handle (DESIGN.md §5 rule 2): not for use from two threads at once.
public final class TextRecognizer {
    /// How the page is read: Tesseract's page segmentation mode and its settings.
    public struct Settings: Equatable, Sendable, CustomStringConvertible {
        /// Tesseract's page segmentation mode: 11 (sparse text: find as much text as possible in
        /// no particular order, what a screen of scattered labels is) or 3 (automatic).
        public var pageSegmentation: Int32 = 11
        /// The language model (`eng`).
        public var language = "eng"
        /// Tesseract's `thresholding_method`: how the page is turned black and white before
        /// reading. 0 is one threshold for the whole page (Otsu), 1 a threshold per tile
        /// (Leptonica's adaptive Otsu), 2 Sauvola's local threshold. Screens mix light,
        /// dark and coloured backgrounds (white names on coloured cards), which one threshold
        /// for the page loses.
        public var thresholding: Int32 = 2
        /// The settings a cache key must include (`psm 11 eng threshold 1`).
        public var description: String { "psm \(pageSegmentation) \(language) threshold \(thresholding)" }
        /// The default: sparse text, English.
        public init() {}
    }

    /// Tesseract could not start or read an image.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, naming the C function.
        public let description: String
    }

    private let handle: OpaquePointer
    /// The settings it reads with.
    public let settings: Settings

    /// Tesseract's version (`5.3.0`), part of every detection cache key: the loaded library's, or
    /// the headers' when the library cannot be loaded (a detection then fails with `Failure`).
    public static var version: String {
        var error = [CChar](repeating: 0, count: 512)
        guard sf_tesseract_load(&error, error.count) == 0 else { return String(cString: sf_tesseract_header_version()) }
        return String(cString: sf_TessVersion())
    }

    /// Loads Tesseract's library, once per process. It is loaded at its first use rather than
    /// listed as a needed library of the executable, so that commands that read no text start
    /// without resolving its ~35 dependencies.
    ///
    /// - Throws: `Failure` naming the library and its Debian package (`libtesseract5`) when it
    ///   cannot be loaded.
    public static func loadLibrary() throws {
        var error = [CChar](repeating: 0, count: 512)
        guard sf_tesseract_load(&error, error.count) == 0 else {
            throw Failure(description: String(cString: error))
        }
    }

    /// Starts Tesseract with `settings` (the model from its default data folder).
    ///
    /// - Throws: `Failure` when Tesseract's library cannot be loaded (Debian `libtesseract5`) or
    ///   `TessBaseAPIInit3` fails (the model is not installed: Debian `tesseract-ocr-eng`).
    public init(settings: Settings = Settings()) throws {
        try Self.loadLibrary()
        // Leptonica's messages off standard error.
        _ = sf_leptonica_set_message_severity(SCENEFLOW_LEPTONICA_SEVERITY_NONE)
        guard let api = sf_TessBaseAPICreate() else { throw Failure(description: "TessBaseAPICreate failed") }
        guard sf_TessBaseAPIInit3(api, nil, settings.language) == 0 else {
            sf_TessBaseAPIDelete(api)
            throw Failure(
                description:
                    "TessBaseAPIInit3 failed: the Tesseract \"\(settings.language)\" model is not installed (Debian: tesseract-ocr-\(settings.language))"
            )
        }
        sf_TessBaseAPISetPageSegMode(api, TessPageSegMode(rawValue: UInt32(settings.pageSegmentation)))
        _ = sf_TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        _ = sf_TessBaseAPISetVariable(api, "thresholding_method", String(settings.thresholding))
        handle = api
        self.settings = settings
    }

    deinit {
        sf_TessBaseAPIEnd(handle)
        sf_TessBaseAPIDelete(handle)
    }

    /// The fewest pixels an image must have on each side to hold a word: 8.
    public static let minimumSide = 8

    /// The words of `image`, boxes in its pixels, confidence 0-100, in reading order as
    /// Tesseract gives them (empty words dropped). `thresholding` reads this image with another
    /// `thresholding_method` than the settings' (0: Otsu's one threshold, for a crop of one
    /// coloured block); the settings' is restored afterwards. Recognition stops `seconds` of
    /// real time after it began (Tesseract's progress monitor deadline; `stoppedAtDeadline`
    /// then says so): a screen of noise took minutes (red-team 10 m5).
    ///
    /// - Throws: `Failure` when `TessBaseAPIRecognize` fails.
    /// True when the last `words(in:)` stopped at its deadline (its words are those read
    /// before it).
    public private(set) var stoppedAtDeadline = false

    public func words(in image: GrayImage, thresholding: Int32? = nil, within seconds: Double = 3600) throws
        -> [RecognizedWord]
    {
        stoppedAtDeadline = false
        // Thinner than a letter can be drawn: no words (Tesseract's recognition fails there).
        guard image.width >= Self.minimumSide, image.height >= Self.minimumSide else { return [] }
        if let thresholding, thresholding != settings.thresholding {
            _ = sf_TessBaseAPISetVariable(handle, "thresholding_method", String(thresholding))
        }
        defer {
            if let thresholding, thresholding != settings.thresholding {
                _ = sf_TessBaseAPISetVariable(handle, "thresholding_method", String(settings.thresholding))
            }
        }
        let status: Int32 = image.pixels.withUnsafeBufferPointer { buffer in
            sf_TessBaseAPISetImage(
                handle, buffer.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.width))
            sf_TessBaseAPISetSourceResolution(handle, 300)
            var passed: Int32 = 0
            let milliseconds = Int32(max(1, min(seconds, 86_400)) * 1000)
            let status = sf_TessBaseAPIRecognizeWithin(handle, milliseconds, &passed)
            stoppedAtDeadline = passed != 0
            return status
        }
        // Stopped at its deadline, recognition may also report failure (-1): no words, not an error.
        if status != 0 && stoppedAtDeadline {
            sf_TessBaseAPIClear(handle)
            return []
        }
        guard status == 0 else { throw Failure(description: "TessBaseAPIRecognize failed (status \(status))") }
        defer { sf_TessBaseAPIClear(handle) }
        guard let iterator = sf_TessBaseAPIGetIterator(handle) else { return [] }
        defer { sf_TessResultIteratorDelete(iterator) }
        var words: [RecognizedWord] = []
        let page = sf_TessResultIteratorGetPageIteratorConst(iterator)
        repeat {
            guard let cText = sf_TessResultIteratorGetUTF8Text(iterator, RIL_WORD) else { continue }
            let text = String(cString: cText).trimmingCharacters(in: .whitespacesAndNewlines)
            sf_TessDeleteText(cText)
            var left: Int32 = 0
            var top: Int32 = 0
            var right: Int32 = 0
            var bottom: Int32 = 0
            guard !text.isEmpty, sf_TessPageIteratorBoundingBox(page, RIL_WORD, &left, &top, &right, &bottom) != 0
            else { continue }
            let confidence = Double(sf_TessResultIteratorConfidence(iterator, RIL_WORD))
            let box = PixelRect(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
            words.append(RecognizedWord(text: text, confidence: confidence, box: box))
        } while sf_TessResultIteratorNext(iterator, RIL_WORD) != 0
        return words
    }
}
