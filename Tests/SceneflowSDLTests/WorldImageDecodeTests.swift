import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// Images as phones, editors and tools write them decode to the pixels other decoders show
/// (issue 14.3): EXIF orientation applied (all eight values; JPEG, PNG, WebP, TIFF), CMYK and YCCK
/// JPEGs converted (Adobe's inverted CMYK included), 16-bit PNGs rounded to 8 bits, WebP, TIFF and
/// QOI accepted, and formats Sceneflow does not read named. ImageMagick writes the test images and
/// is the reference decoder; the tests skip, printing why, without it.
@Suite struct WorldImageDecodeTests {
    /// An upright 48x32 px test card: four 24x16 px quadrants in distinct colours (red, green, blue,
    /// yellow from the top left, clockwise), so any flip or turn moves a colour.
    static func writeCard(_ path: String) throws {
        try Magick.run([
            "-size", "48x32", "xc:rgb(255,255,0)",
            "-fill", "rgb(230,20,20)", "-draw", "rectangle 0,0 23,15",
            "-fill", "rgb(20,200,40)", "-draw", "rectangle 24,0 47,15",
            "-fill", "rgb(20,40,220)", "-draw", "rectangle 24,16 47,31", path,
        ])
    }

    @Test(arguments: 1...8)
    func jpegEXIFOrientationIsAppliedToTheDecodedPixels(_ orientation: Int) throws {
        guard Magick.convert != nil else { return print(Magick.missing) }
        let folder = try TempFolder()
        defer { folder.remove() }
        let card = folder.file("card.png")
        try Self.writeCard(card)
        let stored = folder.file("stored.jpg")
        try Magick.run([card] + storedForOrientation(orientation) + ["-quality", "95", stored])
        let path = try folder.bytes(
            "photo.jpg",
            ImageMetadata.jpeg([UInt8](try Data(contentsOf: URL(fileURLWithPath: stored))), orientation: orientation))
        // The reference: ImageMagick reads the same tag (-auto-orient) and gives the upright card.
        let reference = try Magick.rgba(path, width: 48, height: 32, extra: ["-auto-orient"])
        #expect(largestDifference(reference, try Magick.rgba(card, width: 48, height: 32)) <= 40)
        let picture = try PictureLoader().load(path: path)
        #expect(picture.width == 48 && picture.height == 32, "orientation \(orientation)")
        #expect(largestDifference(try picture.rgbaImage(), reference) <= 4, "orientation \(orientation)")
        #expect(try PictureLoader().pixelSize(path: path) == (48, 32))
    }

    @Test(arguments: 1...8)
    func pngEXIfAndWebPAndTIFFOrientationsAreAppliedExactly(_ orientation: Int) throws {
        guard Magick.convert != nil else { return print(Magick.missing) }
        let folder = try TempFolder()
        defer { folder.remove() }
        let card = folder.file("card.png")
        try Self.writeCard(card)
        let upright = try Magick.rgba(card, width: 48, height: 32)
        let (w, h) = orientation >= 5 ? (32, 48) : (48, 32)
        // PNG with an eXIf chunk.
        let storedPNG = folder.file("stored.png")
        try Magick.run([card] + storedForOrientation(orientation) + ["-strip", "PNG24:" + storedPNG])
        let png = try folder.bytes(
            "shot.png",
            ImageMetadata.png([UInt8](try Data(contentsOf: URL(fileURLWithPath: storedPNG))), orientation: orientation))
        #expect(try PictureLoader().load(path: png).rgbaImage() == upright, "PNG orientation \(orientation)")
        // Lossless WebP in an extended file with an EXIF chunk.
        let storedWebP = folder.file("stored.webp")
        try Magick.run([card] + storedForOrientation(orientation) + ["-define", "webp:lossless=true", storedWebP])
        let plain = [UInt8](try Data(contentsOf: URL(fileURLWithPath: storedWebP)))
        try #require(Array(plain[12..<16]) == Array("VP8L".utf8), "ImageMagick wrote an extended WebP")
        let webp = try folder.bytes(
            "shot.webp", ImageMetadata.webp(plain, width: w, height: h, orientation: orientation))
        #expect(try PictureLoader().load(path: webp).rgbaImage() == upright, "WebP orientation \(orientation)")
        // TIFF with its Orientation tag (libtiff applies some orientations itself, not all).
        let names = [
            "TopLeft", "TopRight", "BottomRight", "BottomLeft", "LeftTop", "RightTop", "RightBottom", "LeftBottom",
        ]
        let tiff = folder.file("shot.tif")
        try Magick.run([card] + storedForOrientation(orientation) + ["-orient", names[orientation - 1], tiff])
        #expect(try Magick.rgba(tiff, width: 48, height: 32, extra: ["-auto-orient"]) == upright)
        #expect(try PictureLoader().load(path: tiff).rgbaImage() == upright, "TIFF orientation \(orientation)")
        for path in [png, webp, tiff] {
            #expect(try PictureLoader().pixelSize(path: path) == (48, 32), "\(path) orientation \(orientation)")
        }
    }

