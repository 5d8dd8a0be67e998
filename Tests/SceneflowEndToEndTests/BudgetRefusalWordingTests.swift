import Foundation
import Testing

/// A budget refusal is never called damage, and damage never a cost (red-team 40 M1: a
/// well-formed 13x7 px PNG with a 17 MiB text chunk was refused as "corrupt or truncated
/// (the file is … bytes, more than a 13x7 px PNG image can take …)"; 41 A1: 1.5 MiB after
/// its IEND chunk, the same).
@Suite struct BudgetRefusalWordingTests {
    @Test(arguments: ["a large text chunk", "data after IEND", "a wrong CRC"])
    func budgetsAndDamageEachSayWhatTheyAre(_ how: String) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return }
        let tmp = try TempFolder()
        try FileManager.default.createDirectory(atPath: tmp.file("P"), withIntermediateDirectories: true)
        let script = """
            import struct, zlib, sys
            def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
            w, h = 13, 7
            raw = b''.join(b'\\0' + bytes(3 * w) for _ in range(h))
            text = chunk(b'tEXt', b'k\\0' + b'x' * (17 << 20)) if sys.argv[2] == 'a large text chunk' else b''
            idat = chunk(b'IDAT', zlib.compress(raw))
            if sys.argv[2] == 'a wrong CRC': idat = idat[:-1] + bytes([idat[-1] ^ 1])
            png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 2, 0, 0, 0))
            tail = bytes(3 << 19) if sys.argv[2] == 'data after IEND' else b''
            open(sys.argv[1], 'wb').write(png + text + idat + chunk(b'IEND', b'') + tail)
            """
        guard try CodingCostTests.python(script, [tmp.file("P/home.png"), how]) else { return }
        try DecodeCostBudgetTests.prototype(tmp, image: "home.png")
        for r in try DecodeCostBudgetTests.checkAndRender(tmp) {
            let output = r.stdout + r.stderr
            #expect(r.status == 65, "\(how): \(r)")
            if how == "a wrong CRC" {
                #expect(output.contains("image \"home.png\" is corrupt or truncated (the PNG is damaged"), "\(r)")
                #expect(!output.contains("would cost too much"), "\(r)")
            } else if how == "data after IEND" {
                #expect(
                    output.contains("image \"home.png\" would cost too much to decode (the PNG ends at byte "), "\(r)")
                #expect(!output.contains("corrupt"), "\(r)")
            } else {
                #expect(output.contains("image \"home.png\" would cost too much to decode (the file is "), "\(r)")
                #expect(!output.contains("corrupt"), "\(r)")
            }
        }
    }
}
