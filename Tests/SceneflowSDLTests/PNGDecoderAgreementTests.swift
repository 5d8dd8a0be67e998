import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// libpng through Sceneflow's shim (`PictureDecoding.decodePNG`) and SDL_image give the same
/// RGBA pixels for every PNG colour type, bit depth, transparency chunk, gamma chunk and
/// interlacing, so PNGs are decoded by the shim, the decoder that checks them, without moving
/// a baseline by one level: but for 16-bit samples (SDL_image truncates them; rounded as
/// before), and palettes and tRNS chunks (the two differ on some; left to SDL_image as
/// before).
struct PNGDecoderAgreementTests {
    static let generator = """
        import struct, zlib, sys, random, os
        out = sys.argv[1]
        random.seed(11)
        def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
        def pack(samples, depth):
            if depth == 8: return bytes(samples)
            if depth == 16: return b''.join(struct.pack('>H', s) for s in samples)
            bits = ''.join(format(s, '0%db' % depth) for s in samples)
            bits += '0' * (-len(bits) % 8)
            return bytes(int(bits[i:i + 8], 2) for i in range(0, len(bits), 8))
        PASSES = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        def write(name, w, h, depth, ctype, pixel, extra=b'', interlace=0):
            rows = b''
            if interlace:
                for x0, y0, dx, dy in PASSES:
                    for y in range(y0, h, dy):
                        xs = list(range(x0, w, dx))
                        if xs: rows += b'\\0' + pack([s for x in xs for s in pixel(x, y)], depth)
            else:
                for y in range(h): rows += b'\\0' + pack([s for x in range(w) for s in pixel(x, y)], depth)
            png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, depth, ctype, 0, 0, interlace))
            png += extra + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b'')
            open(os.path.join(out, name + '.png'), 'wb').write(png)
        W, H = 13, 11
        noise = {}
        def r(x, y, k, top): return random.Random(x * 7919 + y * 104729 + k).randrange(top + 1)
        for il in (0, 1):
            for d in (1, 2, 4, 8, 16):
                top = (1 << d) - 1
                write(f'grey{d}-i{il}', W, H, d, 0, lambda x, y: [r(x, y, 0, top)], interlace=il)
                trns = chunk(b'tRNS', struct.pack('>H', r(1, 1, 0, top)))
                write(f'grey{d}-trns-i{il}', W, H, d, 0, lambda x, y: [r(x, y, 0, top)], trns, il)
            for d in (1, 2, 4, 8):
                n = 1 << d
                plte = chunk(b'PLTE', bytes(random.randrange(256) for _ in range(3 * n)))
                write(f'pal{d}-i{il}', W, H, d, 3, lambda x, y: [r(x, y, 1, n - 1)], plte, il)
                alphas = chunk(b'tRNS', bytes(random.choice([0, 255, random.randrange(256)]) for _ in range(max(1, n // 2))))
                write(f'pal{d}-trns-i{il}', W, H, d, 3, lambda x, y: [r(x, y, 1, n - 1)], plte + alphas, il)
            for d in (8, 16):
                top = (1 << d) - 1
                write(f'rgb{d}-i{il}', W, H, d, 2, lambda x, y: [r(x, y, k, top) for k in range(3)], interlace=il)
                key = chunk(b'tRNS', struct.pack('>HHH', *[r(2, 3, k, top) for k in range(3)]))
                write(f'rgb{d}-trns-i{il}', W, H, d, 2, lambda x, y: [r(x % 3, y % 4, k, top) for k in range(3)], key, il)
                write(f'ga{d}-i{il}', W, H, d, 4, lambda x, y: [r(x, y, k, top) for k in range(2)], interlace=il)
                write(f'rgba{d}-i{il}', W, H, d, 6, lambda x, y: [r(x, y, k, top) for k in range(4)], interlace=il)
            for g, name in ((100000, 'linear'), (45455, 'srgb'), (22727, 'dark')):
                write(f'gama-{name}-i{il}', W, H, 8, 6, lambda x, y: [r(x, y, k, 255) for k in range(4)],
                      chunk(b'gAMA', struct.pack('>I', g)), il)
            write(f'srgb-i{il}', W, H, 8, 2, lambda x, y: [r(x, y, k, 255) for k in range(3)],
                  chunk(b'sRGB', b'\\0'), il)
            key = [r(0, 0, k, 255) for k in range(3)]
            write(f'rgbkeyfirst-trns-i{il}', W, H, 8, 2, lambda x, y: key if (x + y) % 2 else [r(x, y, k, 255) for k in range(3)],
                  chunk(b'tRNS', struct.pack('>HHH', *key)) + chunk(b'PLTE', bytes(range(12))), il)
            write(f'palshort-i{il}', W, H, 8, 3, lambda x, y: [r(x, y, 1, 255)],
                  chunk(b'PLTE', bytes(random.randrange(256) for _ in range(3 * 4))), il)
        """

    @Test func everyKindOfPNGIsDrawnWithThePixelsItHadBefore() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { return }
        let tmp = try TempFolder()
        defer { tmp.remove() }
        let made = Process()
        made.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        made.arguments = ["-c", Self.generator, tmp.path]
        try made.run()
        made.waitUntilExit()
        try #require(made.terminationStatus == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: tmp.path).filter { $0.hasSuffix(".png") }
            .sorted()
        #expect(names.count == 64)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: tmp.file(name))))
            let byLibpng = try PictureDecoding.decodePNG(bytes, width: 13, height: 11, path: name).pixels
            let bySDL = try bytes.withUnsafeBytes { try SDLSurface(decoding: $0, path: name) }.rgbaImage().pixels
            let loaded = try PictureLoader().load(path: tmp.file(name)).rgbaImage().pixels
            if name.contains("16-") {
                // SDL_image truncates 16-bit samples; libpng rounds them, as drawn.
                #expect(loaded == byLibpng && byLibpng != bySDL, "\(name)")
            } else if name.contains("-trns") {
                // A tRNS chunk: SDL_image's pixels, drawn as before (a grey key and an RGB key
                // before a suggested palette differ in libpng: red-team 41 T1).
                #expect(loaded == bySDL, "\(name)")
                if name.hasPrefix("grey") || name.hasPrefix("rgbkeyfirst") { #expect(byLibpng != bySDL, "\(name)") }
            } else if name.hasPrefix("pal") {
                // Palettes stay SDL_image's: an index past the palette's end differs (red-team
                // 40 P1: transparent there, opaque black in libpng).
                #expect(loaded == bySDL, "\(name)")
                if name.hasPrefix("palshort") { #expect(byLibpng != bySDL, "\(name)") }
            } else {
                #expect(byLibpng == bySDL && loaded == byLibpng, "\(name)")
            }
        }
    }
}
