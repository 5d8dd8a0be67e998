import Foundation
import Testing

/// Red-team 9 R8: image files were read whole whatever their size: a valid 100x200 PNG padded
/// with zeros to 2 GB passed `check` after a minute at 4.2 GB of memory. A file larger than
/// any image within the pixel limits can be (`ImageLimits.maxFileBytes`) is refused before a
/// byte of it is read, with its path and size (exit 65), by every command that opens it.
@Suite struct HugeImageFileTests {
    @Test(arguments: ["check", "render", "test"])
    func aPaddedImageIsRefusedUnread(_ command: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return }
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        // 1.5 GB without using the disk (a sparse file): a PNG followed by zeros.
        #expect(truncate(tmp.file("Proto/home.png"), 3 << 29) == 0)
        let arguments: [String] =
            switch command {
            case "check": ["check", "Proto"]
            case "render": ["render", "Proto", "--scene", "home", "--out", "h.png"]
            default: ["test", "t.lua"]
            }
        let (kilobytes, r) = try HugeCacheFileTests.peak(arguments, in: tmp, cache: tmp.file("cache"))
        #expect(r.status == 65, "\(r)")
        #expect(r.stdout.contains("1610612736 bytes") || r.stderr.contains("1610612736 bytes"), "\(r)")
        #expect(kilobytes > 0 && kilobytes < 400_000, "peak \(kilobytes) kB: the image was read")
    }
}

/// A PNG followed by more than 1 MiB of data after its end (the IEND chunk) is refused before
/// the rest is read, naming where the image ends, by every command: 700 MB after a 90x160 PNG
/// cost `check` 1.46 GB and 13 s, under the whole-file limit (red-team 29 F2). A few stray
/// bytes after IEND, as some tools leave, are still taken.
@Suite struct DataAfterPNGEndTests {
    @Test(arguments: ["check", "render", "test"])
    func muchDataAfterTheEndIsRefusedUnread(_ command: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        let image = try Data(contentsOf: URL(fileURLWithPath: tmp.file("Proto/home.png")))
        #expect(truncate(tmp.file("Proto/home.png"), 300 << 20) == 0)  // sparse: no disk used
        let arguments: [String] =
            switch command {
            case "check": ["check", "Proto"]
            case "render": ["render", "Proto", "--scene", "home", "--out", "h.png"]
            default: ["test", "t.lua"]
            }
        let (kilobytes, r) = try HugeCacheFileTests.peak(arguments, in: tmp, cache: tmp.file("cache"))
        #expect(r.status == 65, "\(r)")
        let said = r.stdout + r.stderr
        #expect(said.contains("home.png"), "\(r)")
        #expect(said.contains("ends at byte \(image.count)"), "\(r)")
        #expect(said.contains("\((300 << 20) - image.count) more bytes"), "\(r)")
        #expect(kilobytes > 0 && kilobytes < 200_000, "peak \(kilobytes) kB: the data was read")
    }

    @Test func aFewStrayBytesAreTaken() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        var image = try Data(contentsOf: URL(fileURLWithPath: tmp.file("Proto/home.png")))
        image.append(Data(repeating: 0, count: 100))
        try tmp.write("Proto/home.png", image)
        let r = try Sceneflow.run(["check", "Proto"], in: tmp.url)
        #expect(r.status == 0, "\(r)")
    }
}

/// A file far larger than the image its header declares can take (8 bytes a pixel and 16 MiB
/// of metadata) is refused before the rest is read, wherever the extra bytes sit: in an
/// ancillary PNG chunk before the pixels, or in a JPEG before its end marker (red-team 30 F5:
/// 300 MB padded inside a 90x160 image were read whole, at about 1.5 GB of memory, under the
/// whole-file limit). A JPEG whose size sits behind more than 16 MiB of metadata is refused
/// the same way, unread.
@Suite struct PaddedInsideImageTests {
    /// 300 MiB of zeros, written sparse (no disk used) at `offset` of `file`, between `head`
    /// and `tail`.
    static func pad(_ file: String, head: [UInt8], tail: [UInt8]) throws {
        let padding: UInt64 = 300 << 20
        FileManager.default.createFile(atPath: file, contents: Data(head))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.seek(toOffset: UInt64(head.count) + padding)
        try handle.write(contentsOf: Data(tail))
        try handle.close()
    }

    static func big32(_ n: Int) -> [UInt8] {
        [UInt8(n >> 24 & 255), UInt8(n >> 16 & 255), UInt8(n >> 8 & 255), UInt8(n & 255)]
    }

