import Foundation
import Testing

/// Red-team 36 B: budgets that counted a proxy of the decoder's work. Z1: PNGs zlib writes at
/// its smallest memory level (a block every 128 symbols) were refused as padded; they are
/// taken. S1: a Deflate-tiled TIFF of many samples a pixel made libtiff inflate every sample
/// (a 46 KB file cost `check` 15 s); more than 8 bytes a pixel is refused. J1: an
/// arithmetic-coded JPEG costs the decoder about 15 times a Huffman-coded one a component
/// (100 megapixels of RGB: 43 s); it is held to the same 2.5 billion passes, counted so.
@Suite struct CodingCostTests {
    /// Runs python3 `script` with `arguments`; false when python3 is missing.
    static func python(_ script: String, _ arguments: [String]) throws -> Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return false }
        let made = try Sceneflow.run(
            ["-c", script] + arguments, timeout: 120, executable: URL(fileURLWithPath: "/usr/bin/python3"))
        try #require(made.status == 0, "\(made)")
        return true
    }

    @Test(arguments: [1, 2])
    func pngsFromZlibAtASmallMemoryLevelAreTaken(_ memLevel: Int) throws {
        let tmp = try TempFolder()
        let script = """
            import struct, zlib, sys, random
            random.seed(7)
            w = h = 1000
            raw = b''.join(b'\\0' + random.randbytes(3 * w) for _ in range(h))
            c = zlib.compressobj(6, zlib.DEFLATED, 15, int(sys.argv[2]))
            def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
            png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
            open(sys.argv[1], 'wb').write(png + chunk(b'IDAT', c.compress(raw) + c.flush()) + chunk(b'IEND', b''))
            """
        try FileManager.default.createDirectory(atPath: tmp.file("P"), withIntermediateDirectories: true)
        guard try Self.python(script, [tmp.file("P/home.png"), "\(memLevel)"]) else { return }
        try DecodeCostBudgetTests.prototype(tmp, image: "home.png")
        for r in try DecodeCostBudgetTests.checkAndRender(tmp) { #expect(r.status == 0, "memLevel \(memLevel): \(r)") }
    }

    @Test func aTIFFOfManySamplesAPixelIsRefused() throws {
        let tmp = try TempFolder()
        // The corpus case's generator: 2048x2048 px, 64 samples of 16 bits, shared Deflate tiles.
        let make = Sceneflow.packageRoot.appendingPathComponent("Tests/BadInput/round-36/make.py").path
        try FileManager.default.createDirectory(atPath: tmp.file("P"), withIntermediateDirectories: true)
        guard
            try Self.python(
                try String(contentsOfFile: make, encoding: .utf8), ["tiff-many-samples", tmp.file("P/home.tif")])
        else { return }
        try DecodeCostBudgetTests.prototype(tmp, image: "home.tif")
        for r in try DecodeCostBudgetTests.checkAndRender(tmp) {
            #expect(r.status == 65, "\(r)")
            #expect((r.stdout + r.stderr).contains("samples"), "\(r)")
        }
    }

    /// A large JPEG whose frame says it is arithmetic-coded is refused before it is decoded; a
    /// screenshot-sized one from `cjpeg -arithmetic` is taken.
    @Test func aLargeArithmeticCodedJPEGIsRefused() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { return }
        let tmp = try TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("P"), withIntermediateDirectories: true)
        let made = try Sceneflow.run(
            ["-size", "8000x8000", "gradient:red-blue", tmp.file("P/home.jpg")], timeout: 120,
            executable: URL(fileURLWithPath: "/usr/bin/convert"))
        try #require(made.status == 0, "\(made)")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tmp.file("P/home.jpg"))))
        let sof = try #require(bytes.indices.dropLast().first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes[sof + 1] = 0xC9  // SOF9: arithmetic-coded, sequential
        try Data(bytes).write(to: URL(fileURLWithPath: tmp.file("P/home.jpg")))
        try DecodeCostBudgetTests.prototype(tmp, image: "home.jpg")
        let r = try Sceneflow.run(["check", "P"], in: tmp.url, timeout: 120)
        #expect(r.status == 65, "\(r)")
        #expect((r.stdout + r.stderr).contains("arithmetic-coded"), "\(r)")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/cjpeg") else { return }
        let small = try TempFolder()
        try FileManager.default.createDirectory(atPath: small.file("P"), withIntermediateDirectories: true)
        let ppm = try Sceneflow.run(
            ["-size", "360x800", "gradient:red-blue", small.file("s.ppm")],
            executable: URL(fileURLWithPath: "/usr/bin/convert"))
        try #require(ppm.status == 0, "\(ppm)")
        let coded = try Sceneflow.run(
            ["-arithmetic", "-outfile", small.file("P/home.jpg"), small.file("s.ppm")],
            executable: URL(fileURLWithPath: "/usr/bin/cjpeg"))
        try #require(coded.status == 0, "\(coded)")
        try DecodeCostBudgetTests.prototype(small, image: "home.jpg")
        let taken = try Sceneflow.run(["check", "P"], in: small.url, timeout: 120)
        #expect(taken.status == 0, "\(taken)")
    }
}
