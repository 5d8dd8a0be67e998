internal import CSDL2
internal import CSDL2TTF
import Foundation
import SceneflowCore

/// The faces the window's text is drawn with (SDL2_ttf, anti-aliased), found through
/// fontconfig (`FontFinder`): DejaVu Sans first, then Noto Sans CJK when installed, then for
/// any other character the first face fontconfig finds that has it. Each character (grapheme
/// cluster, by its first scalar) is drawn with the first of these faces that has its glyph
/// (`TTF_GlyphIsProvided32`); runs of characters with the same face are measured
/// (`TTF_SizeUTF8`) and drawn (`TTF_RenderUTF8_Blended`) together, on one baseline. A
/// character no face has is drawn with the main face (its missing-glyph box) and recorded in
/// `missing`.
///
/// One per process (`shared`), safe from any thread (a lock); sizes are whole pixels (the
/// size asked for, rounded). Sole owner of its `TTF_Font`s, which live as long as the process.
final class FontSet: @unchecked Sendable {
    /// The process's font set (SDL2_ttf started on first use).
    static let shared = FontSet()

    private let lock = NSLock()
    /// The faces tried first, in order: main, then CJK.
    private let preferred: [FontFile]
    /// Why text cannot be drawn at all (no SDL2_ttf, no font), or nil.
    let problem: String?
    /// Open fonts by face and pixel size.
    private var open: [FontKey: OpaquePointer] = [:]
    /// The face chosen for a scalar (nil: none has it).
    private var chosen: [UInt32: FontFile?] = [:]
    /// Scalars no installed face has, in the order first met.
    private var missingScalars: [Unicode.Scalar] = []

    private struct FontKey: Hashable {
        var file: FontFile
        var size: Int
    }

    private init() {
        var faces: [FontFile] = []
        if let main = FontFinder.mainFace() { faces.append(main) }
        if let cjk = FontFinder.cjkFace() { faces.append(cjk) }
        preferred = faces
        if TTF_Init() != 0 {
            problem = "SDL2_ttf could not start: \(String(cString: SDL_GetError()))"
        } else if faces.isEmpty {
            problem = "fontconfig found no font (install fonts-dejavu-core)"
        } else {
            problem = nil
        }
    }

    /// The families text is drawn with first, e.g. `["DejaVu Sans", "Noto Sans CJK JP"]`.
    var families: [String] { preferred.map(\.family) }

    /// Characters met so far that no installed font has (drawn as the main face's box).
    var missing: [Unicode.Scalar] { lock.withLock { missingScalars } }

    /// The whole-pixel size text of `size` pixels is drawn at.
    static func pixelSize(_ size: Double) -> Int { max(1, min(512, Int(size.rounded()))) }

    /// The size of `text` at `size` pixels: the sum of its runs' advances by the tallest run's
    /// ascent plus descent (the main face's for an empty string).
    func measure(_ text: String, size: Double) -> Size {
        lock.withLock {
            let px = Self.pixelSize(size)
            let runs = self.runs(text, size: px)
            var width = 0
            for run in runs {
                var w: Int32 = 0
                var h: Int32 = 0
                if TTF_SizeUTF8(run.font, run.text, &w, &h) == 0 { width += Int(w) }
            }
            let metrics = self.metrics(runs, size: px)
            return Size(width: Double(width), height: Double(metrics.ascent + metrics.descent))
        }
    }