    enum Padding: String, CaseIterable, Sendable { case pngChunk, jpegBeforeEnd, jpegBeforeSize }

    static func arguments(_ command: String) -> [String] {
        switch command {
        case "check": ["check", "Proto"]
        case "render": ["render", "Proto", "--scene", "home", "--out", "h.png"]
        case "inspect": ["inspect", "Proto", "--scene", "home"]
        default: ["test", "t.lua"]
        }
    }

    @Test(arguments: Padding.allCases, ["check", "render", "inspect", "test"])
    func paddingInsideTheImageIsRefusedUnread(_ padding: Padding, _ command: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { return }
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tmp.file("Proto/home.png"))))
        let file = tmp.file("Proto/home.png")
        switch padding {
        case .pngChunk:
            // signature and IHDR (33 bytes), a private ancillary chunk of 300 MiB, the rest.
            try Self.pad(
                file, head: Array(png[..<33]) + Self.big32(300 << 20) + Array("prVt".utf8),
                tail: [0, 0, 0, 0] + png[33...])
        case .jpegBeforeEnd, .jpegBeforeSize:
            let made = try Sceneflow.run(
                [file, tmp.file("home.jpg")], executable: URL(fileURLWithPath: "/usr/bin/convert"))
            try #require(made.status == 0, "\(made)")
            let jpeg = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tmp.file("home.jpg"))))
            if padding == .jpegBeforeEnd {
                try Self.pad(file, head: Array(jpeg.dropLast(2)), tail: [0xFF, 0xD9])
            } else {
                // SOI, then 4 800 comment segments of 64 KiB (zeros, sparse), then the image.
                FileManager.default.createFile(atPath: file, contents: Data([0xFF, 0xD8]))
                let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
                var offset: UInt64 = 2
                for _ in 0..<4_800 {
                    try handle.seek(toOffset: offset)
                    try handle.write(contentsOf: Data([0xFF, 0xFE, 0xFF, 0xFF]))
                    offset += 2 + 0xFFFF
                }
                try handle.seek(toOffset: offset)
                try handle.write(contentsOf: Data(jpeg[2...]))
                try handle.close()
            }
        }
        let (kilobytes, r) = try HugeCacheFileTests.peak(Self.arguments(command), in: tmp, cache: tmp.file("cache"))
        #expect(r.status == 65, "\(r)")
        let said = r.stdout + r.stderr
        #expect(said.contains("home.png"), "\(r)")
        #expect(said.contains("bytes"), "\(r)")
        #expect(kilobytes > 0 && kilobytes < 200_000, "peak \(kilobytes) kB: the padding was read")
    }
}

/// A PNG whose chunks other than its pixels take more than 16 MiB is refused before it is
/// read, whatever its declared size allows: 1.5 million empty text chunks (red-team 31 B1:
/// 10-18 s in every command), or one text chunk of 700 MiB before the pixels of a
/// 10000x10000 header (B2: 2.4 GB of memory before the refusal).
@Suite struct PNGMetadataLimitTests {
    enum Padding: String, CaseIterable, Sendable { case manyEmptyChunks, oneHugeChunk }

