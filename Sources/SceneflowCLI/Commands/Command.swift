import SceneflowRunner
import SceneflowSDL

/// Exit codes of `sceneflow` (DESIGN.md §5 rule 8).
enum ExitCode: Int32 {
    /// Everything passed.
    case success = 0
    /// A test failed (or a benchmark goal was missed when asked to enforce it).
    case failure = 1
    /// Bad usage: unknown option, missing argument.
    case usage = 64
    /// Bad input: a prototype, script or image that cannot be used.
    case badInput = 65
    /// Something outside the input failed (no display, SDL could not start).
    case software = 70
    /// Try again later (`EX_TEMPFAIL`): `hotspot` waited 10 s for another process editing the
    /// same prototype and wrote nothing.
    case temporaryFailure = 75
    /// Stopped by SIGHUP (128 + 1: the terminal or SSH session closed); partial reports were
    /// written.
    case hangUp = 129
    /// Stopped by SIGINT (128 + 2); partial reports were written.
    case interrupted = 130
    /// Stopped by SIGQUIT (Ctrl-backslash): 128 + 3, after the partial reports.
    case quit = 131
    /// Stopped by SIGUSR1 (128 + 10); partial reports were written.
    case userSignal1 = 138
    /// Stopped by SIGUSR2 (128 + 12); partial reports were written.
    case userSignal2 = 140
    /// Stopped by SIGALRM (128 + 14, `timeout -s ALRM`); partial reports were written.
    case alarm = 142
    /// Stopped by SIGTERM (128 + 15); partial reports were written.
    case terminated = 143
    /// Stopped by SIGXCPU (128 + 24: the CPU time limit, `ulimit -t`); partial reports were
    /// written.
    case cpuLimit = 152
    /// Stopped by SIGVTALRM (128 + 26); partial reports were written.
    case virtualAlarm = 154
    /// Stopped by SIGPWR (128 + 30: a power failure, as init announces it); partial reports
    /// were written.
    case powerFailure = 158
}

/// One subcommand, in the shape of swift-argument-parser: a name, help, options, then
/// `validate()` before `run()`.
protocol Subcommand {
    static var name: String { get }
    static var abstract: String { get }
    static var discussion: String { get }
    static var arguments: [ArgumentSpec] { get }
    static var options: [OptionSpec] { get }
    init(_ parsed: ParsedArguments) throws
    func validate() throws
    func run() -> ExitCode
}

extension Subcommand {
    static var discussion: String { "" }
    func validate() throws(UsageError) {}

    /// Generated help text.
    static var help: String {
        var text = "\(abstract)\n\nUSAGE: sceneflow \(name)"
        // Options only Sceneflow passes (`--worker PID`) are left out of every help text.
        let options = options.filter { !$0.isInternal }
        for option in options where option.name != "--help" {
            text += " [" + option.usage + "]"
        }
        for argument in arguments {
            let word = "<\(argument.name.lowercased())>" + (argument.repeating ? " ..." : "")
            text += argument.optional ? " [\(word)]" : " \(word)"
        }
        if !arguments.isEmpty {
            text += "\n\nARGUMENTS:"
            for argument in arguments {
                text += "\n  " + pad("<\(argument.name.lowercased())>") + argument.help
            }
        }
        text += "\n\nOPTIONS:"
        for option in options {
            var shown = option.name
            if let value = option.valueName {
                let word = option.choices?.joined(separator: "|") ?? "<\(value.lowercased())>"
                shown += option.valueOptional ? " [\(word)]" : " \(word)"
            }
            text += "\n  " + pad(shown) + option.help
        }
        if !discussion.isEmpty { text += "\n\n" + discussion }
        return text
    }

    private static func pad(_ text: String) -> String {
        text.count >= 26 ? text + "  " : text + String(repeating: " ", count: 26 - text.count)
    }
}

/// The `--help` flag every subcommand accepts.
let helpOption = OptionSpec(name: "--help", valueName: nil, help: "Show help for this subcommand.")

/// Opens a prototype for a command, printing every diagnostic to standard error when it cannot
/// be used (the caller then exits 65).
func openOrReport(
    _ folder: String, images: PrototypeOpener.ImageCheck = .header, loader: PictureLoader = PictureLoader()
) -> LoadedPrototypeHandle? {
    do {
        return try PrototypeOpener.open(folder, images: images, loader: loader)
    } catch {
        for diagnostic in error.diagnostics { printError("\(diagnostic)") }
        return nil
    }
}

/// Opens a prototype for a command that takes stop signals itself (`play`, `record`): a
/// signal while the prototype opens stops its Lua as a limit does, so a failed opening after
/// one is the signal's: it is said as such, never with the prototype's diagnostics (which
/// blamed an endless loop in `prototype.lua` and exited 65).
func openOrStop(_ folder: String, command: String, interruption: Interruption) -> Opening {
    do {
        return .opened(try PrototypeOpener.open(folder, images: .header))
    } catch {
        if let signal = interruption.signal {
            printError("sceneflow \(command): stopped by a signal while the prototype opened")
            return .ended(ExitCode(stoppedBy: signal), bySignal: true)
        }
        for diagnostic in error.diagnostics { printError("\(diagnostic)") }
        return .ended(.badInput, bySignal: false)
    }
}

/// How `openOrStop` ended: the prototype opened, or the command ends with an exit code (65
/// for a prototype that cannot be used, 128 + the number of the signal that stopped it).
enum Opening {
    case opened(LoadedPrototypeHandle)
    case ended(ExitCode, bySignal: Bool)
}

extension OptionSpec {
    /// True for an option only Sceneflow itself passes (its help starts `(internal)`, as
    /// `test --worker PID`): no help text, usage line, man page or completion shows it.
    var isInternal: Bool { help.hasPrefix("(internal)") }

    /// How the usage line shows the option: `--junit FILE`, `--tap`,
    /// `--update-baselines [changed|all|missing]`.
    var usage: String {
        guard let valueName else { return name }
        let word = choices?.joined(separator: "|") ?? valueName
        return valueOptional ? "\(name) [\(word)]" : "\(name) \(word)"
    }
}
