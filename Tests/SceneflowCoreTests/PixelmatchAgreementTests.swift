import Foundation
import Testing

@testable import SceneflowCore

/// Sceneflow's tolerant comparison counts the same mismatching pixels as the reference
/// pixelmatch (PyPI `pixelmatch`, installed by Scripts/setup.sh) on generated pairs:
/// gradients, shifted text-like edges, noise, anti-aliased shapes and translucent pixels.
@Suite struct PixelmatchAgreementTests {
    @Test func countsAgreeWithTheReferenceImplementation() throws {
        let pairs = ImagePairs.all()
        let folder = NSTemporaryDirectory() + "sceneflow-pixelmatch-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var lines: [String] = []
        var ours: [Int] = []
        var labels: [String] = []
        for (index, pair) in pairs.enumerated() {
            let a = "\(folder)/\(index)a.rgba"
            let b = "\(folder)/\(index)b.rgba"
            try Data(pair.a.pixels).write(to: URL(fileURLWithPath: a))
            try Data(pair.b.pixels).write(to: URL(fileURLWithPath: b))
            for threshold in [0.0, 0.05, 0.1, 0.3] {
                for includeAA in [false, true] {
                    lines.append("\(a) \(b) \(pair.a.width) \(pair.a.height) \(threshold) \(includeAA ? 1 : 0)")
                    ours.append(
                        Pixelmatch.count(pair.a, pair.b, threshold: threshold, includeAntialiasing: includeAA)
                            .differentPixels)
                    labels.append("\(pair.name) threshold \(threshold) includeAA \(includeAA)")
                }
            }
        }
        try (lines.joined(separator: "\n") + "\n").write(
            toFile: folder + "/cases.txt", atomically: true, encoding: .utf8)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/pixelmatch_counts.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, folder + "/cases.txt"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 3 || process.terminationStatus == 127 {
            print("SKIPPED pixelmatch agreement: the reference is not installed (pip install pixelmatch)")
            return
        }
        #expect(
            process.terminationStatus == 0,
            "\(String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))")
        let reference = String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        try #require(reference.count == ours.count)
        for (index, label) in labels.enumerated() {
            #expect(
                ours[index] == reference[index], "\(label): Sceneflow \(ours[index]), pixelmatch \(reference[index])")
        }
        #expect(reference.contains { $0 > 0 } && reference.contains(0), "the pairs exercise both outcomes")
    }
}

/// Deterministic image pairs for comparison tests.
enum ImagePairs {
    struct Pair {
        let name: String
        let a: RGBAImage
        let b: RGBAImage
    }

    /// A tiny deterministic generator (xorshift), so pairs are the same on every machine.
    struct Random {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static func image(_ w: Int, _ h: Int, _ f: (Int, Int) -> (Int, Int, Int, Int)) -> RGBAImage {
        var bytes = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let (r, g, b, a) = f(x, y)
                let i = (y * w + x) * 4
                bytes[i] = UInt8(clamping: r)
                bytes[i + 1] = UInt8(clamping: g)
                bytes[i + 2] = UInt8(clamping: b)
                bytes[i + 3] = UInt8(clamping: a)
            }
        }
        return RGBAImage(width: w, height: h, pixels: bytes)
    }

    /// Coverage of a disc of radius `r` centred at (cx, cy) over pixel (x, y), 4x4 supersampled.
    static func disc(_ x: Int, _ y: Int, _ cx: Double, _ cy: Double, _ r: Double) -> Double {
        var inside = 0
        for sy in 0..<4 {
            for sx in 0..<4 {
                let px = Double(x) + (Double(sx) + 0.5) / 4
                let py = Double(y) + (Double(sy) + 0.5) / 4
                if (px - cx) * (px - cx) + (py - cy) * (py - cy) <= r * r { inside += 1 }
            }
        }
        return Double(inside) / 16
    }

    /// Text-like strokes: vertical and horizontal bars with anti-aliased (fractional) edges.
    static func strokes(_ w: Int, _ h: Int, shift: Double) -> RGBAImage {
        image(w, h) { x, y in
            var coverage = 0.0
            for bar in stride(from: 6.0, to: Double(w) - 6, by: 11) {
                let left = bar + shift
                let right = left + 3.4
                let c = max(0, min(1, min(Double(x) + 1, right) - max(Double(x), left)))
                if y > 8 && y < h - 8 { coverage = max(coverage, c) }
            }
            if y == h / 2 { coverage = max(coverage, 0.6) }
            let v = Int(255 - 230 * coverage)
            return (v, v, v, 255)
        }
    }

    static func all() -> [Pair] {
        var rng = Random(state: 0x9E37_79B9_7F4A_7C15)
        let gradient = image(64, 48) { x, y in (x * 4, y * 5, 128, 255) }
        let brighter = image(64, 48) { x, y in (x * 4 + 3, y * 5 + 6, 128 + (x + y) % 9, 255) }
        let noiseA = image(48, 48) { x, y in ((x * 7 + y * 3) % 256, (x * 11) % 256, (y * 13) % 256, 255) }
        var noiseB = noiseA
        for _ in 0..<300 {
            let p = rng.int(48 * 48) * 4 + rng.int(3)
            noiseB.pixels[p] = UInt8(clamping: Int(noiseB.pixels[p]) + rng.int(60) - 30)
        }
        let circleA = image(60, 60) { x, y in
            let c = disc(x, y, 30, 30, 18)
            return (Int(255 - 200 * c), Int(255 - 120 * c), Int(255 - 40 * c), 255)
        }
        let circleB = image(60, 60) { x, y in
            let c = disc(x, y, 30.6, 29.7, 18.3)
            return (Int(255 - 200 * c), Int(255 - 120 * c), Int(255 - 40 * c), 255)
        }
        let translucentA = image(40, 40) { x, y in (200, 30, 30, (x * 6 + y) % 256) }
        let translucentB = image(40, 40) { x, y in (190, 40, 30, (x * 6 + y + (x % 3)) % 256) }
        return [
            Pair(name: "gradient vs brighter gradient", a: gradient, b: brighter),
            Pair(
                name: "text-like strokes shifted 0.5 px", a: strokes(80, 40, shift: 0), b: strokes(80, 40, shift: 0.5)),
            Pair(name: "text-like strokes shifted 1 px", a: strokes(80, 40, shift: 0), b: strokes(80, 40, shift: 1)),
            Pair(name: "noise", a: noiseA, b: noiseB),
            Pair(name: "anti-aliased discs", a: circleA, b: circleB),
            Pair(name: "translucent pixels", a: translucentA, b: translucentB),
            Pair(name: "identical", a: gradient, b: gradient),
        ]
    }
}