    @Test(arguments: Padding.allCases)
    func muchMetadataIsRefusedUnread(_ padding: Padding) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") else { return }
        let tmp = try TempFolder()
        try tmp.prototype()
        let file = tmp.file("Proto/home.png")
        let size = padding == .manyEmptyChunks ? "1080x2400" : "10000x10000"
        let made = try Sceneflow.run(
            ["-size", size, "xc:white", "-depth", "8", "PNG24:" + file],
            executable: URL(fileURLWithPath: "/usr/bin/convert"))
        try #require(made.status == 0, "\(made)")
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        let head = Array(png[..<33])  // signature and IHDR
        switch padding {
        case .manyEmptyChunks:
            // 1.5 million empty tEXt chunks (their CRC, of "tEXt", is right): 18 MB in all.
            let chunk: [UInt8] = [0, 0, 0, 0] + Array("tEXt".utf8) + [0x96, 0x42, 0xC5, 0x85]
            var data = Data(head)
            data.append(Data([UInt8](repeating: 0, count: 0)))
            var many = [UInt8]()
            many.reserveCapacity(chunk.count * 1_500_000)
            for _ in 0..<1_500_000 { many += chunk }
            data.append(Data(many))
            data.append(Data(png[33...]))
            try data.write(to: URL(fileURLWithPath: file))
        case .oneHugeChunk:
            try PaddedInsideImageTests.pad(
                file, head: head + PaddedInsideImageTests.big32(300 << 20) + Array("tEXt".utf8),
                tail: [0, 0, 0, 0] + png[33...])
        }
        let (kilobytes, r) = try HugeCacheFileTests.peak(["check", "Proto"], in: tmp, cache: tmp.file("cache"))
        #expect(r.status == 65, "\(r)")
        #expect((r.stdout + r.stderr).contains("other than the pixels"), "\(r)")
        #expect(kilobytes > 0 && kilobytes < 250_000, "peak \(kilobytes) kB")
    }

    /// Red-team 32 R1: 1.2 million empty chunks just under the 16 MiB budget still cost 6-14 s
    /// a command. A PNG with more than `ImageStructure.maxPNGAncillaryChunks` (10 000) chunks
    /// other than its pixels is refused by every command, whatever their size: here 20 000
    /// empty ones, 240 KB.
    @Test(arguments: ["check", "render", "test"])
    func manyChunksAreRefusedWhateverTheirSize(_ command: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        let file = tmp.file("Proto/home.png")
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        let chunk: [UInt8] = [0, 0, 0, 0] + Array("tEXt".utf8) + [0x96, 0x42, 0xC5, 0x85]
        var many = Array(png[..<33])
        for _ in 0..<20_000 { many += chunk }
        try Data(many + png[33...]).write(to: URL(fileURLWithPath: file))
        let r = try Sceneflow.run(PaddedInsideImageTests.arguments(command), in: tmp.url, timeout: 60)
        #expect(r.status == 65, "\(r)")
        let said = r.stdout + r.stderr
        #expect(said.contains("home.png"), "\(r)")
        #expect(said.contains("more than 10000 chunks other than the pixels"), "\(r)")
    }

    /// The same for the pixels split into tiny IDAT chunks: the Notes screenshot's pixels in
    /// 235 000 one-byte IDAT chunks cost `check` 5 s; more IDAT chunks than 10 000 and four a
    /// row are refused (here the sample's pixels and 30 000 empty ones), while an encoder's
    /// one per 8 KiB or per row is taken.
    @Test(arguments: ["check", "render", "test"])
    func pixelsSplitIntoTinyChunksAreRefused(_ command: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        let file = tmp.file("Proto/home.png")
        let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        var chunks: [(type: [UInt8], data: [UInt8])] = []
        var offset = 8
        while offset + 12 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            chunks.append((Array(png[offset + 4..<offset + 8]), Array(png[offset + 8..<offset + 8 + length])))
            offset += 12 + length
        }
        let pixels = chunks.filter { $0.type == Array("IDAT".utf8) }.flatMap(\.data)
        var split: [(type: [UInt8], data: [UInt8])] = chunks.filter { $0.type != Array("IDAT".utf8) }
        // The pixels, then 30 000 empty IDAT chunks (they inflate to nothing).
        let pieces = [pixels] + Array(repeating: [], count: 30_000)
        split.insert(contentsOf: pieces.map { (Array("IDAT".utf8), $0) }, at: split.count - 1)
        var out = Array(png[..<8])
        for chunk in split {
            out += PaddedInsideImageTests.big32(chunk.data.count) + chunk.type + chunk.data
            out += PaddedInsideImageTests.big32(Int(Self.crc(chunk.type + chunk.data)))
        }
        try Data(out).write(to: URL(fileURLWithPath: file))
        let r = try Sceneflow.run(PaddedInsideImageTests.arguments(command), in: tmp.url, timeout: 60)
        #expect(r.status == 65, "\(r)")
        #expect((r.stdout + r.stderr).contains("IDAT chunks, more than"), "\(r)")
    }

    /// The PNG CRC-32 of `bytes` (bitwise, as the PNG specification's sample code).
    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return c ^ 0xFFFF_FFFF
    }
}

