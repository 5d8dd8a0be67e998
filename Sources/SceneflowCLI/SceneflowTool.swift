import CProcessShim
import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowRunner

/// The subcommands and the top-level dispatch of `sceneflow`.
enum SceneflowTool {
    static var subcommands: [any Subcommand.Type] {
        [
            PlayCommand.self, TestCommand.self, CheckCommand.self, RenderCommand.self, TimingCommand.self,
            BenchCommand.self, NewCommand.self, InspectCommand.self, GraphCommand.self, RecordCommand.self,
            HotspotCommand.self, DetectCommand.self, MergeReportsCommand.self,
        ]
    }

    static func mainHelp() -> String {
        var text = """
            sceneflow — clickable prototypes from app screenshots, driven by Lua scripts

            USAGE: sceneflow <subcommand> [options]

            SUBCOMMANDS:
            """
        for command in subcommands {
            text += "\n  " + command.name.padding(toLength: 15, withPad: " ", startingAt: 0) + command.abstract
        }
        for (name, abstract) in ShellCompletions.extraCommands where name != "help" {
            text += "\n  " + name.padding(toLength: 15, withPad: " ", startingAt: 0) + abstract
        }
        text += "\n\nSee 'sceneflow help <subcommand>' or 'sceneflow <subcommand> --help'."
        text += "\nThe Lua script API: 'sceneflow help api'. Output files and \"-\": 'sceneflow help outputs'."
        text += "\nExit codes: 0 pass, 1 test failure, 64 bad usage, 65 bad prototype or script, 70 system failure."
        return text
    }

    static func run(_ arguments: [String]) -> ExitCode {
        guard let first = arguments.first else {
            print(mainHelp())
            return .usage
        }
        if first == "--version" || first == "version" {
            guard arguments.count == 1 else {
                printError("sceneflow \(first): takes no arguments (got \"\(arguments[1])\")")
                return .usage
            }
            print("sceneflow \(SceneflowVersion.current)")
            return .success
        }
        if first == "man" { return help("man") }
        if first == "completions" {
            guard arguments.count == 2, let script = ShellCompletions.script(arguments[1]) else {
                let got = arguments.count > 1 ? " (got \"\(arguments.dropFirst().joined(separator: " "))\")" : ""
                printError("sceneflow completions: expects one shell: bash, zsh or fish\(got)")
                return .usage
            }
            StandardStreams.writeOutput(script)
            return .success
        }
        if first == "--help" || first == "-h" || first == "help" {
            guard first == "help", arguments.count > 1 else {
                print(mainHelp())
                return .success
            }
            return help(arguments[1], Array(arguments.dropFirst(2)))
        }
        // Hidden: hot reload's child process (`play`), not a command for people.
        if first == PrototypeProbe.command { return PrototypeProbe.serve(arguments) }
        guard let command = subcommands.first(where: { $0.name == first }) else {
            let hint = NearestOption.hint(first, subcommands.map { $0.name })
            printError("sceneflow: unknown subcommand \"\(first)\"\(hint)\n\n\(mainHelp())")
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            print(command.help)
            return .success
        }
        return execute(command, rest)
    }

    /// `sceneflow help <subcommand>` or `sceneflow help api [--format F]` (the Lua script
    /// reference, generated from the tables that register the functions).
    static func help(_ topic: String, _ rest: [String] = []) -> ExitCode {
        if topic == "api" { return helpAPI(rest) }
        if topic == "man" {
            StandardStreams.writeOutput(ManPage.text())
            return .success
        }
        if topic == "outputs" {
            StandardStreams.writeOutput(OutputOptions.help() + "\n")
            return .success
        }
        guard let command = subcommands.first(where: { $0.name == topic }) else {
            let hint = NearestOption.hint(topic, subcommands.map { $0.name } + ["api", "outputs", "man"])
            printError(
                "sceneflow help: no help on \"\(topic)\"\(hint); topics: api, outputs, man, \(subcommands.map { $0.name }.joined(separator: ", "))"
            )
            return .usage
        }
        StandardStreams.writeOutput(command.help + "\n")
        return .success
    }

