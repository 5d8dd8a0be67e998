import Foundation
import SceneflowCore
import SceneflowLua

/// `sceneflow test`: runs Lua scripts headless on the virtual clock. Each test runs as a
/// coroutine resumed once per frame: resume the script, advance the clock one frame (1/60 s),
/// deliver due input, present the (virtual) frame, call triggered Lua actions, repeat.
/// Frames are rasterised only when `framesDirectory` asks for them.
public final class HeadlessTestRunner {
    /// Options for a run.
    public struct Options: Sendable {
        /// A prototype folder used for scripts that do not name one with `prototype "…"`.
        public var prototype: String?
        /// When set, the frames each script passes through are written here as PNG files,
        /// one sub-folder per script, with a `summary.txt`.
        public var framesDirectory: String?
        /// Creates options.
        public init(prototype: String? = nil, framesDirectory: String? = nil) {
            self.prototype = prototype
            self.framesDirectory = framesDirectory
        }
    }

    private let options: Options

    /// Creates a runner.
    public init(options: Options = Options()) { self.options = options }

    /// Runs every test of one script file; `onOutcome` is called as each test ends, so the
    /// console shows progress and nothing is lost if a later test hangs.
    public func run(script file: String, onOutcome: (TestOutcome) -> Void = { _ in }) -> ScriptFileResult {
        var result = ScriptFileResult(file: file, outcomes: [], loadProblems: [])
        let runtime: ScriptRuntime
        do {
            runtime = try ScriptRuntime(scriptPath: file)
        } catch {
            result.loadProblems = error.diagnostics
            return result
        }
        guard let directory = prototypeDirectory(for: runtime, script: file) else {
            result.loadProblems = [
                Diagnostic(
                    file: file,
                    message:
                        "the script names no prototype: add `prototype \"path/to/Prototype\"` at the top (relative to the script) or pass --prototype DIR"
                )
            ]
            return result
        }
        let prototype: Prototype
        do {
            prototype = try runtime.loadPrototype(directory: directory)
        } catch {
            result.loadProblems = error.diagnostics
            return result
        }
        let imageProblems = PrototypeOpener.imageProblems(
            prototype, file: prototypeFilePath(in: directory), check: .header)
        if !imageProblems.isEmpty {
            result.loadProblems = imageProblems
            return result
        }
        var recorder: FrameRecorder?
        if let framesDirectory = options.framesDirectory {
            let parent = ((file as NSString).deletingLastPathComponent as NSString).lastPathComponent
            let base = ((file as NSString).lastPathComponent as NSString).deletingPathExtension
            let name = parent.isEmpty || parent == "." ? base : "\(parent)-\(base)"
            let folder = (framesDirectory as NSString).appendingPathComponent(name)
            do {
                recorder = try FrameRecorder(directory: folder, prototype: prototype)
            } catch {
                result.loadProblems = [Diagnostic(file: folder, message: "cannot write frames: \(error)")]
                return result
            }
        }
        let session = Session(prototype: prototype)
        let clock = VirtualClock()
        runtime.bind(session)
        for (index, test) in runtime.tests.enumerated() {
            let outcome = runTest(
                index, test.name, file: file, runtime: runtime, session: session, clock: clock, recorder: recorder)
            result.outcomes.append(outcome)
            onOutcome(outcome)
        }
        result.timeline = TimelineExport.run(name: file, session: session, clock: .virtual)
        if let recorder { writeSummary(recorder, result: result, prototype: prototype) }
        return result
    }

    private func runTest(
        _ index: Int, _ name: String, file: String, runtime: ScriptRuntime, session: Session, clock: VirtualClock,
        recorder: FrameRecorder?
    ) -> TestOutcome {
        session.reset()
        recorder?.beginTest(name)
        let started = clock.now
        var frames = 0
        runtime.start(test: index)
        var outcome = TestOutcome(name: name, file: file, status: .passed, clockSeconds: 0, frames: 0)
        loop: while true {
            if let recorder {
                do { try recorder.observe(session) } catch {
                    outcome.status = .failed(Diagnostic(file: file, message: "could not write a frame: \(error)"))
                    break loop
                }
            }
            switch runtime.resume() {
            case .passed: break loop
            case .failed(let diagnostic):
                outcome.status = .failed(diagnostic)
                break loop
            case .waiting:
                clock.advanceFrame()
                frames += 1
                session.step(to: clock.now)
                session.framePresented()
                for call in session.takeScriptCalls() {
                    if let problem = runtime.call(call, session: session) {
                        outcome.status = .failed(problem)
                        break loop
                    }
                }
            }
        }
        outcome.clockSeconds = clock.now - started
        outcome.frames = frames
        return outcome
    }

    private func prototypeDirectory(for runtime: ScriptRuntime, script: String) -> String? {
        if let named = runtime.prototypePath { return (named as NSString).standardizingPath }
        return options.prototype
    }

    private func writeSummary(_ recorder: FrameRecorder, result: ScriptFileResult, prototype: Prototype) {
        var text = "Sceneflow headless run of \(result.file)\nprototype: \(prototype.name) (\(prototype.directory))\n"
        text +=
            "device: \(formatNumber(prototype.device.width))x\(formatNumber(prototype.device.height)) pt at scale \(formatNumber(prototype.device.scale, decimals: 4)) = \(prototype.device.pixelWidth)x\(prototype.device.pixelHeight) px\n\n"
        for outcome in result.outcomes {
            switch outcome.status {
            case .passed:
                text +=
                    "PASS  \(outcome.name)  (\(formatNumber(outcome.clockSeconds, decimals: 2)) s clock, \(outcome.frames) frames)\n"
            case .failed(let d): text += "FAIL  \(outcome.name)\n      \(d)\n"
            }
        }
        text += "\nframes written:\n"
        for (file, what) in recorder.written { text += "  \(file)  \(what)\n" }
        let path = (recorder.directory as NSString).appendingPathComponent("summary.txt")
        try? AtomicFile.write(text, to: path)
    }
}