/// Red-team 33 F8: libpng inflates every compressed text chunk (zTXt, iTXt) and colour profile
/// (iCCP) when it reads a PNG's header: 100 zTXt chunks of 7.7 KB, each inflating to 7.9 MB,
/// cost `check` 25 s, and 1 200 of them more than 120 s, within every size and chunk limit. A
/// PNG whose compressed chunks inflate past 4 MiB in all is refused by every command, as an
/// inflate bomb in its pixels is; a small one (a real screenshot's profile) is taken.
@Suite struct CompressedChunkBombTests {
    /// The sample PNG with `count` chunks of `type` inflating to `size` bytes each, before its
    /// pixels (python3 writes it); false when python3 is missing.
    static func make(_ tmp: TempFolder, type: String, count: Int, size: Int) throws -> Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return false }
        let script = """
            import struct, zlib, sys
            p = sys.argv[1]; t = sys.argv[2].encode(); n = int(sys.argv[3]); size = int(sys.argv[4])
            b = open(p, 'rb').read()
            z = zlib.compress(bytes(size), 9)
            head = {b'zTXt': b'k\\0\\0', b'iTXt': b'k\\0\\1\\0\\0\\0', b'iCCP': b'p\\0\\0'}[t]
            def chunk(d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
            open(p, 'wb').write(b[:33] + chunk(head + z) * n + b[33:])
            """
        let r = try Sceneflow.run(
            ["-c", script, tmp.file("Proto/home.png"), type, "\(count)", "\(size)"],
            executable: URL(fileURLWithPath: "/usr/bin/python3"))
        try #require(r.status == 0, "\(r)")
        return true
    }

    @Test(arguments: ["zTXt", "iTXt", "iCCP"], ["check", "render", "test"])
    func compressedChunksThatInflateFarAreRefused(_ type: String, _ command: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("t.lua", "prototype \"Proto\"\ntest(\"opens\", function() tap \"Open\" end)\n")
        guard try Self.make(tmp, type: type, count: type == "iCCP" ? 1 : 20, size: 7_900_000) else { return }
        let r = try Sceneflow.run(PaddedInsideImageTests.arguments(command), in: tmp.url, timeout: 60)
        #expect(r.status == 65, "\(r)")
        #expect((r.stdout + r.stderr).contains("inflate to more than"), "\(r)")
        #expect(r.seconds < 20, "\(r.seconds) s")
    }

    /// Red-team 34 P1, P2: deflate streams padded with empty blocks inflate to nothing, within
    /// every inflated-size limit, and still cost libpng a pass over each byte on every decode
    /// (24 MB in the pixels of a 1000x1000 px PNG: `check` 14-20 s; 16 MB in two zTXt chunks:
    /// 30 s). The compressed bytes are held to the same bounds as what they inflate to.
    @Test(arguments: ["IDAT", "zTXt"])
    func deflateStreamsPaddedWithEmptyBlocksAreRefused(_ where: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return }
        let tmp = try TempFolder()
        try tmp.prototype()
        let script = """
            import struct, zlib, sys
            p, where = sys.argv[1], sys.argv[2]
            b = open(p, 'rb').read()
            def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
            chunks, o = [], 8
            while o < len(b):
                n = struct.unpack('>I', b[o:o + 4])[0]; chunks.append((b[o + 4:o + 8], b[o + 8:o + 8 + n])); o += 12 + n
            def padded(raw):
                c = zlib.compressobj(9)
                out = c.compress(raw) + c.flush(zlib.Z_SYNC_FLUSH)
                out += bytes([0, 0, 0, 255, 255]) * 1200000  # an empty stored block each
                return out + c.flush()
            out = b[:8]
            for t, d in chunks:
                if t == b'IDAT' and where == 'IDAT':
                    d = padded(zlib.decompress(b''.join(x for u, x in chunks if u == b'IDAT')))
                    if out.count(b'IDAT') > 0: continue
                if t == b'IDAT' and where == 'zTXt' and b'zTXt' not in out:
                    out += chunk(b'zTXt', b'k\\0\\0' + padded(b'x'))
                out += chunk(t, d)
            open(p, 'wb').write(out)
            """
        let made = try Sceneflow.run(
            ["-c", script, tmp.file("Proto/home.png"), `where`], executable: URL(fileURLWithPath: "/usr/bin/python3"))
        try #require(made.status == 0, "\(made)")
        for command in ["check", "render"] {
            let r = try Sceneflow.run(PaddedInsideImageTests.arguments(command), in: tmp.url, timeout: 120)
            #expect(r.status == 65, "\(r)")
            let said = `where` == "IDAT" ? "compressed pixel data is" : "take or inflate to more than"
            #expect((r.stdout + r.stderr).contains(said), "\(r)")
        }
    }

    /// Red-team 34 P1 residual: within the compressed-size bound, a deflate stream can still be
    /// cut into hundreds of thousands of blocks that each cost zlib a fresh set of Huffman
    /// tables on every decode (16.5 MB of empty dynamic blocks in a 4000x4000 px PNG: `check`
    /// 21 s). The blocks themselves are counted: a stream flushed every 16 bytes, in the pixels
    /// or in a zTXt chunk, or padded with empty stored blocks (red-team 38 P1), is refused, and one flushed after every row (as streaming encoders
    /// write) is taken.
    @Test(arguments: ["every 16 bytes", "zTXt", "every row", "empty stored blocks"])
    func deflateStreamsCutIntoTooManyBlocksAreRefused(_ how: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return }
        let tmp = try TempFolder()
        try tmp.prototype()
        let script = """
            import struct, zlib, sys
            p, how = sys.argv[1], sys.argv[2]
            w = h = 1000
            def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
            rows = [bytes([0]) + bytes((x * 7 + y) % 256 for x in range(w)) for y in range(h)]
            raw = b''.join(rows)
            c = zlib.compressobj(9)
            pieces = [raw[i:i + 16] for i in range(0, len(raw), 16)] if how == 'every 16 bytes' else rows
            idat = b''.join(c.compress(r) + (c.flush(zlib.Z_SYNC_FLUSH) if how != 'zTXt' else b'') for r in pieces)
            if how == 'empty stored blocks':  # red-team 38 P1: stored blocks as padding
                c = zlib.compressobj(9)
                idat = c.compress(raw) + c.flush(zlib.Z_SYNC_FLUSH) + bytes([0, 0, 0, 255, 255]) * 20000
            idat += c.flush()
            text = b''
            if how == 'zTXt':
                t = zlib.compressobj(9); z = t.compress(b'x') + t.flush(zlib.Z_SYNC_FLUSH)
                z += bytes([0, 0, 0, 255, 255]) * 700000 + t.flush()  # an empty stored block each
                text = chunk(b'zTXt', b'k\\0\\0' + z)
            png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 0, 0, 0, 0)) + text
            png += chunk(b'IDAT', idat) + chunk(b'IEND', b'')
            open(p, 'wb').write(png)
            """
        let made = try Sceneflow.run(
            ["-c", script, tmp.file("Proto/home.png"), how], executable: URL(fileURLWithPath: "/usr/bin/python3"))
        try #require(made.status == 0, "\(made)")
        for command in ["check", "render"] {
            let r = try Sceneflow.run(PaddedInsideImageTests.arguments(command), in: tmp.url, timeout: 120)
            if how == "every row" {
                #expect(r.status == 0, "\(command): \(r)")
            } else {
                #expect(r.status == 65, "\(command): \(r)")
                #expect((r.stdout + r.stderr).contains("deflate blocks"), "\(command): \(r)")
            }
        }
    }

    /// Red-team 37 Z2: a photo-sized PNG of incompressible pixels written by stock zlib at its
    /// smallest memory level is about 281 000 stored blocks of 128 bytes, which build no Huffman
    /// tables: taken, not refused as "cut into too many deflate blocks".
    @Test func storedBlocksOfAPhotoSizedPNGDoNotCountAgainstTheBlockCap() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return }
        let tmp = try TempFolder()
        try tmp.prototype()
        let script = """
            import struct, zlib, sys, os
            w = h = 3000
            def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
            c = zlib.compressobj(6, zlib.DEFLATED, 15, 1)
            idat = b''.join(c.compress(b'\\0' + os.urandom(4 * w)) for _ in range(h)) + c.flush()
            png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0))
            png += b''.join(chunk(b'IDAT', idat[i:i + 65536]) for i in range(0, len(idat), 65536)) + chunk(b'IEND', b'')
            open(sys.argv[1], 'wb').write(png)
            """
        let made = try Sceneflow.run(
            ["-c", script, tmp.file("Proto/home.png")], executable: URL(fileURLWithPath: "/usr/bin/python3"))
        try #require(made.status == 0, "\(made)")
        let r = try Sceneflow.run(["check", "Proto"], in: tmp.url, timeout: 120)
        #expect(r.status == 0, "\(r)")
        #expect(!(r.stdout + r.stderr).contains("deflate blocks"), "\(r)")
    }

    @Test func aSmallCompressedChunkIsTaken() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        guard try Self.make(tmp, type: "zTXt", count: 2, size: 10_000) else { return }
        let r = try Sceneflow.run(["check", "Proto"], in: tmp.url)
        #expect(r.status == 0, "\(r)")
    }
}