    /// `text` at `size` pixels drawn white with its coverage as alpha onto a new ARGB8888
    /// surface (`measure`'s size; runs drawn past their advance widen it), or nil for text
    /// that draws nothing (empty, spaces only) or when fonts are unavailable. The caller frees
    /// the surface (`SDL_FreeSurface`).
    func render(_ text: String, size: Double) -> UnsafeMutablePointer<SDL_Surface>? {
        lock.withLock {
            let px = Self.pixelSize(size)
            let runs = self.runs(text, size: px)
            let metrics = self.metrics(runs, size: px)
            let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
            var pieces: [(surface: UnsafeMutablePointer<SDL_Surface>, x: Int, y: Int)] = []
            defer { for piece in pieces { SDL_FreeSurface(piece.surface) } }
            var x = 0
            var width = 0
            for run in runs {
                var w: Int32 = 0
                var h: Int32 = 0
                guard TTF_SizeUTF8(run.font, run.text, &w, &h) == 0 else { continue }
                if let surface = TTF_RenderUTF8_Blended(run.font, run.text, white) {
                    let y = metrics.ascent - Int(TTF_FontAscent(run.font))  // one baseline
                    pieces.append((surface, x, y))
                    width = max(width, x + Int(surface.pointee.w))
                }
                x += Int(w)
                width = max(width, x)
            }
            let height = metrics.ascent + metrics.descent
            guard !pieces.isEmpty, width > 0, height > 0,
                let target = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDLSurface.alphaFormat)
            else { return nil }
            SDL_FillRect(target, nil, 0)
            for piece in pieces {
                SDL_SetSurfaceBlendMode(piece.surface, SDL_BLENDMODE_BLEND)
                var place = SDL_Rect(
                    x: Int32(piece.x), y: Int32(piece.y), w: piece.surface.pointee.w, h: piece.surface.pointee.h)
                SDL_UpperBlit(piece.surface, nil, target, &place)
            }
            return target
        }
    }

    /// The tallest ascent and descent (pixels, descent positive) of the faces `runs` use, or
    /// of the main face when there are none.
    private func metrics(_ runs: [Run], size: Int) -> (ascent: Int, descent: Int) {
        let fonts = runs.isEmpty ? preferred.prefix(1).compactMap { font($0, size: size) } : runs.map(\.font)
        let ascent = fonts.map { Int(TTF_FontAscent($0)) }.max() ?? size
        let descent = fonts.map { -Int(TTF_FontDescent($0)) }.max() ?? 0
        return (ascent, max(0, descent))
    }

    /// A stretch of text drawn with one font.
    private struct Run {
        var text: String
        var font: OpaquePointer
    }

    /// `text` split into runs of consecutive characters drawn with the same face; spaces and
    /// other characters every face has stay in the run before them.
    private func runs(_ text: String, size: Int) -> [Run] {
        guard problem == nil else { return [] }
        var runs: [Run] = []
        for character in text {
            guard let scalar = character.unicodeScalars.first else { continue }
            if !runs.isEmpty, character.isWhitespace {  // a tab or newline draws as a space
                runs[runs.count - 1].text.append(character == " " ? character : " ")
                continue
            }
            guard let font = face(for: scalar, size: size) else { continue }
            if let last = runs.last, last.font == font {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append(Run(text: String(character), font: font))
            }
        }
        return runs
    }

    /// The font at `size` to draw `scalar` with: the first preferred face that has its glyph,
    /// else fontconfig's face for it, else the main face (recording the scalar as missing).
    private func face(for scalar: Unicode.Scalar, size: Int) -> OpaquePointer? {
        let value = scalar.value
        if let known = chosen[value] {
            return font(known ?? preferred[0], size: size)
        }
        var pick: FontFile? = nil
        for file in preferred {
            if let f = font(file, size: size), TTF_GlyphIsProvided32(f, value) != 0 {
                pick = file
                break
            }
        }
        if pick == nil, let other = FontFinder.face(having: value), let f = font(other, size: size),
            TTF_GlyphIsProvided32(f, value) != 0
        {
            pick = other
        }
        chosen[value] = .some(pick)
        if pick == nil && !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control {
            missingScalars.append(scalar)
        }
        return font(pick ?? preferred[0], size: size)
    }

    /// `file` opened at `size` pixels (kept open), or nil when SDL2_ttf cannot open it.
    private func font(_ file: FontFile, size: Int) -> OpaquePointer? {
        let key = FontKey(file: file, size: size)
        if let f = open[key] { return f }
        guard let f = TTF_OpenFontIndex(file.path, Int32(size), file.index) else { return nil }
        TTF_SetFontHinting(f, TTF_HINTING_LIGHT)
        open[key] = f
        return f
    }
}

/// Measures text with the window's faces (`FontSet.shared`) at `scale` output pixels per
/// layout unit: a string is measured at the pixel size it is drawn at and the result divided
/// by `scale`, so a layout made in window pixels (scale 1) or in points (`render --labels`,
/// scale = the device's) gets the widths of the text as drawn.
public struct FontMeasure: TextMeasuring {
    /// Output pixels per layout unit.
    public var scale: Double

    /// A measure for a layout whose unit is `scale` output pixels.
    public init(scale: Double = 1) { self.scale = max(scale, 0.01) }

    /// `text`'s size at `size` layout units (see the type's notes).
    public func measure(_ text: String, size: Double) -> Size {
        let s = FontSet.shared.measure(text, size: size * scale)
        return Size(width: s.width / scale, height: s.height / scale)
    }

    /// The families text is drawn with first (main, then CJK when installed).
    public static var families: [String] { FontSet.shared.families }

    /// Characters met so far that no installed font has; they draw as the main face's
    /// missing-glyph box.
    public static var missing: [Unicode.Scalar] { FontSet.shared.missing }

    /// Why no text can be drawn (SDL2_ttf failed to start, no font installed), or nil.
    public static var problem: String? { FontSet.shared.problem }
}
