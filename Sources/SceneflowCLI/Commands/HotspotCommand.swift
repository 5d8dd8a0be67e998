import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow hotspot add|move|remove|link PROTOTYPE SCENE LABEL …`: edits a scene's hotspots in
/// `prototype.lua` in place, every other line kept byte for byte (`HotspotWriter`, the write-back
/// the window's edit mode uses too).
struct HotspotCommand: Subcommand {
    static let name = "hotspot"
    static let abstract =
        "Add, move, remove or link a hotspot in prototype.lua, keeping every other line as it is."
    static let discussion = """
        add ACTION: appends { label = …, frame = { x, y, w, h }, on_tap = … } at the end of the
        scene's elements list (creating the list when the scene has none), written in the file's
        own style (indentation, quotes, trailing commas, line endings). With no --go, --back,
        --present or --dismiss the element has no action (scripts can still find it).
        move: rewrites the element's frame only. remove: deletes the element's lines.
        link ACTION: rewrites the element's on_tap (adds it when missing; --none removes it);
        one of --go, --back, --present, --dismiss or --none is needed. An on_tap written as a
        function is never replaced (exit 65).
        --frame X,Y,W,H is in points (W and H > 0). The label is any text; quotes,
        backslashes and control characters are escaped as Lua needs.
        The edited file is loaded before it replaces the old one (atomically); a result that
        does not load, or a scene the file builds with code (a loop, a function, a table made
        elsewhere), writes nothing: exit 65 naming the scene and why, with the element line to
        paste by hand. Exit 64 for an unknown scene, a label the scene already has (add) or does
        not have (move, remove, link), or a bad --frame.
        One edit of a prototype at a time: while another process edits it (another hotspot
        command, a play window's edit mode) this one says so and waits, at most 10 s; then it
        fails with exit 75, nothing written, and the same command can be run again.
        """
    static let arguments = [
        ArgumentSpec(
            name: "ACTION", help: "add, move, remove or link.", repeating: false, optional: false,
            whenEmpty: "give add, move, remove or link"),
        ArgumentSpec(
            name: "PROTOTYPE", help: "A prototype folder (holding prototype.lua).", repeating: false, optional: false),
        ArgumentSpec(
            name: "SCENE", help: "The scene whose elements change.", repeating: false, optional: false,
            whenEmpty: "give the name of a scene of the prototype"),
        ArgumentSpec(
            name: "LABEL", help: "The element's accessibility label.", repeating: false, optional: false,
            whenEmpty: "give the element's accessibility label"),
    ]
    static let options = [
        OptionSpec(name: "--frame", valueName: "X,Y,W,H", help: "The frame in points (add, move)."),
        OptionSpec(name: "--go", valueName: "SCENE", help: "add, link: a tap goes to SCENE."),
        OptionSpec(name: "--back", valueName: nil, help: "add, link: a tap goes back."),
        OptionSpec(name: "--present", valueName: "SCENE", help: "add, link: a tap presents SCENE modally."),
        OptionSpec(name: "--dismiss", valueName: nil, help: "add, link: a tap dismisses the modal."),
        OptionSpec(name: "--none", valueName: nil, help: "link: a tap does nothing (on_tap removed)."),
        OptionSpec(
            name: "--transition", valueName: "NAME",
            help: "add, link with --go/--present: the transition kind (push_left, …)."),
        OptionSpec(
            name: "--duration", valueName: "S", help: "add, link with --transition: the duration in seconds."),
        helpOption,
    ]

    let folder: String
    let scene: String
    let edit: HotspotEdit

    init(_ parsed: ParsedArguments) throws(UsageError) {
        let verb = parsed.positionals[0]
        folder = parsed.positionals[1]
        scene = parsed.positionals[2]
        let label = parsed.positionals[3]
        let frame = try parsed.value("--frame").map { text throws(UsageError) in try Self.frame(text) }
        let actions = ["--go", "--back", "--present", "--dismiss", "--none"].filter {
            parsed.value($0) != nil || parsed.flag($0)
        }
        let styled = ["--transition", "--duration"].filter { parsed.value($0) != nil }
        switch verb {
        case "add":
            guard let frame else { throw UsageError(message: "hotspot add needs --frame X,Y,W,H (points)") }
            if actions.count > 1 {
                throw UsageError(message: "give one of \(actions.joined(separator: ", ")), not several")
            }
            if actions == ["--none"] { throw UsageError(message: "hotspot add takes no --none (leave the action out)") }
            edit = .add(label: label, frame: frame, action: try Self.action(parsed, styled: styled))
        case "link":
            if frame != nil { throw UsageError(message: "hotspot link takes no --frame (use hotspot move)") }
            guard actions.count == 1 else {
                throw UsageError(
                    message: actions.isEmpty
                        ? "hotspot link needs one of --go SCENE, --back, --present SCENE, --dismiss or --none"
                        : "give one of \(actions.joined(separator: ", ")), not several")
            }
            edit = .link(label: label, action: try Self.action(parsed, styled: styled))
        case "move", "remove":
            if let extra = (actions + styled).first { throw UsageError(message: "hotspot \(verb) takes no \(extra)") }
            if verb == "move" {
                guard let frame else { throw UsageError(message: "hotspot move needs --frame X,Y,W,H (points)") }
                edit = .move(label: label, frame: frame)
            } else {
                if frame != nil { throw UsageError(message: "hotspot remove takes no --frame") }
                edit = .remove(label: label)
            }
        default:
            let hint = NearestOption.hint(verb, ["add", "move", "remove", "link"])
            throw UsageError(message: "unknown hotspot action \"\(verb)\"\(hint) (add, move, remove or link)")
        }
    }

    /// `X,Y,W,H` in points: four finite numbers, W and H > 0.
    static func frame(_ text: String) throws(UsageError) -> Rect {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map {
            Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 4, parts.allSatisfy({ $0?.isFinite == true }), let p = parts as? [Double], p[2] > 0,
            p[3] > 0
        else {
            throw UsageError(
                message:
                    "--frame \"\(text)\": expected X,Y,W,H in points, four numbers with W and H > 0 (e.g. 16,220,96,48)"
            )
        }
        return Rect(x: p[0], y: p[1], width: p[2], height: p[3])
    }

    /// The tap action the options ask for, nil for none.
    static func action(_ parsed: ParsedArguments, styled: [String]) throws(UsageError) -> HotspotAction? {
        let kind = parsed.value("--transition")
        if let kind, TransitionKind(rawValue: kind) == nil {
            let hint = NearestOption.hint(kind, TransitionKind.names)
            throw UsageError(
                message:
                    "--transition \"\(kind)\": no such transition\(hint) (\(TransitionKind.names.joined(separator: ", ")))"
            )
        }
        var duration: Double?
        if let text = parsed.value("--duration") {
            guard let value = Double(text), value >= 0, value <= Transition.maxDuration else {
                throw UsageError(
                    message:
                        "--duration \"\(text)\": expected seconds, a number from 0 to \(formatNumber(Transition.maxDuration))"
                )
            }
            guard kind != nil else { throw UsageError(message: "--duration needs --transition") }
            duration = value
        }
        if let scene = parsed.value("--go") { return .go(scene: scene, transition: kind, duration: duration) }
        if let scene = parsed.value("--present") { return .present(scene: scene, transition: kind, duration: duration) }
        if let first = styled.first { throw UsageError(message: "\(first) needs --go or --present") }
        if parsed.flag("--back") { return .back }
        if parsed.flag("--dismiss") { return .dismiss }
        return nil
    }

    func run() -> ExitCode {
        do {
            let wait = HotspotWriter.longestLockWait
            let outcome = try HotspotWriter.apply(edit, scene: scene, folder: folder, waitingAtMost: wait) {
                printError(
                    "sceneflow hotspot: waiting for another process editing \(TerminalText.path(folder)) (it holds the folder's lock; at most \(formatNumber(wait)) s)…"
                )
            }
            printLine("\(TerminalText.path(outcome.file)): \(outcome.summary)")
            return .success
        } catch {
            for line in error.lines { printError("sceneflow hotspot: \(line)") }
            if let paste = error.paste {
                let place =
                    if case .link = edit {
                        "the element labelled \(LuaStringLiteral.quoted(edit.label)) in scenes.\(scene).elements"
                    } else { "scenes.\(scene).elements" }
                printError("sceneflow hotspot: nothing was written; paste this into \(place) by hand:")
                StandardStreams.writeError("  \(paste)\n")
            } else if error.kind == .input, case .remove(let label) = edit {
                printError(
                    "sceneflow hotspot: nothing was written; remove the element labelled \(LuaStringLiteral.quoted(label)) from scenes.\(scene).elements by hand"
                )
            }
            switch error.kind {
            case .usage: return .usage
            case .input: return .badInput
            case .system: return .software
            case .busy: return .temporaryFailure
            }
        }
    }
}
