import Foundation
import SceneflowCore
import Testing

@testable import SceneflowRunner

/// Issue 19 item 3: a window with nothing moving presents no frames and wakes only a few
/// times a second, while transitions, timed actions and requested actions still draw every
/// frame. In this process with SDL's dummy video driver (counts, not timings).
@Suite(.serialized) struct IdleWindowTests {
    init() {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
    }

    static func player(_ tmp: TempFolder, scenes: String? = nil) throws -> WindowPlayer {
        let folder = try tmp.prototype(scenes: scenes)
        let loaded = try PrototypeOpener.open(folder)
        let player = WindowPlayer(loaded, log: { _ in })
        player.windowSize = (36, 80)
        return player
    }

    @Test func anIdleWindowPresentsOnlyItsFirstFrame() throws {
        let tmp = try TempFolder()
        let player = try Self.player(tmp)
        player.quitAfter = 1.5
        var passes = 0
        var times: [Double] = []
        player.onFrame = { session in
            passes += 1
            times.append(session.now)
        }
        try player.run()
        #expect(player.framesPresented <= 2, "\(player.framesPresented) frames presented while idle")
        // Woken by the window's first events, then every `idleWakeInterval` (0.25 s): not 20
        // or 60 times a second.
        #expect(passes <= 20, "\(passes) passes at \(times)")
    }

    /// A requested push transition draws a frame per pass until it settles, then drawing stops.
    @Test func aTransitionDrawsEveryFrameThenTheWindowSleeps() throws {
        let tmp = try TempFolder()
        let player = try Self.player(tmp)
        player.quitAfter = 2.0
        var asked = false
        var framesAtSettle: Int?
        var transitionFrames = 0
        player.onFrame = { [unowned player] session in
            if !asked && session.now > 0.3 {
                asked = true
                player.request(
                    .go(scene: "detail", transition: Transition(kind: .pushLeft, duration: 0.35, curve: .easeInOut)),
                    source: "test")
            } else if asked && session.isSettled && framesAtSettle == nil && session.currentScene == "detail" {
                framesAtSettle = player.framesPresented
                transitionFrames = session.timeline.transitions.last?.frameCount ?? 0
            }
        }
        try player.run()
        let settled = try #require(framesAtSettle)
        #expect(transitionFrames >= 3, "\(transitionFrames) transition frames")
        #expect(player.framesPresented - settled <= 1, "\(player.framesPresented - settled) frames after settling")
    }

    /// A splash's timed action fires on time though nothing else wakes the window.
    @Test func aTimedActionStillFires() throws {
        let tmp = try TempFolder()
        let scenes = """
                home = { image = "home.png", after = 0.4, on_after = go("detail", "crossfade", 0.2) },
                detail = { image = "detail.png", elements = {} },
            """
        let player = try Self.player(tmp, scenes: scenes)
        player.quitAfter = 1.5
        var firedAt: Double?
        var framesAtSettle: Int?
        player.onFrame = { [unowned player] session in
            if firedAt == nil && session.currentScene == "detail" { firedAt = session.now }
            if firedAt != nil && session.isSettled && framesAtSettle == nil { framesAtSettle = player.framesPresented }
        }
        try player.run()
        let fired = try #require(firedAt)
        #expect(fired >= 0.4 && fired < 1.0, "fired at \(fired) s")
        let settled = try #require(framesAtSettle)
        #expect(player.framesPresented - settled <= 1, "\(player.framesPresented - settled) frames after settling")
    }
}
