import Foundation
import Testing

/// Issue 19 item 4: `bench --memory --window` walks `play`'s own loop under Xvfb and counts
/// textures as the renderer holds them (twice under Mesa's llvmpipe), keeping that count
/// within the texture budget.
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
}