    /// The CMYK fixtures (`Tests/Fixtures/Images/make-cmyk-jpegs.c`): four 8x8 px patches whose
    /// intended colours are known, in the three encodings CMYK JPEGs come in.
    static let cmykFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Images").path
    static let patches: [(UInt8, UInt8, UInt8)] = [(220, 30, 20), (30, 160, 60), (20, 40, 200), (128, 128, 128)]

    @Test(arguments: ["cmyk-adobe.jpg", "ycck-adobe.jpg", "cmyk-plain.jpg"])
    func cmykAndYCCKJPEGsComeOutInTheirIntendedColours(_ name: String) throws {
        let path = (Self.cmykFolder as NSString).appendingPathComponent(name)
        let image = try PictureLoader().load(path: path).rgbaImage()
        #expect(image.width == 32 && image.height == 8)
        for (index, expected) in Self.patches.enumerated() {
            let p = image.pixel(x: index * 8 + 4, y: 4)
            let off = max(
                abs(Int(p.r) - Int(expected.0)), abs(Int(p.g) - Int(expected.1)), abs(Int(p.b) - Int(expected.2)))
            #expect(off <= 3 && p.a == 255, "\(name) patch \(index): got \(p), expected \(expected)")
        }
        // Adobe files agree with ImageMagick's conversion everywhere (it assumes Adobe's inverted
        // CMYK for every file, so the plain file is left out of this half).
        if Magick.convert != nil, name.contains("adobe") {
            let reference = try Magick.rgba(path, width: 32, height: 8, extra: ["-colorspace", "sRGB"])
            #expect(largestDifference(image, reference) <= 2, "\(name) against ImageMagick")
        }
    }

