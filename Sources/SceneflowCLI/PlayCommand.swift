import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow play PROTOTYPE`: click through the prototype in a window.
struct PlayCommand: Subcommand {
    static let name = "play"
    static let abstract = "Open the prototype in a window: click = tap, drag = swipe, Escape/Backspace = back."
    static let discussion = """
        Needs a display (X11 or Wayland). Q or closing the window quits. Navigation and
        ignored input are logged to standard output.
        """
    static let arguments = [
        ArgumentSpec(
            name: "PROTOTYPE", help: "A prototype folder (holding prototype.lua).", repeating: false, optional: false)
    ]
    static let options = [
        OptionSpec(
            name: "--quit-after", valueName: "SECONDS",
            help: "Close the window after this many seconds (for demos and smoke tests)."),
        OptionSpec(
            name: "--texture-budget", valueName: "MB",
            help: "Memory for decoded scenes (default 256); least recently shown scenes are dropped first."),
        helpOption,
    ]

    let folder: String
    let quitAfter: Double?
    let textureBudget: Int

    init(_ parsed: ParsedArguments) throws(UsageError) {
        folder = parsed.positionals[0]
        textureBudget = try textureBudgetBytes(parsed)
        if let text = parsed.value("--quit-after") {
            guard let seconds = Double(text), seconds > 0 else {
                throw UsageError(message: "--quit-after needs a positive number of seconds, not \"\(text)\"")
            }
            quitAfter = seconds
        } else {
            quitAfter = nil
        }
    }

    func run() -> ExitCode {
        guard let loaded = openOrReport(folder) else { return .badInput }
        let env = ProcessInfo.processInfo.environment
        if (env["DISPLAY"] ?? "").isEmpty
            && (env["WAYLAND_DISPLAY"] ?? "").isEmpty
            && ProcessInfo.processInfo.environment["SDL_VIDEODRIVER"] == nil
        {
            printError(
                "sceneflow play: no display (DISPLAY is not set). Run the prototype headless instead:\n  sceneflow test Scripts/… --frames out/   (writes the frames as PNG files)"
            )
            return .software
        }
        let player = WindowPlayer(
            loaded,
            log: { line in
                print(line)
                flushOutput()
            })
        player.quitAfter = quitAfter
        player.textureBudget = textureBudget
        print("playing \(loaded.prototype.name) (\(folder)): click = tap, drag = swipe, Escape = back, Q = quit")
        flushOutput()
        do {
            try player.run()
        } catch {
            printError("sceneflow play: \(error)")
            return error is DiagnosticList ? .badInput : .software
        }
        return .success
    }
}
