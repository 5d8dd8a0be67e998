import Foundation
import Testing

/// GIFs whose LZW data is damaged end in a message, never a crash. SDL_image 2.6.3's GIF
/// decoder (XPaint's) follows a code's prefix chain until it reaches a literal and checks only
/// for a code that is its own prefix: a chain that loops through two or more codes overflows
/// its pixel stack (SIGSEGV, Tests/BadInput/image-gif-lzw-cycle). Sceneflow decodes GIFs with
/// giflib, which bounds the chain. Runs the built binary, so a crash fails the test instead of
/// ending the test process.
@Suite struct GIFDamagedDataTests {
    /// A GIF89a of `width` x `height` px (a 2-colour global table) whose one frame has LZW
    /// minimum code size `codeSize` (2 to 8 bits) and the code stream `codes`, packed
    /// least-significant bit first with the code width a decoder uses: `codeSize + 1` bits,
    /// one more each time the next table entry reaches the current width (up to 12 bits).
    static func gif(width: Int = 10, height: Int = 10, codeSize: Int, codes: [Int]) -> [UInt8] {
        func le(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
        let clear = 1 << codeSize
        var nextEntry = clear + 2
        var bitsPerCode = codeSize + 1
        var packed: [UInt8] = []
        var accumulator = 0
        var filled = 0
        var afterClear = true  // the code after a clear code adds no table entry
        for code in codes {
            accumulator |= code << filled
            filled += bitsPerCode
            while filled >= 8 {
                packed.append(UInt8(accumulator & 255))
                accumulator >>= 8
                filled -= 8
            }
            if code == clear {
                nextEntry = clear + 2
                bitsPerCode = codeSize + 1
                afterClear = true
                continue
            }
            if afterClear {
                afterClear = false
                continue
            }
            nextEntry += 1
            if nextEntry >= 1 << bitsPerCode, bitsPerCode < 12 { bitsPerCode += 1 }
        }
        if filled > 0 { packed.append(UInt8(accumulator & 255)) }
        var blocks: [UInt8] = []
        for start in stride(from: 0, to: packed.count, by: 255) {
            let chunk = packed[start..<min(start + 255, packed.count)]
            blocks += [UInt8(chunk.count)] + chunk
        }
        let screen = Array("GIF89a".utf8) + le(width) + le(height) + [0x80, 0, 0, 0, 0, 0, 255, 255, 255]
        let frame = [0x2C] + le(0) + le(0) + le(width) + le(height) + [0, UInt8(codeSize)]
        return screen + frame + blocks + [0, 0x3B]
    }

    /// A code stream whose table entries `first`, `first + 1`, … `first + length - 1` (with
    /// `first` = clear + 3) each name the next as prefix and the last names the first: a prefix
    /// loop of `length` codes, then the code that makes a decoder follow it. Each link is made
    /// by sending a code before the table holds it (a decoder then takes it as the next
    /// entry's prefix).
    static func prefixLoop(codeSize: Int, length: Int) -> [Int] {
        let clear = 1 << codeSize
        let first = clear + 3
        let links = (0..<(length - 1)).map { first + 1 + $0 }
        return [clear, 0, first + 1] + links.dropFirst() + [first, 0, first, 0, 1]
    }

    @Test func prefixLoopsOfEveryLengthAndCodeSizeAreRefused() throws {
        let tmp = try TempFolder()
        let proto = tmp.file("proto")
        try FileManager.default.createDirectory(atPath: proto, withIntermediateDirectories: true)
        var scenes: [String] = []
        for codeSize in 2...8 {
            // Every code of the loop fits the frame's first code width.
            for length in [2, 3, 4, 7, 16] where (1 << codeSize) + 3 + length < 1 << (codeSize + 1) {
                let name = "loop_\(codeSize)_\(length)"
                let bytes = Self.gif(codeSize: codeSize, codes: Self.prefixLoop(codeSize: codeSize, length: length))
                try Data(bytes).write(to: URL(fileURLWithPath: "\(proto)/\(name).gif"))
                scenes.append(name)
            }
        }
        let lua =
            "return { device = { width = 10, height = 10, scale = 1 }, start = \"\(scenes[0])\", scenes = {\n"
            + scenes.map { "  \($0) = { image = \"\($0).gif\" },\n" }.joined() + "} }\n"
        try lua.write(toFile: "\(proto)/prototype.lua", atomically: true, encoding: .utf8)
        let checked = try Sceneflow.run(["check", proto], timeout: 120)
        #expect(checked.didNotCrash, "\(checked)")
        #expect(checked.status == 65, "\(checked)")
        for scene in scenes {
            #expect(
                checked.stderr.contains("image \"\(scene).gif\" is corrupt or truncated (GIF: "),
                "\(scene): \(checked.stderr)")
        }
        let rendered = try Sceneflow.run(["render", proto, "--scene", scenes[0], "--out", tmp.file("out.png")])
        #expect(rendered.didNotCrash && rendered.status == 65, "\(rendered)")
    }

    @Test func theStreamBuilderMakesGIFsThatDecode() throws {
        // The same builder with a plain stream (clear, then one colour index per pixel, end):
        // `check` accepts it, so the refusals above come from the prefix loops.
        let tmp = try TempFolder()
        let proto = tmp.file("proto")
        try FileManager.default.createDirectory(atPath: proto, withIntermediateDirectories: true)
        var scenes: [String] = []
        for codeSize in 2...8 {
            let clear = 1 << codeSize
            let codes = [clear] + (0..<100).map { $0 % 2 } + [clear + 1]
            try Data(Self.gif(codeSize: codeSize, codes: codes)).write(
                to: URL(fileURLWithPath: "\(proto)/plain_\(codeSize).gif"))
            scenes.append("plain_\(codeSize)")
        }
        let lua =
            "return { device = { width = 10, height = 10, scale = 1 }, start = \"\(scenes[0])\", scenes = {\n"
            + scenes.map { "  \($0) = { image = \"\($0).gif\" },\n" }.joined() + "} }\n"
        try lua.write(toFile: "\(proto)/prototype.lua", atomically: true, encoding: .utf8)
        let checked = try Sceneflow.run(["check", proto], timeout: 120)
        #expect(checked.status == 0, "\(checked)")
    }
}
