import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// Drives a `ScriptRecorder` headless, in the order the window feeds it each 60 Hz frame
/// (`WindowPlayer.run`): the session steps to the frame's time, the frame's input is handled
/// at that time (pointer events, Escape, wheel turns), the frame is presented, the recorder
/// observes the session, then the Lua actions the frame triggered run (a failure goes to
/// `ScriptRecorder.actionFailed`, as `SessionRecording` does).
final class RecordingDriver {
    /// One thing a person does at the window, in screen points.
    enum Input {
        case down(Double, Double)
        case move(Double, Double)
        case up(Double, Double)
        /// Escape (or Backspace): back.
        case back
        /// The `O` key: turn the device.
        case turn
        /// The wheel turned by `down` points with the pointer at (`x`, `y`).
        case wheel(down: Double, x: Double, y: Double)
    }

    let loaded: LoadedPrototype
    let session: Session
    let recorder: ScriptRecorder
    /// Clock seconds of the frame being driven.
    private(set) var now = 0.0
    /// What the player printed for failed Lua actions.
    private(set) var actionErrors: [String] = []

    init(_ loaded: LoadedPrototype) {
        self.loaded = loaded
        session = Session(prototype: loaded.prototype)
        recorder = ScriptRecorder(start: loaded.prototype.start)
    }

    /// Runs one frame at `now + 1/60` with `inputs` as that frame's events.
    func frame(_ inputs: [Input] = []) {
        now += 1.0 / 60
        session.step(to: now)
        for input in inputs {
            switch input {
            case .down(let x, let y): session.handle(InputEvent(.down, Point(x: x, y: y), at: now))
            case .move(let x, let y): session.handle(InputEvent(.move, Point(x: x, y: y), at: now))
            case .up(let x, let y): session.handle(InputEvent(.up, Point(x: x, y: y), at: now))
            case .back: session.perform(.back, source: "key Escape")
            case .turn: _ = session.rotate(to: session.orientation.toggled)
            case .wheel(let down, let x, let y):
                // The window's rule (`Session.wheel`); headless the whole screen shows (fit).
                _ = session.wheel(down, at: Point(x: x, y: y), viewCropped: false)
            }
        }
        session.framePresented()
        recorder.observe(session)
        for call in session.takeScriptCalls() {
            if let problem = loaded.call(call, session: session) {
                actionErrors.append(problem.description)
                recorder.actionFailed(element: call.element, message: problem.description)
            }
        }
    }

    /// Runs frames with no input for `seconds`.
    func idle(_ seconds: Double) {
        let end = now + seconds
        while now < end - 1e-9 { frame() }
    }

    /// The finished script (the recorder's `finish` called), naming `prototypePath`.
    func script(prototypePath: String, name: String) -> String {
        recorder.finish(session)
        return recorder.script(prototypePath: prototypePath, name: name)
    }
}

/// A small deterministic random number generator (SplitMix64) for generated input.
struct SplitMix: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
