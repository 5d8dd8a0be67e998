import Foundation
import Testing

/// Red-team 10 R4: a valid 100x200 PNG whose IDAT stream inflates to 3 GiB more than its
/// pixels need (a 3 MB file) passed `check`, and every decode inflated all of it (`render`
/// 7 s, `play` 8.7 s, every `expect.screenshot` stopped by the watchdog). The structure check
/// inflates at most a little past what IHDR asks for and refuses such a file with its path
/// (exit 65), before any decoder sees it (the PNG form of red team 9's JPEG scan bomb).
@Suite struct PNGInflateLimitTests {
    /// Writes `P/a.png` (100x200 RGB) whose pixel data is followed by `extra` MiB of zeros in
    /// the same zlib stream, and a prototype showing it; false without python3.
    static func bomb(_ tmp: TempFolder, extraMiB: Int) throws -> Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return false }
        try tmp.write(
            "P/prototype.lua",
            "return { name = \"B\", device = { width = 100, height = 200, scale = 1 }, start = \"home\", scenes = { home = { image = \"a.png\", elements = {} } } }\n"
        )
        let script = """
            import struct, sys, zlib
            def chunk(t, b): return struct.pack('>I', len(b)) + t + b + struct.pack('>I', zlib.crc32(t + b) & 0xffffffff)
            c = zlib.compressobj(9)
            data = c.compress((b'\\x00' + b'\\x80' * 300) * 200)
            zeros = b'\\x00' * (1 << 20)
            for _ in range(\(extraMiB)): data += c.compress(zeros)
            data += c.flush()
            ihdr = struct.pack('>IIBBBBB', 100, 200, 8, 2, 0, 0, 0)
            open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', data) + chunk(b'IEND', b''))
            """
        let made = try Sceneflow.run(
            ["-c", script, tmp.file("P/a.png")], executable: URL(fileURLWithPath: "/usr/bin/python3"))
        return made.status == 0
    }

    @Test func aPNGThatInflatesFarPastItsSizeIsRefused() throws {
        let tmp = try TempFolder()
        guard try Self.bomb(tmp, extraMiB: 512) else { return }
        for arguments in [["check", "P"], ["render", "P", "--scene", "home", "--out", "h.png"]] {
            let r = try Sceneflow.run(arguments, in: tmp.url, timeout: 120)
            #expect(r.status == 65, "\(arguments): \(r)")
            #expect(
                (r.stdout + r.stderr).contains(
                    "image \"a.png\" would cost too much to decode (the PNG's pixel data inflates to more than its size (100x200 px) needs"
                ),
                "\(r)")
        }
    }

    @Test func aPNGWithItsOwnPixelDataIsTaken() throws {
        let tmp = try TempFolder()
        guard try Self.bomb(tmp, extraMiB: 0) else { return }
        let r = try Sceneflow.run(["check", "P"], in: tmp.url)
        #expect(r.status == 0, "\(r)")
    }
}
