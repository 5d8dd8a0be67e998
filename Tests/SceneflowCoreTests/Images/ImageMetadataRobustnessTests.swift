import SceneflowCore
import Testing

/// The metadata readers added for issue 14.3 (EXIF in JPEG, PNG, WebP and TIFF; WebP, TIFF and
/// QOI sizes; format names) read only inside the bytes they are given: every prefix of a seed
/// and thousands of seeded random byte changes end in an answer, never a trap.
@Suite struct ImageMetadataRobustnessTests {
    typealias Seeds = ImageHeaderWorldFilesTests

    static var seeds: [[UInt8]] {
        [
            Seeds.jpeg(width: 1920, height: 1080, exif: Seeds.exif(6), components: 4),
            Seeds.png(width: 100, height: 60, exif: Seeds.exif(8, bigEndian: false)),
            Seeds.webp([
                ("VP8X", Seeds.vp8x(width: 100, height: 60, exif: true)), ("VP8 ", Seeds.vp8(width: 100, height: 60)),
                ("EXIF", Seeds.exif(5)),
            ]),
            Seeds.webp([("VP8L", Seeds.vp8l(width: 1170, height: 2532))]),
            Seeds.tiff(bigEndian: true, tags: [(256, 70000, true), (257, 3, false), (274, 7, false)]),
            Array("qoif".utf8) + Seeds.be32(9) + Seeds.be32(9) + [4, 0],
            [0, 0, 0, 0x1C] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("avifmif1miaf".utf8),
        ]
    }

    /// The readers on `bytes`: they answer, and a size they give is never negative. Returns
    /// the header reader's answer and the foreign format named, if any.
    @discardableResult
    static func readAll(_ bytes: [UInt8]) -> (ImageHeader, ForeignImageFormat?) {
        let header = ImageHeader.parse(bytes)
        _ = ImageEncoding(of: bytes)
        let foreign = ForeignImageFormat.identify(bytes)
        if case .size(let format, let width, let height) = header {
            #expect(width >= 0 && height >= 0, "\(format) read as \(width) x \(height) from \(bytes.count) bytes")
        }
        return (header, foreign)
    }

    @Test func everyPrefixOfEverySeedIsRead() {
        #expect(Self.readAll([]).0 == .unknown, "no bytes, no format")
        for seed in Self.seeds {
            for length in 0...seed.count { Self.readAll(Array(seed.prefix(length))) }
            // The whole seed is recognised: measured, or named as a format Sceneflow refuses.
            let (header, foreign) = Self.readAll(seed)
            #expect(header != .unknown || foreign != nil, "a whole seed of \(seed.count) bytes was not recognised")
        }
    }

    @Test func randomByteChangesAreRead() {
        var state: UInt64 = 0x5EED_F11E  // xorshift64: the same changes on every run
        func next() -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % 1_000_003)
        }
        for seed in Self.seeds {
            for _ in 0..<2000 {
                var bytes = seed
                for _ in 0..<(1 + next() % 4) {
                    let at = next() % bytes.count
                    bytes[at] = [0x00, 0xFF, 0x7F, 0x80, UInt8(next() % 256)][next() % 5]
                }
                Self.readAll(bytes)
            }
        }
    }
}
