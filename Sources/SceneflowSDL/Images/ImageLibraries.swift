internal import CSDL2Image
import SceneflowCore

/// The formats the linked SDL_image decodes through a separate library, asked once with
/// `IMG_Init` (SDL_image 2.6 loads libjpeg, libpng, libtiff, libwebp, libjxl and libavif as it
/// was built). Sceneflow reads a WebP or TIFF screenshot only when this says the library is
/// there, and names the format otherwise.
public enum ImageLibraries {
    /// The `IMG_Init` answer for every library flag (JPEG, PNG, TIFF, WebP, JPEG XL, AVIF).
    static let available: Int32 = {
        let all =
            IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue | IMG_INIT_TIF.rawValue | IMG_INIT_WEBP.rawValue
            | IMG_INIT_JXL.rawValue | IMG_INIT_AVIF.rawValue
        return IMG_Init(Int32(all))
    }()

    /// The formats `ImageHeader` names that the linked SDL_image can decode, of PNG, JPEG, TIFF,
    /// WebP (the library formats), plus GIF, BMP and QOI (built into SDL_image).
    public static var readableFormats: Set<String> {
        var formats: Set<String> = ["GIF", "BMP", "QOI"]
        let flags: [(String, UInt32)] = [
            ("PNG", IMG_INIT_PNG.rawValue), ("JPEG", IMG_INIT_JPG.rawValue), ("TIFF", IMG_INIT_TIF.rawValue),
            ("WebP", IMG_INIT_WEBP.rawValue),
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
