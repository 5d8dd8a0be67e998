internal import CFontconfig
import Foundation

/// One face in a font file: the file and the face's index in it (a `.ttc` collection holds
/// several).
struct FontFile: Hashable, Sendable {
    /// The font file's path.
    var path: String
    /// The face's index in the file (0 for a plain `.ttf`).
    var index: Int
    /// The family name fontconfig reports, e.g. `DejaVu Sans`.
    var family: String
}

/// Finds font files through fontconfig (the system's font configuration, as every desktop
/// application does): the faces the window's text is drawn with and, per character, a face
/// that has it. Stateless; fontconfig keeps its own cache of the installed fonts.
enum FontFinder {
    /// The main face: DejaVu Sans (Debian `fonts-dejavu-core`), or what fontconfig gives for
    /// `sans-serif` when it is missing; nil when no font is installed at all.
    static func mainFace() -> FontFile? {
        if let dejavu = match("DejaVu Sans"), dejavu.family.hasPrefix("DejaVu Sans") { return dejavu }
        return match("sans-serif")
    }

    /// The CJK face: Noto Sans CJK (Debian `fonts-noto-cjk`) when installed, else nil.
    static func cjkFace() -> FontFile? {
        guard let noto = match("Noto Sans CJK JP"), noto.family.contains("CJK") else { return nil }
        return noto
    }

    /// The best face fontconfig knows for `pattern` (a fontconfig name such as `DejaVu Sans`).
    static func match(_ pattern: String) -> FontFile? {
        guard let query = FcNameParse(pattern) else { return nil }
        defer { FcPatternDestroy(query) }
        FcConfigSubstitute(nil, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let font = FcFontMatch(nil, query, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(font) }
        return file(of: font)
    }

    /// The first installed face, in fontconfig's order of preference for a sans-serif text,
    /// whose character map has `scalar` (`FcFontSort` with a charset holding it); nil when
    /// none has it.
    static func face(having scalar: UInt32) -> FontFile? {
        guard let query = FcPatternCreate(), let wanted = FcCharSetCreate() else { return nil }
        defer {
            FcPatternDestroy(query)
            FcCharSetDestroy(wanted)
        }
        FcCharSetAddChar(wanted, scalar)
        FcPatternAddCharSet(query, "charset", wanted)
        FcPatternAddString(query, "family", "sans-serif")
        FcConfigSubstitute(nil, query, FcMatchPattern)
        FcDefaultSubstitute(query)
        var result = FcResultNoMatch
        guard let sorted = FcFontSort(nil, query, 0, nil, &result) else { return nil }
        defer { FcFontSetDestroy(sorted) }
        let set = sorted.pointee
        for i in 0..<Int(set.nfont) {
            guard let font = set.fonts[i] else { continue }
            var charset: OpaquePointer?
            guard FcPatternGetCharSet(font, "charset", 0, &charset) == FcResultMatch, let charset,
                FcCharSetHasChar(charset, scalar) != 0
            else { continue }
            if let found = file(of: font) { return found }
        }
        return nil
    }

    /// The file, face index and family of a font pattern.
    private static func file(of font: OpaquePointer) -> FontFile? {
        var path: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(font, "file", 0, &path) == FcResultMatch, let path else { return nil }
        var index: Int32 = 0
        _ = FcPatternGetInteger(font, "index", 0, &index)
        var family: UnsafeMutablePointer<FcChar8>?
        _ = FcPatternGetString(font, "family", 0, &family)
        return FontFile(
            path: String(cString: path), index: Int(index), family: family.map { String(cString: $0) } ?? "")
    }
}
