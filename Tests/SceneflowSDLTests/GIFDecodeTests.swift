import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// GIFs decode (with giflib), and `ImageHeader` predicts the size they decode at (so the size
/// limit checked before decoding is the frame giflib decodes). Real GIFs come from ImageMagick's
/// `convert`; that half skips, printing why, when it is missing.
@Suite struct GIFDecodeTests {
    /// `convert` on the PATH, or nil.
    static let convert: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin")
        .split(separator: ":").map { "\($0)/convert" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Runs `convert arguments…`; true when it exited 0.
    static func run(_ convert: String, _ arguments: [String]) throws -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: convert)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// Decodes `path` and checks the header agrees with the decoded size, which is `width` x `height`.
    static func expectDecodes(
        _ path: String, width: Int, height: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let header = ImageHeader.read(path: path)
        #expect(header == .size(format: "GIF", width: width, height: height), sourceLocation: sourceLocation)
        let picture = try PictureLoader().load(path: path)
        #expect(
            picture.width == width && picture.height == height, "decoded \(picture.width)x\(picture.height)",
            sourceLocation: sourceLocation)
    }

    @Test func aGIFCutShortIsRefusedAsCorrupt() throws {
        guard let convert = Self.convert else {
            print("skipped: ImageMagick's convert is not installed (Scripts/setup.sh installs imagemagick)")
            return
        }
        let folder = try TempFolder()
        defer { folder.remove() }
        let whole = folder.file("whole.gif")
        #expect(try Self.run(convert, ["-size", "360x800", "gradient:red-blue", "-colors", "256", whole]))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: whole))
        let cut = folder.file("cut.gif")
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        // SDL_image alone decodes the half file without an error; the structure check refuses it.
        for load in [
            { _ = try PictureLoader().load(path: cut) }, { _ = try ImageLimits.standard.checkHeader(path: cut) },
        ] {
            #expect {
                try load()
            } throws: { error in
                "\(error)".contains("the GIF data is cut short (no trailer)")
            }
        }
        _ = try PictureLoader().load(path: whole)
    }

    @Test func imageMagickGIFsDecodeAtTheirSize() throws {
        guard let convert = Self.convert else {
            print("skipped: ImageMagick's convert is not installed (Scripts/setup.sh installs imagemagick)")
            return
        }
        let folder = try TempFolder()
        defer { folder.remove() }
        let white = folder.file("white.gif")
        #expect(try Self.run(convert, ["-size", "360x800", "xc:white", white]))
        try Self.expectDecodes(white, width: 360, height: 800)
        // A photo-like gradient: a full 256-colour palette and LZW data full of 0x2C bytes.
        let gradient = folder.file("gradient.gif")
        #expect(try Self.run(convert, ["-size", "360x800", "gradient:red-blue", "-colors", "256", gradient]))
        try Self.expectDecodes(gradient, width: 360, height: 800)
        // Animated, three frames with graphic control and looping extensions.
        let animated = folder.file("animated.gif")
        #expect(
            try Self.run(
                convert,
                [
                    "-delay", "20", "-loop", "0", "-size", "360x800", "xc:red", "xc:green", "gradient:white-black",
                    animated,
                ]))
        try Self.expectDecodes(animated, width: 360, height: 800)
        // Frames with their own (local) colour tables.
        let local = folder.file("local.gif")
        #expect(
            try Self.run(
                convert,
                [
                    "-size", "200x300", "gradient:yellow-navy", "gradient:lime-purple", "+map", "-set", "comment",
                    ",;!", local,
                ]))
        try Self.expectDecodes(local, width: 200, height: 300)
        #expect(try Data(contentsOf: URL(fileURLWithPath: local)).contains(0x2C))
        // GIF87a.
        let old = folder.file("old.gif")
        #expect(try Self.run(convert, ["-size", "64x48", "xc:orange", "GIF87:\(old)"]))
        #expect(try Data(contentsOf: URL(fileURLWithPath: old)).prefix(6) == Data("GIF87a".utf8))
        try Self.expectDecodes(old, width: 64, height: 48)
    }

    @Test func theFrameTheHeaderNamesIsTheOneDecoded() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        func le(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8)] }
        // A 2-colour frame of code size 2, every pixel index 0: 3-bit codes clear (4), 0, 0
        // repeated (a clear code every two pixels keeps the width at 3 bits), then end (5).
        func frame(_ left: Int, _ top: Int, _ w: Int, _ h: Int) -> [UInt8] {
            let codes = Array(repeating: [4, 0, 0], count: (w * h + 1) / 2).flatMap { $0 } + [5]
            var packed: [UInt8] = []
            var accumulator = 0
            var filled = 0
            for code in codes {
                accumulator |= code << filled
                filled += 3
                while filled >= 8 {
                    packed.append(UInt8(accumulator & 255))
                    accumulator >>= 8
                    filled -= 8
                }
            }
            if filled > 0 { packed.append(UInt8(accumulator)) }
            var blocks: [UInt8] = []
            for start in stride(from: 0, to: packed.count, by: 255) {
                let chunk = packed[start..<min(start + 255, packed.count)]
                blocks += [UInt8(chunk.count)] + chunk
            }
            return [0x2C] + le(left) + le(top) + le(w) + le(h) + [0, 2] + blocks + [0]
        }
        let screen = Array("GIF89a".utf8) + le(300) + le(200) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        // A small frame in a larger logical screen decodes at the frame's size.
        let offset = try folder.bytes("offset.gif", screen + frame(20, 30, 100, 50) + [0x3B])
        try Self.expectDecodes(offset, width: 100, height: 50)
        // A 0-sized first frame, or stray bytes before the first frame, are refused: giflib
        // refuses them, and SDL_image (which passed them over) is no longer asked.
        let zero = try folder.bytes("zero.gif", screen + frame(0, 0, 0, 0) + frame(0, 0, 30, 20) + [0x3B])
        #expect(throws: ImageLoadError.corrupt(path: zero, reason: "GIF header declares 0x0 px")) {
            try PictureLoader().load(path: zero)
        }
        let stray = try folder.bytes("stray.gif", screen + Array("xy".utf8) + frame(0, 0, 30, 20) + [0x3B])
        #expect(throws: ImageLoadError.corrupt(path: stray, reason: "GIF header is truncated or malformed")) {
            try PictureLoader().load(path: stray)
        }
    }

    @Test func pixelsMatchImageMagicksDecoding() throws {
        guard Magick.convert != nil else {
            print(Magick.missing)
            return
        }
        let folder = try TempFolder()
        defer { folder.remove() }
        let makes: [(name: String, arguments: [String])] = [
            ("gradient.gif", ["-size", "64x48", "gradient:red-blue"]),
            ("interlaced.gif", ["-size", "33x29", "plasma:fractal", "-seed", "7", "-interlace", "GIF"]),
            ("transparent.gif", ["-size", "20x12", "xc:none", "-fill", "lime", "-draw", "rectangle 2,2 9,7"]),
            ("local-table.gif", ["-size", "24x16", "gradient:yellow-navy", "gradient:lime-purple", "+map"]),
        ]
        for make in makes {
            let path = folder.file(make.name)
            try Magick.run(make.arguments + [path])
            let picture = try PictureLoader().load(path: path)
            let ours = try picture.rgbaImage()
            let theirs = try Magick.rgba(path + "[0]", width: picture.width, height: picture.height)
            #expect(ours.pixels.count == theirs.pixels.count, "\(make.name)")
            var different = 0
            for i in stride(from: 0, to: min(ours.pixels.count, theirs.pixels.count), by: 4) {
                let alpha = theirs.pixels[i + 3]
                if ours.pixels[i + 3] != alpha || (alpha > 0 && ours.pixels[i..<i + 3] != theirs.pixels[i..<i + 3]) {
                    different += 1
                }
            }
            #expect(different == 0, "\(make.name): \(different) pixels differ from ImageMagick's")
        }
    }
}
