import Foundation
import Testing

/// Issue 19 item 4: `bench --memory --window` walks `play`'s own loop under Xvfb with clicks
/// (SDL mouse events, hit-tested as a user's are) and counts textures as the renderer holds
/// them (twice under Mesa's llvmpipe), keeping that count within the texture budget; the
/// process gives back what evicted textures and decodes held.
@Suite(.serialized) struct WindowMemoryTests {
    @Test func theWindowWalkUsesThePlayLoopAndCountsTheRenderersCopies() throws {
        guard let display = VirtualDisplay.start() else { return }
        let tmp = try TempFolder()
        let r = try Sceneflow.run(
            ["bench", "--memory", "--window", "--scenes", "6", "--texture-budget", "48"],
            environment: [
                "DISPLAY": display.name, "SDL_VIDEODRIVER": nil, "WAYLAND_DISPLAY": nil, "TMPDIR": tmp.path,
            ], timeout: 300)
        #expect(r.status == 0, "\(r)")
        // Six scenes there and back: eleven shown, each tap's action through the play loop.
        #expect(r.stdout.contains("11 scenes shown"), "\(r)")
        let line = try #require(r.outputLines.first { $0.contains("textures peak") })
        let renderer = try #require(line.range(of: "; renderer ").map { String(line[$0.upperBound...]) })
        if renderer.hasPrefix("opengl") {
            #expect(renderer.contains("2 copies per texture counted"), "Xvfb's OpenGL is llvmpipe: \(line)")
        } else {
            #expect(renderer.contains("1 copy per texture counted"), "\(line)")
        }
        // The counted peak stays within the 48 MB budget (a 1080x2400 texture is ~10 MB, ~20 MB
        // counted twice), by evicting.
        let peak = try #require(
            line.range(of: "textures peak ").flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) })
        #expect(peak <= 48 + 20, "pinned textures may exceed the budget by one: \(line)")
        #expect(!line.contains(" 0 evictions"), "\(line)")
    }

    @Test func aWalkPastTheBudgetGivesBackWhatEvictedTexturesHeld() throws {
        guard let display = VirtualDisplay.start() else { return }
        let tmp = try TempFolder()
        // 30 scenes of 1080x2400 there and back with the default 256 MB budget: the budget
        // fills after ~12 scenes, then each new screen evicts one. When freed screenshot
        // buffers stayed in glibc's heap (its mmap threshold grew to their size), the peak
        // grew by ~10 MB per scene shown: 600 MB here, against ~280 MB now.
        let r = try Sceneflow.run(
            ["bench", "--memory", "--window", "--scenes", "30"],
            environment: [
                "DISPLAY": display.name, "SDL_VIDEODRIVER": nil, "WAYLAND_DISPLAY": nil, "TMPDIR": tmp.path,
            ], timeout: 600)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("59 scenes shown"), "every click landed: \(r)")
        let line = try #require(r.outputLines.first { $0.contains("peak resident ") })
        func megabytes(after label: String) -> Int? {
            line.range(of: label).flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) }
        }
        let resident = try #require(megabytes(after: "peak resident "), "\(line)")
        let textures = try #require(megabytes(after: "textures peak "), "\(line)")
        #expect(textures > 128, "the walk filled the budget: \(line)")
        #expect(resident <= 512, "the issue's goal: \(line)")
        #expect(resident <= textures + 200, "the textures, the libraries and little else: \(line)")
    }
}
