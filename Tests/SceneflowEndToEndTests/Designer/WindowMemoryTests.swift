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

    /// The peak resident megabytes `bench --memory --window` reports for `scenes` scenes.
    static func peakResident(scenes: Int, display: VirtualDisplay, tmp: TempFolder) throws -> Int {
        let r = try Sceneflow.run(
            ["bench", "--memory", "--window", "--scenes", "\(scenes)", "--texture-budget", "48"],
            environment: [
                "DISPLAY": display.name, "SDL_VIDEODRIVER": nil, "WAYLAND_DISPLAY": nil, "TMPDIR": tmp.path,
            ], timeout: 600)
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("\(2 * scenes - 1) scenes shown"), "every click landed: \(r)")
        let line = try #require(r.outputLines.first { $0.contains("peak resident ") })
        return try #require(
            line.range(of: "peak resident ").flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) }, "\(line)")
    }

    @Test func aLongerWalkWithinTheSameBudgetHoldsNoMoreMemory() throws {
        guard let display = VirtualDisplay.start() else { return }
        let tmp = try TempFolder()
        // Within a 48 MB texture budget, 6 and 24 scenes of 1080x2400 hold the same textures at
        // a time; the longer walk decodes, uploads and evicts 36 screenshots more (~10 MB each).
        // When freed buffers stayed in the heap, each one added its size to the peak.
        let short = try Self.peakResident(scenes: 6, display: display, tmp: tmp)
        let long = try Self.peakResident(scenes: 24, display: display, tmp: tmp)
        #expect(long <= short + 60, "6 scenes: \(short) MB, 24 scenes: \(long) MB")
    }
}
