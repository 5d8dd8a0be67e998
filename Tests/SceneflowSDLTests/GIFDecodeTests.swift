import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// GIFs decode, and `ImageHeader` predicts the size SDL_image decodes them at (so the size limit
/// checked before decoding is the surface SDL_image allocates). Real GIFs come from ImageMagick's
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

    @Test func sdlImageDecodesTheFrameTheHeaderNames() throws {
        let folder = try TempFolder()
        defer { folder.remove() }
        func le(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8)] }
        // A 2-colour frame of code size 2: clear (4), index 0, end (5) in 3-bit codes.
        func frame(_ left: Int, _ top: Int, _ w: Int, _ h: Int) -> [UInt8] {
            [0x2C] + le(left) + le(top) + le(w) + le(h) + [0, 2, 2, 0x44, 0x01, 0]
        }
        let screen = Array("GIF89a".utf8) + le(300) + le(200) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        // A small frame in a larger logical screen decodes at the frame's size.
        let offset = try folder.bytes("offset.gif", screen + frame(20, 30, 100, 50) + [0x3B])
        try Self.expectDecodes(offset, width: 100, height: 50)
        // A 0-sized first frame is passed over; stray bytes between blocks too.
        let skipped = try folder.bytes(
            "skipped.gif", screen + frame(0, 0, 0, 0) + Array("xy".utf8) + frame(0, 0, 30, 20) + [0x3B])
        try Self.expectDecodes(skipped, width: 30, height: 20)
    }
}