    @Test(arguments: ["PNG48", "PNG64", "gray", "gray-alpha", "interlaced"])
    func sixteenBitPNGsAreRoundedNotTruncated(_ kind: String) throws {
        guard Magick.convert != nil else { return print(Magick.missing) }
        let folder = try TempFolder()
        defer { folder.remove() }
        let path = folder.file("deep.png")
        let gradient = ["-size", "257x64", "gradient:rgb(0,0,0)-rgb(255,200,100)"]
        let alpha = [
            "(", "-size", "257x64", "gradient:white-rgb(30,30,30)", ")", "-alpha", "off", "-compose", "CopyOpacity",
            "-composite",
        ]
        switch kind {
        case "PNG48": try Magick.run(gradient + ["-depth", "16", "PNG48:" + path])
        case "PNG64": try Magick.run(gradient + alpha + ["-depth", "16", "PNG64:" + path])
        case "gray":
            try Magick.run(gradient + ["-colorspace", "Gray", "-depth", "16", "-define", "png:color-type=0", path])
        case "gray-alpha":
            try Magick.run(
                gradient + alpha + ["-colorspace", "Gray", "-depth", "16", "-define", "png:color-type=4", path])
        default: try Magick.run(gradient + ["-depth", "16", "-interlace", "PNG", "PNG48:" + path])
        }
        let header = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)).prefix(26))
        try #require(header[24] == 16, "\(kind): ImageMagick wrote \(header[24]) bits per sample")
        let samples = try Magick.rgba16(path)
        let rounded = samples.map { UInt8((UInt32($0) * 255 + 32767) / 65535) }
        let truncated = samples.map { UInt8($0 >> 8) }
        #expect(rounded != truncated, "the gradient must tell rounding from truncation")
        let decoded = try PictureLoader().load(path: path).rgbaImage()
        #expect(decoded.width == 257 && decoded.height == 64)
        let wrong = zip(decoded.pixels, rounded).filter { $0 != $1 }.count
        #expect(wrong == 0, "\(kind): \(wrong) of \(rounded.count) samples differ from round(v / 257)")
    }

    @Test func webPTIFFAndQOIScreenshotsDecode() throws {
        guard Magick.convert != nil else { return print(Magick.missing) }
        let folder = try TempFolder()
        defer { folder.remove() }
        let card = folder.file("card.png")
        try Self.writeCard(card)
        let upright = try Magick.rgba(card, width: 48, height: 32)
        for (name, options, tolerance) in [
            ("lossless.webp", ["-define", "webp:lossless=true"], 0), ("lossy.webp", ["-quality", "90"], 12),
            ("plain.tif", [], 0), ("zip.tif", ["-compress", "zip"], 0), ("card.bmp", [], 0), ("card.gif", [], 0),
        ] {
            let path = folder.file(name)
            try Magick.run([card] + options + [path])
            #expect(ImageHeader.read(path: path).map { if case .size = $0 { true } else { false } } == true, "\(name)")
            let decoded = try PictureLoader().load(path: path).rgbaImage()
            // Against ImageMagick's decode of the same file everywhere, and against the card at
            // the middle of each quadrant (near the edges lossy WebP's chroma subsampling smears).
            #expect(largestDifference(decoded, try Magick.rgba(path, width: 48, height: 32)) <= 3, "\(name)")
            for (x, y) in [(12, 8), (36, 8), (36, 24), (12, 24)] {
                let (a, b) = (decoded.pixel(x: x, y: y), upright.pixel(x: x, y: y))
                let off = max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
                #expect(off <= tolerance, "\(name) at \(x),\(y): \(a) vs \(b)")
            }
        }
        // QOI (ImageMagick 6 cannot write it): the header, one QOI_OP_RGBA per pixel, the end marker.
        var qoi = Array("qoif".utf8) + ImageMetadata.be32(48) + ImageMetadata.be32(32) + [4, 0]
        for i in stride(from: 0, to: upright.pixels.count, by: 4) { qoi += [0xFF] + upright.pixels[i..<i + 4] }
        qoi += [0, 0, 0, 0, 0, 0, 0, 1]
        let path = try folder.bytes("card.qoi", qoi)
        #expect(try PictureLoader().load(path: path).rgbaImage() == upright)
    }

    /// Files in a format Sceneflow does not read get a message naming what the file is.
    @Test func otherFormatsAreNamed() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        var cases: [(String, [UInt8], String)] = [
            ("shot.jxl", [0xFF, 0x0A, 0xFA, 0x7F, 0x01, 0x90, 0x08], "is a JPEG XL image"),
            ("shot.jp2", [0, 0, 0, 0x0C] + Array("jP  ".utf8) + [0x0D, 0x0A, 0x87, 0x0A], "is a JPEG 2000 image"),
            ("shot.xcf", Array("gimp xcf v011\0".utf8) + [0, 0, 0, 9, 0, 0, 0, 9], "is a GIMP image (XCF)"),
            ("shot.pdf", Array("%PDF-1.7\n".utf8), "is a PDF document"),
            (
                "shot.svg", Array("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8),
                "is an SVG drawing"
            ),
            (
                "shot.heic", [0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8),
                "is a HEIF image"
            ),
            (
                "shot.avif", [0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avifmif1miaf".utf8),
                "is an AVIF image"
            ),
            (
                "shot.psd", Array("8BPS".utf8) + [0, 1] + [UInt8](repeating: 0, count: 20),
                "is a Photoshop document (PSD)"
            ),
            ("shot.ppm", Array("P6\n4 3\n255\n".utf8) + [UInt8](repeating: 9, count: 36), "is a Netpbm image"),
            (
                "icon.ico", [0, 0, 1, 0, 1, 0, 4, 3, 0, 0, 1, 0, 32, 0] + [UInt8](repeating: 0, count: 40),
                "is a Windows icon (ICO)"
            ),
            ("shot.pcx", [0x0A, 5, 1, 8] + [UInt8](repeating: 0, count: 124), "is a PCX image"),
            (
                "shot.xpm", Array("/* XPM */\nstatic char *x[] = {\n\"1 1 1 1\",\n\"a c #ff0000\",\n\"a\"};\n".utf8),
                "is an XPM image"
            ),
        ]
        // An Apple CgBI PNG: a CgBI chunk before IHDR (Xcode's pngcrush writes them into app bundles).
        let cgbi =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ImageMetadata.be32(4) + Array("CgBI".utf8)
            + [0x50, 0x00, 0x20, 0x02] + [0x5D, 0x7B, 0xE6, 0x9F] + ImageMetadata.be32(13) + Array("IHDR".utf8)
            + ImageMetadata.be32(60) + ImageMetadata.be32(60) + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
        cases.append(("AppIcon60x60@2x.png", cgbi, "is an Apple CgBI PNG (from an app bundle); re-encode it with"))
        for (name, bytes, words) in cases {
            let path = try folder.bytes(name, bytes)
            for error in [
                #expect(throws: ImageLoadError.self) { try PictureLoader().load(path: path) },
                #expect(throws: ImageLoadError.self) { try PictureLoader().checkHeader(path: path) },
            ] {
                let text = error.map { "\($0)" } ?? ""
                #expect(text.contains(words) && text.contains(name), "\(name): \(text)")
            }
        }
    }

    /// Every library format the linked SDL_image reports through `IMG_Init` is either read or
    /// named; Debian 12's SDL_image 2.6 reports JPEG, PNG, TIFF and WebP.
    @Test func everyFormatIMGInitReportsIsReadOrNamed() {
        let reported = ImageLibraries.reportedByIMGInit
        #expect(Set(["JPEG", "PNG", "TIFF", "WebP"]).isSubset(of: Set(reported)), "IMG_Init reports \(reported)")
        for format in reported where !["JPEG XL", "AVIF"].contains(format) {
            #expect(ImageLibraries.readableFormats.contains(format), "\(format) is reported but not read")
        }
        #expect(ForeignImageFormat.identify([0xFF, 0x0A])?.name == "a JPEG XL image")
        #expect(
            ForeignImageFormat.identify([0, 0, 0, 0x14] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avif".utf8))?
                .name == "an AVIF image")
    }

    @Test func animatedWebPAndDamagedTIFFAreRefusedWithWhatTheyAre() throws {
        guard Magick.convert != nil else { return print(Magick.missing) }
        let folder = try TempFolder()
        defer { folder.remove() }
        let anim = folder.file("anim.webp")
        try Magick.run(["-delay", "10", "-size", "36x80", "xc:red", "xc:blue", "-loop", "0", anim])
        let error = #expect(throws: ImageLoadError.self) { try PictureLoader().load(path: anim) }
        #expect(
            error?.description
                == "file \"\(anim)\" is an animated WebP image, which SDL_image cannot decode; save the frame to show as a still PNG or WebP"
        )
        // One strip whose offset points past the end of the file: libtiff's message, not SDL_image's.
        let tiff = folder.file("one.tif")
        try Magick.run([
            "-size", "36x80", "gradient:red-blue", "-compress", "none", "-define", "tiff:rows-per-strip=80", tiff,
        ])
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tiff)))
        let ifd = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        for n in 0..<(Int(bytes[ifd]) | Int(bytes[ifd + 1]) << 8) {
            let entry = ifd + 2 + n * 12
            // StripOffsets (273 = 0x0111, little-endian) moved far past the end.
            if bytes[entry] == 0x11, bytes[entry + 1] == 0x01 { (bytes[entry + 8], bytes[entry + 10]) = (0xFF, 0x7F) }
        }
        let bad = try folder.bytes("bad.tif", bytes)
        let damaged = #expect(throws: ImageLoadError.self) { try PictureLoader().load(path: bad) }
        #expect(
            damaged?.description.hasPrefix(
                "image \"\(bad)\" is corrupt or truncated (the TIFF is cut short: strip 1 needs bytes up to ") == true,
            "\(String(describing: damaged))")
    }

    /// libtiff (through SDL_image) already rounds 16-bit TIFF samples; kept so that stays true.
    @Test func sixteenBitTIFFsAreRoundedToo() throws {
        guard Magick.convert != nil else { return print(Magick.missing) }
        let folder = try TempFolder()
        defer { folder.remove() }
        let path = folder.file("deep.tif")
        try Magick.run([
            "-size", "257x64", "gradient:rgb(0,0,0)-rgb(255,200,100)", "-depth", "16", "-compress", "none", path,
        ])
        let samples = try Magick.rgba16(path)
        let rounded = samples.map { UInt8((UInt32($0) * 255 + 32767) / 65535) }
        #expect(rounded != samples.map { UInt8($0 >> 8) })
        #expect(try PictureLoader().load(path: path).rgbaImage().pixels == rounded)
    }
}
