import Foundation
import SceneflowCore
import SceneflowRunner
import SceneflowSDL

/// `sceneflow render`: one frame to a PNG, offscreen, at the device's pixel size.
struct RenderCommand: Subcommand {
    static let name = "render"
    static let abstract = "Render one frame offscreen (a scene, or a moment of a transition) to a PNG."
    static let discussion = """
        Draws what play and test show. Without --to, draws --scene (default: the start scene)
        at rest; an overlay scene over the scene that presents it, dimmed, placed and sized.
        With --to, draws the transition from --scene to --to at --at seconds after it starts
        (default: halfway): the transition wired to the element (or swipe, timer, back or
        dismiss) of --scene that leads there, and says which; --transition, --duration and
        --curve replace its parts. With --labels, the play window's H overlay is drawn over the
        frame: a box on every element of the scene shown, with its accessibility label in any
        script (SDL2_ttf; DejaVu Sans, Noto Sans CJK when installed, else any installed font
        that has the character). No display is needed: SDL's software renderer draws into
        memory.
        """
    static let arguments = [
        ArgumentSpec(name: "PROTOTYPE", help: "A prototype folder.", repeating: false, optional: false)
    ]
    static let options = [
        OptionSpec(name: "--scene", valueName: "NAME", help: "The scene (the outgoing one with --to)."),
        OptionSpec(name: "--to", valueName: "NAME", help: "The incoming scene of a transition."),
        OptionSpec(
            name: "--transition", valueName: "KIND",
            help:
                "none, crossfade, push_left/right/up/down, cover_*, reveal_* (default: the wired one, else crossfade)."),
        OptionSpec(
            name: "--duration", valueName: "SECONDS", help: "Transition duration (default: the wired one, else 0.35)."),
        OptionSpec(
            name: "--curve", valueName: "CURVE",
            help: "linear, ease_in, ease_out, ease_in_out (default: the wired one, else ease_in_out)."),
        OptionSpec(
            name: "--at", valueName: "SECONDS", help: "Time since the transition started (default: half the duration)."),
        OptionSpec(
            name: "--landscape", valueName: nil,
            help: "Hold the device in landscape: landscape variants and landscape scenes, at the turned pixel size."),
        OptionSpec(
            name: "--labels", valueName: nil,
            help: "Draw the H overlay: every element's box and accessibility label, as play shows them."),
        OptionSpec(name: "--out", valueName: "FILE", help: "The PNG to write (required).", output: .binaryFile),
        helpOption,
    ]

    let folder: String
    let parsed: ParsedArguments

    init(_ parsed: ParsedArguments) throws(UsageError) {
        folder = parsed.positionals[0]
        self.parsed = parsed
    }

    func validate() throws(UsageError) {
        guard let out = parsed.value("--out") else { throw UsageError(message: "--out FILE is required") }
        try OutputPath.checkWritableFile("--out", out)
        _ = try overrides()
        _ = try number("--at")
        if parsed.value("--to") == nil {
            for option in ["--transition", "--duration", "--curve", "--at"] where parsed.value(option) != nil {
                throw UsageError(message: "\(option) needs --to NAME (the incoming scene)")
            }
        }
    }

    private func number(_ option: String) throws(UsageError) -> Double? {
        guard let text = parsed.value(option) else { return nil }
        guard let value = Double(text), value >= 0, value.isFinite else {
            throw UsageError(message: "\(option) needs a number of seconds ≥ 0, not \"\(text)\"")
        }
        return value
    }

    /// The parts of the transition given on the command line (nil where not given).
    private func overrides() throws(UsageError) -> (kind: TransitionKind?, duration: Double?, curve: TimingCurve?) {
        var kind: TransitionKind?
        if let name = parsed.value("--transition") {
            guard let k = TransitionKind(rawValue: name) else {
                throw UsageError(message: "--transition: " + TransitionKind.unknownNameMessage(name))
            }
            kind = k
        }
        var curve: TimingCurve?
        if let name = parsed.value("--curve") {
            guard let c = TimingCurve(rawValue: name) else {
                throw UsageError(message: "--curve: " + TimingCurve.unknownNameMessage(name))
            }
            curve = c
        }
        let duration = try number("--duration")
        if let duration, duration > Transition.maxDuration {
            throw UsageError(
                message:
                    "--duration needs a number of seconds from 0 to \(formatNumber(Transition.maxDuration)), not \"\(parsed.value("--duration") ?? "")\""
            )
        }
        return (kind, duration, curve)
    }

    func run() -> ExitCode {
        // Every screenshot is decoded while it is checked, and the ones drawn are taken from
        // there: one decode each, not a check's and then a draw's (red-team 40 B H2).
        let loader = PictureLoader(handoff: PictureHandoff())
        guard let loaded = openOrReport(folder, images: .decode, loader: loader) else { return .badInput }
        let prototype = loaded.prototype
        let names = prototype.sceneOrder
        let scene = parsed.value("--scene") ?? prototype.start
        for (option, name) in [("--scene", scene), ("--to", parsed.value("--to"))] {
            if let name, prototype.scenes[name] == nil {
                printError(
                    "sceneflow render: \(option): no scene \"\(name)\" in \(TerminalText.path(prototypeFilePath(in: folder)))\(NearestName.hint(for: name, among: names)); scenes: \(names.joined(separator: ", "))"
                )
                return .usage
            }
        }
        guard let given = try? overrides() else { return .usage }  // validated in validate()
        let plan = StillRenderer.plan(
            prototype, scene: scene, to: parsed.value("--to"), kind: given.kind, duration: given.duration,
            curve: given.curve, orientation: parsed.flag("--landscape") ? .landscape : .portrait)
        let duration = plan.transition?.duration ?? 0
        let at = ((try? number("--at")) ?? nil) ?? duration / 2
        if at > duration + 1e-9 {
            let what = plan.route.map { "the \(formatNumber(duration, decimals: 3)) s transition (\($0.action))" } ?? ""
            printError(
                "sceneflow render: --at \(formatNumber(at, decimals: 3)) is past \(what); give --at from 0 to \(formatNumber(duration, decimals: 3))"
            )
            return .usage
        }
        if let note = plan.note { printLine(note) }
        let out = parsed.value("--out")!
        let image: RGBAImage
        let labels = parsed.flag("--labels")
        do {
            image = try StillRenderer.render(prototype, plan, at: at, labels: labels, loader: loader)
        } catch {
            printError("sceneflow render: \(error)")
            return .badInput
        }
        do {
            try StillRenderer.save(image, to: out)
        } catch {
            // The picture was made; the disk or the reader failed: the system, not the input.
            printError("sceneflow render: \(error)")
            return .software
        }
        print(OutputPath.wrote(out, " (\(image.width)x\(image.height) px)"))
        if labels, let note = StillRenderer.labelFontNote() { printLine(note) }
        return .success
    }
}