    /// `sceneflow help api [--format text|markdown|luals|luacheck]`: the reference for a
    /// terminal (default), as the DocC page, as lua-language-server definitions, or as
    /// luacheck's `read_globals`. A bad `--format` exits 64 naming the formats; standard output
    /// that cannot be written (a full disk) exits 70 with a message.
    static func helpAPI(_ rest: [String]) -> ExitCode {
        let formats = ScriptAPIReference.Format.allCases.map(\.rawValue)
        let usage = "usage: sceneflow help api [--format \(formats.joined(separator: "|"))]"
        var format = ScriptAPIReference.Format.text
        var index = 0
        while index < rest.count {
            let argument = rest[index]
            var value: String?
            if argument == "--format" {
                guard index + 1 < rest.count else {
                    printError("sceneflow help api: --format needs a value\n\(usage)")
                    return .usage
                }
                value = rest[index + 1]
                index += 2
            } else if argument.hasPrefix("--format=") {
                value = String(argument.dropFirst("--format=".count))
                index += 1
            } else {
                let hint = NearestOption.hint(argument, ["--format"])
                printError("sceneflow help api: unexpected argument \"\(argument)\"\(hint)\n\(usage)")
                return .usage
            }
            guard let value, let chosen = ScriptAPIReference.Format(rawValue: value) else {
                let hint = NearestOption.hint(value ?? "", formats)
                printError("sceneflow help api: unknown format \"\(value ?? "")\"\(hint)\n\(usage)")
                return .usage
            }
            format = chosen
        }
        let text: String
        do {
            text = try ScriptAPIReference.render(format)
        } catch {
            printError("sceneflow help api: \(error)")
            return .software
        }
        // These are files people redirect (`> types/sceneflow.lua`): a write that failed (a full
        // disk) must not pass for a whole file. A reader that left (EPIPE) is not an error.
        fflush(nil)
        let bytes = Array(text.utf8)
        var written = 0
        var failure: Int32 = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress! + written, $0.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            written += n
        }
        guard failure == 0 || failure == EPIPE else {
            let why = StandardOutput.unwritableAtStart(1) ?? String(cString: strerror(failure))
            printError("sceneflow help api: could not write standard output: \(why)")
            return .software
        }
        return .success
    }

    /// Parses, validates and runs one subcommand; usage errors exit 64 with the usage line,
    /// a missing input path (`InputError`) exits 65 with its message alone.
    static func execute<C: Subcommand>(_ command: C.Type, _ rest: [String]) -> ExitCode {
        do {
            if let message = RawArguments.invalidUTF8Message() { throw UsageError(message: message) }
            let parsed = try ParsedArguments.parse(rest, options: C.options, arguments: C.arguments)
            // Two outputs of one file first: `--report out --json out/results.json` is that,
            // whether or not `out` exists yet (`--report`'s folder is made after the checks).
            try OutputOptions.checkStandardOutputClaims(parsed, options: C.options)
            try OutputOptions.checkCollisions(parsed, options: C.options, command: C.name)
            try OutputOptions.check(parsed, options: C.options)
            let instance = try C(parsed)
            try instance.validate()
            // Only now: a command line refused above leaves no output folder behind.
            try OutputPath.createFolders()
            return instance.run()
        } catch let error as InputError {
            printError("sceneflow \(C.name): \(error)")
            return .badInput
        } catch {
            let usage = C.help.components(separatedBy: "\n\n").dropFirst().first ?? ""
            printError("sceneflow \(C.name): \(error)\n\(usage)")
            return .usage
        }
    }

}

/// Writes a line to standard error, control characters escaped (`TerminalText`); never
/// fails, whatever standard error is (closed, full, a broken pipe).
func printError(_ text: String) {
    StandardStreams.writeError(TerminalText.escaped(text) + "\n")
}

/// Writes `text` and `terminator` to standard output, control characters escaped
/// (`TerminalText`, line breaks kept), as `printError` does for standard error: a folder or
/// file name holding ESC or CR never reaches the terminal raw (red-team 26 F5). Paths inside
/// `text` go through `TerminalText.path` first, so their line breaks show as `\n`.
func printLine(_ text: String, terminator: String = "\n") {
    // Written as `StandardStreams.writeOutput` does, so a failed write keeps its reason for the
    // message at exit (red-team 27 F7: `bench >/dev/full` said only "a write failed").
    StandardStreams.writeOutput(TerminalText.escaped(text) + terminator)
}

/// Flushes standard output so progress shows at once even through a pipe.
func flushOutput() {
    // The reason is kept for the message at exit: later flushes have nothing left to fail on.
    let failure = sf_flush_stdout()
    if failure != 0 { StandardStreams.outputFailure = failure }
    fflush(nil)
}
