import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow record PROTOTYPE --out SCRIPT.lua`: click through in the window; get a script.
struct RecordCommand: Subcommand {
    static let name = "record"
    static let abstract = "Open the window and write what you do as a Lua test script (by label)."
    static let discussion = """
        Taps, double taps, long presses, swipes, Escape (back) and taps outside an overlay are
        written by accessibility label, with expect.scene after each navigation; scrolling
        (wheel or drag) as one scroll("down", points) per burst; a star rating committed by a
        drag, a tap or Return as rate("Label", value). The script runs green with
        `sceneflow test SCRIPT`. The file is rewritten after each step, so closing the window
        (or Q) leaves the finished script. SIGINT / SIGTERM also close the window and write
        the script, then exit 130 / 143. Needs a display (exit 70).
        """
    static let arguments = [
        ArgumentSpec(
            name: "PROTOTYPE", help: "A prototype folder (holding prototype.lua).", repeating: false, optional: false)
    ]
    static let options = [
        OptionSpec(
            name: "--out", valueName: "SCRIPT", help: "The Lua script to write, ending in .lua (required).",
            output: .growingFile),
        OptionSpec(name: "--no-hints", valueName: nil, help: "No hotspot hints when a click hits no element."),
        OptionSpec(
            name: "--force", valueName: nil,
            help: "Replace an existing script (never the prototype's prototype.lua or images)."),
        helpOption,
    ]

    let folder: String
    let out: String
    let hints: Bool
    let force: Bool

    init(_ parsed: ParsedArguments) throws(UsageError) {
        force = parsed.flag("--force")
        folder = parsed.positionals[0]
        guard let out = parsed.value("--out") else { throw UsageError(message: "missing --out SCRIPT.lua") }
        self.out = out
        hints = !parsed.flag("--no-hints")
    }

    func validate() throws(UsageError) {
        var isDirectory: ObjCBool = false
        let shown = OutputPath.shown(out)
        if PathText.lastComponent(of: out) == "prototype.lua" {
            throw UsageError(message: "--out \(shown): a recording is a test script; it never replaces a prototype.lua")
        }
        if PathText.pathExtension(of: out).lowercased() != "lua"
            && !(FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) && isDirectory.boolValue)
        {
            throw UsageError(
                message: "--out \(shown): a recording is a Lua test script; give a file name ending in .lua")
        }
        if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw UsageError(message: "--out \(shown) is a folder; give a .lua file name") }
            if !force {
                throw UsageError(
                    message: "--out \(shown) already exists; choose another name or pass --force to replace it")
            }
        }
        try OutputPath.checkWritableFile("--out", out)  // its folder exists and is writable
    }

    func run() -> ExitCode {
        // SIGINT / SIGTERM close the window like Q (also when started in the background, where
        // SIGINT comes ignored): the script is written, then the exit is 130 / 143 as for `play`.
        // A stop the loop cannot see (the prototype opening, a decode, a silent X server) ends
        // the process about a second later (`DisplayStopWatch`).
        let interruption = Interruption.install()
        let watch = DisplayStopWatch.start(command: "record")
        defer { watch?.loopEnded() }
        let loaded: LoadedPrototypeHandle
        switch openOrStop(folder, command: "record", interruption: interruption) {
        case .opened(let opened): loaded = opened
        case .ended(let status, _): return status
        }
        do {
            try OutputPath.checkNotAnInput("--out", out, inputs: Self.inputs(of: loaded.prototype))
        } catch {
            printError("sceneflow record: \(error)")
            return .usage
        }
        let env = ProcessInfo.processInfo.environment
        if (env["DISPLAY"] ?? "").isEmpty && (env["WAYLAND_DISPLAY"] ?? "").isEmpty && env["SDL_VIDEODRIVER"] == nil {
            printError("sceneflow record: no display (DISPLAY is not set); recording needs the window")
            return .software
        }
        ConsoleRelay.install()  // a stalled reader of the console never holds the recording
        let player = WindowPlayer(
            loaded,
            log: {
                print(TerminalText.escaped($0, keepTabs: false))
                flushOutput()
            })
        player.hints = hints
        print(
            "recording \(TerminalText.oneLine(loaded.prototype.name)) into \(OutputPath.shown(out)): click through, then close the window or press Q"
        )
        flushOutput()
        // A stop signal while the X server does not answer: the script, written after every
        // recorded step, stays as it is on disk, and the process ends (red-team 11 R3).
        let shown = OutputPath.shown(out)
        watch?.setBeforeExit {
            StuckLua.writeError("sceneflow record: the script recorded up to the last step is in \(shown)")
        }
        watch?.windowOpening()
        // An action stuck inside one library call ends the process from the watchdog thread:
        // the script on disk is whole up to the last step, and the message says where.
        StuckLua.beforeExit = {
            StuckLua.writeError("sceneflow record: the script recorded up to the last step is in \(shown)")
        }
        StuckLua.windowCommand = "sceneflow record"
        defer { (StuckLua.beforeExit, StuckLua.windowCommand) = (nil, nil) }
        do {
            try SessionRecording.record(player, prototype: loaded.prototype, output: out) {
                interruption.signal != nil
            }
        } catch let lost as SessionRecording.NotWritten {
            // Nothing recorded is lost (red-team finding p11: a removed folder lost every click):
            // the script goes to the temporary folder, and to standard error in any case.
            let spare = NSTemporaryDirectory() + "sceneflow-record-\(getpid()).lua"
            let saved = (try? AtomicFile.write(lost.script, to: spare)) != nil
            printError(
                "sceneflow record: \(lost.reason); the recorded script is \(saved ? "saved as \(OutputPath.shown(spare)) and " : "")below"
            )
            printError(lost.script)
            return .software
        } catch {
            printError("sceneflow record: \(error)")
            return .software
        }
        print("wrote \(OutputPath.shown(out)); run it with: sceneflow test \(shellQuoted(out))")
        if let signal = interruption.signal { return ExitCode(stoppedBy: signal) }
        return .success
    }

    /// The files `prototype` is made of, which `--out` never replaces (not even with --force):
    /// its `prototype.lua` and every image it references.
    static func inputs(of prototype: Prototype) -> [OutputPath.Input] {
        [OutputPath.Input(file: prototypeFilePath(in: prototype.directory), role: "the prototype's prototype.lua")]
            + prototype.imageReferences.map { reference in
                OutputPath.Input(
                    file: (prototype.directory as NSString).appendingPathComponent(reference.image),
                    role: "the image of \(reference.path)")
            }
    }
}
