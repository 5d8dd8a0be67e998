internal import CSDL2Image
import SceneflowCore

/// The formats the linked SDL_image decodes through a separate library, asked once with
/// `IMG_Init` (SDL_image 2.6 loads libjpeg, libpng, libtiff, libwebp, libjxl and libavif as it
/// was built). Sceneflow reads a JPEG, WebP or TIFF screenshot only when this says the library is
/// there, and names the format otherwise.
///
/// PNG, GIF, BMP and QOI are read without asking: GIF by giflib, BMP and QOI by SDL_image's
/// built-in decoders, PNG by SDL_image (with libpng, or with its built-in stb_image when built
/// without libpng; 16-bit PNGs by libpng directly). So checking a prototype of PNG screenshots
/// (`test`, `check`) never loads SDL_image, nor SDL with it (CSDLShim opens both at first use).
public enum ImageLibraries {
    /// The formats read whatever `IMG_Init` says.
    static let alwaysReadable: Set<String> = ["PNG", "GIF", "BMP", "QOI"]

    /// Whether `format` (a name `ImageHeader` gives) can be decoded: one of `alwaysReadable`
    /// without asking SDL_image, else as `readableFormats` says.
    public static func canRead(_ format: String) -> Bool {
        alwaysReadable.contains(format) || readableFormats.contains(format)
    }

    /// The `IMG_Init` answer for every library flag (JPEG, PNG, TIFF, WebP, JPEG XL, AVIF).
    static let available: Int32 = {
        let all =
            IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_TIF.rawValue | IMG_INIT_WEBP.rawValue
            | IMG_INIT_JXL.rawValue | IMG_INIT_AVIF.rawValue
        return IMG_Init(Int32(all))
    }()

    /// The formats `ImageHeader` names that can be decoded: `alwaysReadable`, plus those of JPEG,
    /// TIFF and WebP that the linked SDL_image reports (`IMG_Init`, which loads SDL_image).
    public static var readableFormats: Set<String> {
        var formats = alwaysReadable
        let flags: [(String, UInt32)] = [
            ("JPEG", IMG_INIT_JPG.rawValue), ("TIFF", IMG_INIT_TIF.rawValue), ("WebP", IMG_INIT_WEBP.rawValue),
        ]
        for (format, flag) in flags where UInt32(available) & flag != 0 { formats.insert(format) }
        return formats
    }

    /// The library formats the linked SDL_image reports (`IMG_Init`), by name, including ones
    /// Sceneflow does not read (JPEG XL, AVIF).
    static var reportedByIMGInit: [String] {
        let flags: [(String, UInt32)] = [
            ("JPEG", IMG_INIT_JPG.rawValue), ("PNG", IMG_INIT_PNG.rawValue), ("TIFF", IMG_INIT_TIF.rawValue),
            ("WebP", IMG_INIT_WEBP.rawValue), ("JPEG XL", IMG_INIT_JXL.rawValue), ("AVIF", IMG_INIT_AVIF.rawValue),
        ]
        return flags.filter { UInt32(available) & $0.1 != 0 }.map(\.0)
    }
}
