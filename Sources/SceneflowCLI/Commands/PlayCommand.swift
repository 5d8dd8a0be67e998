import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow play PROTOTYPE`: click through the prototype in a window.
struct PlayCommand: Subcommand {
    static let name = "play"
    static let abstract = "Open the prototype in a window: click = tap, drag = swipe, Escape/Backspace = back."
    static let discussion = """
        Needs a display (X11 or Wayland). Q or closing the window quits. Navigation and
        ignored input are logged to standard output. T toggles a heads-up display with the
        last transition's measured duration, frames and hitches; S toggles slow animations
        (×10; the timeline keeps true times and marks those transitions). --timeline and
        --csv are written atomically when the window closes (Q, closing it, --quit-after, or
        SIGINT/SIGTERM, which exit 130/143; also when the display is lost: the X server stops
        or another client closes the window, exit 70) and hold the whole session, each hot
        reload marked;
        read them with `sceneflow timing`. Designer keys:
        H shows every element with its label, 1 / 2 / 0 zoom to 1:1 pixels / 50 % / fit, O
        turns the device, ? lists the keys. E toggles edit mode: the screen's text (read with
        Tesseract in the background) as dashed boxes; click one or drag a box to make a
        hotspot, click a scene in the strip to link it; each change is written to
        prototype.lua as `sceneflow hotspot` writes it, and Ctrl+Z undoes it. A click that hits nothing flashes every element
        (hotspot hints). prototype.lua and the images are watched: a change reloads within a
        second, keeping the scene and history; a broken edit is shown in the window and the
        last good prototype stays.
        """
    static let arguments = [
        ArgumentSpec(
            name: "PROTOTYPE", help: "A prototype folder (holding prototype.lua).", repeating: false, optional: false)
    ]
    static let options = [
        OptionSpec(name: "--no-hints", valueName: nil, help: "No hotspot hints when a click hits no element."),
        OptionSpec(name: "--hint-seconds", valueName: "SECONDS", help: "How long hotspot hints flash (default 0.6)."),
        OptionSpec(name: "--no-reload", valueName: nil, help: "Do not reload when prototype.lua or an image changes."),
        OptionSpec(
            name: "--quit-after", valueName: "SECONDS",
            help: "Close the window after this many seconds (for demos and smoke tests)."),
        OptionSpec(
            name: "--texture-budget", valueName: "MB",
            help: "Memory for decoded scenes (default 256); least recently shown scenes are dropped first."),
        OptionSpec(
            name: "--timeline", valueName: "FILE",
            help: "Write the timeline (every transition's timing, every event) as JSON when the window closes.",
            output: .textFile),
        OptionSpec(
            name: "--csv", valueName: "FILE", help: "Write one CSV row per transition when the window closes.",
            output: .textFile),
        helpOption,
    ]

    let folder: String
    let quitAfter: Double?
    let hints: Bool
    let reload: Bool
    let hintSeconds: Double
    let textureBudget: Int
    let timeline: String?
    let csv: String?

    init(_ parsed: ParsedArguments) throws(UsageError) {
        folder = parsed.positionals[0]
        hints = !parsed.flag("--no-hints")
        reload = !parsed.flag("--no-reload")
        hintSeconds = try PlayCommand.seconds(parsed, "--hint-seconds") ?? DesignerState.hintDuration
        textureBudget = try textureBudgetBytes(parsed)
        timeline = parsed.value("--timeline")
        csv = parsed.value("--csv")
        if let text = parsed.value("--quit-after") {
            guard let seconds = Double(text), seconds > 0 else {
                throw UsageError(message: "--quit-after needs a positive number of seconds, not \"\(text)\"")
            }
            quitAfter = seconds
        } else {
            quitAfter = nil
        }
    }

    func validate() throws(UsageError) {
        // Before the window opens, so a session is never played without its timeline.
        for (option, file) in [("--timeline", timeline), ("--csv", csv)] {
            if let file { try OutputPath.checkWritableFile(option, file) }
        }
    }

    func run() -> ExitCode {
        // SIGINT / SIGTERM close the window like Q, so the timeline is still written; a stop
        // while the prototype opens, or while the X server or a decode does not let the loop
        // see it, ends the process about a second later (`DisplayStopWatch`).
        let interruption = Interruption.install()
        let watch = DisplayStopWatch.start(command: "play")
        defer { watch?.loopEnded() }
        // Stopped before the window opens (a large image or a slow prototype.lua): the
        // timeline files are still written, holding no run (red-team 33 F9: none was).
        let (timeline, csv) = (self.timeline, self.csv)
        func writeEmptyTimeline(_ report: (String) -> Void) {
            guard timeline != nil || csv != nil else { return }
            do {
                try TimelineExport.write(TimelineDocument(runs: []), json: timeline, csv: csv)
                for file in [timeline, csv].compactMap({ $0 }) {
                    report("sceneflow play: timeline written to \(OutputPath.shown(file)), empty: nothing was played")
                }
            } catch {
                report("sceneflow play: \(error)")
            }
        }
        watch?.setBeforeExit { writeEmptyTimeline(StuckLua.writeError) }
        let loaded: LoadedPrototypeHandle
        switch openOrStop(folder, command: "play", interruption: interruption) {
        case .opened(let opened): loaded = opened
        case .ended(let status, let bySignal):
            if bySignal { writeEmptyTimeline(printError) }
            return status
        }
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
        // A reader that stalls on the event log's pipe must not keep Q or a signal from ending
        // the session with its timeline written.
        ConsoleRelay.install()
        let player = WindowPlayer(
            loaded,
            log: { line in
                print(TerminalText.escaped(line, keepTabs: false))
                flushOutput()
            })
        player.quitAfter = quitAfter
        player.hints = hints
        player.hintSeconds = hintSeconds
        player.watchFolder = reload ? folder : nil
        // A changed prototype.lua runs in a child first: Lua stuck in one library call ends
        // the child, not the session (the window keeps the last good prototype).
        player.reloadProbe = { PrototypeProbe.start($0) }
        player.textureBudget = textureBudget
        player.onFrame = { [weak player] _ in if interruption.signal != nil { player?.stop() } }
        print(
            "playing \(TerminalText.oneLine(loaded.prototype.name)) (\(TerminalText.path(folder))): click = tap, drag = swipe, Escape = back, Q = quit, "
                + "? = keys, T = timing display, S = slow animations")
        flushOutput()
        // The X server dying or another client destroying the window: write the timeline,
        // say what happened, exit 70 (Xlib's own handler would exit 1 with nothing written).
        /// Writes the timeline files when asked for, telling `report` what happened: every way
        /// out of a session writes them first.
        func writeTimeline(_ report: (String) -> Void) {
            guard timeline != nil || csv != nil else { return }
            _ = Self.writeTimeline(player, json: timeline, csv: csv, report: report, reportFailure: report)
        }
        WindowPlayer.onDisplayLost { message in
            printError("sceneflow play: \(message)")
            writeTimeline(printError)
            exit(StandardStreams.finish(ExitCode.software.rawValue))
        }
        // A Lua action stuck inside one library call ends the process from the watchdog
        // thread (the only way out of a C call): the timeline is written first.
        StuckLua.beforeExit = { writeTimeline(StuckLua.writeError) }
        StuckLua.windowCommand = "sceneflow play"
        defer { (StuckLua.beforeExit, StuckLua.windowCommand) = (nil, nil) }
        // A stop signal while the X server does not answer (the loop blocked in Xlib) or a
        // scene image decodes: the timeline is written from the watching thread and the
        // process ends (red-team 11 R3, 32 R4).
        watch?.setBeforeExit { writeTimeline(StuckLua.writeError) }
        watch?.windowOpening()
        var status = ExitCode.success
        do {
            try player.run()
        } catch {
            printError("sceneflow play: \(error)")
            status = error is DiagnosticList ? .badInput : .software
        }
        watch?.loopEnded()
        if timeline != nil || csv != nil {
            let wrote = Self.writeTimeline(
                player, json: timeline, csv: csv, report: { print($0) }, reportFailure: printError)
            if !wrote, status == .success { status = .software }
        }
        if let signal = interruption.signal, status == .success {
            status = ExitCode(stoppedBy: signal)
        }
        return status
    }

    /// A positive number of seconds from `option`, or nil when it is not given.
    static func seconds(_ parsed: ParsedArguments, _ option: String) throws(UsageError) -> Double? {
        guard let text = parsed.value(option) else { return nil }
        guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
            throw UsageError(message: "\(option) needs a positive number of seconds, not \"\(text)\"")
        }
        return seconds
    }
}

extension PlayCommand {
    /// Writes the session's timeline to `json` and/or `csv`, telling `report` each file
    /// written and `reportFailure` every file that could not be (both when both failed: red-team
    /// 15 F4 lost the CSV's). - Returns: false when a file could not be written.
    static func writeTimeline(
        _ player: WindowPlayer, json: String?, csv: String?, report: (String) -> Void,
        reportFailure: (String) -> Void
    ) -> Bool {
        var missing: [String] = []
        do {
            try TimelineExport.write(player.timelineDocument(), json: json, csv: csv)
        } catch {
            reportFailure("sceneflow play: \(error)")
            missing = (error as? TimelineExport.WriteError)?.failures.map(\.path) ?? [json, csv].compactMap { $0 }
        }
        for file in [json, csv].compactMap({ $0 }) where !missing.contains(file) {
            report("timeline written to \(OutputPath.shown(file))")
        }
        return missing.isEmpty
    }
}
