import Foundation
import SceneflowCore
import SceneflowRunner

/// What an output option writes: a file (`-` for standard output) or a folder.
enum OutputKind: Equatable {
    /// A file of text (XML, JSON, CSV, SVG, DOT, Lua); `-` writes it to standard output.
    case textFile
    /// A binary file (PNG); `-` writes it to standard output unless that is a terminal.
    case binaryFile
    /// A file that is written more than once while the command runs (`record --out`), so
    /// `-` is refused.
    case growingFile
    /// A folder of files; `-` is refused.
    case folder
}

/// The output options of every command (from each command's option table, where `output`
/// marks them), the `-` rule and the checks made before any work (issue 14.2): any name a
/// shell can pass either works or is a usage error (exit 64) naming the option.
enum OutputOptions {
    /// `(command, option)` for every output option, in command and table order.
    static var all: [(command: any Subcommand.Type, option: OptionSpec)] {
        SceneflowTool.subcommands.flatMap { command in
            command.options.filter { $0.output != nil }.map { (command, $0) }
        }
    }

    /// `sceneflow help outputs`: every output option, one per line, and the rules.
    static func help() -> String {
        var text = """
            Output options of every command. A FILE is written whole or not at all: to a
            temporary file beside it, renamed into place (a failed write keeps the old file).
            "-" is standard output: only one option of a run may take it, the console output
            then goes to standard error, and a PNG is refused when standard output is a
            terminal. /dev/stdout, /proc/self/fd/1, a link to the terminal or the file
            standard output is redirected to count as "-". A symbolic link is followed (the link stays); a device or FIFO is written
            into, never replaced. Names must be UTF-8; a name too long for the file system,
            "", a FILE that is a folder or whose folder is missing is a usage error (exit 64); a
            missing DIR is created.

            """
        for (command, option) in all {
            let kind = option.output == .folder ? "DIR " : "FILE"
            let note: String =
                switch option.output! {
                case .textFile: "\"-\": standard output"
                case .binaryFile: "\"-\": standard output (not a terminal)"
                case .growingFile: "a file name (no \"-\")"
                case .folder: "a folder (no \"-\")"
                }
            let width = SceneflowTool.subcommands.map { $0.name.count }.max()! + 2
            text += "\n  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0)
            text += option.name.padding(toLength: 14, withPad: " ", startingAt: 0) + kind + "  " + note
        }
        return text
    }

    /// Checks every output option given in `parsed` against `options` before the command
    /// runs, and moves the console to standard error when one of them is `-`.
    ///
    /// - Throws: `UsageError` for a name that cannot work: `-` for a folder or a growing file,
    ///   standard output claimed twice (`-`, `/dev/stdout`, `/proc/self/fd/1`, a link to the
    ///   terminal or the file it is redirected to; or one of them with `--tap`), a binary `-`
    ///   on a terminal, `""`, a name longer than
    ///   the file system allows, a folder, a block device, a missing or read-only folder.
    static func check(_ parsed: ParsedArguments, options: [OptionSpec]) throws(UsageError) {
        var claims: [String] = parsed.flag("--tap") ? ["--tap"] : []
        // Folders first: they are created here, and a file option may write inside one
        // (`--report out --json out/mine.json`).
        let folders = options.filter { $0.output == .folder }
        for option in folders + options.filter({ $0.output != .folder }) {
            guard let kind = option.output, let value = parsed.value(option.name) else { continue }
            if value == "-" {
                guard kind == .textFile || kind == .binaryFile else {
                    let what = kind == .folder ? "a folder" : "a file it writes as it goes"
                    throw UsageError(
                        message:
                            "\(option.name) -: \(option.name) names \(what), which cannot go to standard output; give a name (./- for one named -)"
                    )
                }
                claims.append(option.name)
                if kind == .binaryFile && isatty(1) == 1 {
                    throw UsageError(
                        message:
                            "\(option.name) -: standard output is a terminal; a PNG there would be noise. Redirect it (> file.png) or pipe it"
                    )
                }
                continue
            }
            if kind == .folder {
                try OutputPath.checkWritableFolder(option.name, value)
            } else {
                try OutputPath.checkWritableFile(option.name, value)
                // Standard output by another name (`/dev/stdout`, `/proc/self/fd/1`, a link to
                // the terminal, the file it is redirected to) claims it as `-` does.
                if StandardOutput.names(value) { claims.append("\(option.name) \(OutputPath.shown(value, limit: 60))") }
            }
        }
        try refuseSharedStandardOutput(claims)
        if let claim = claims.first, claim != "--tap" { StandardStreams.claimStandardOutput() }
    }

    /// Throws when more than one output of `parsed` goes to standard output (`-`, `--tap`,
    /// `/dev/stdout` or another name of it), before any path is checked: the most precise
    /// message for `--junit /dev/stdout --json /dev/stdout`, which are also one file.
    ///
    /// - Throws: `UsageError` (exit 64): `--junit - and --tap both want standard output; …`.
    static func checkStandardOutputClaims(_ parsed: ParsedArguments, options: [OptionSpec]) throws(UsageError) {
        var claims: [String] = parsed.flag("--tap") ? ["--tap"] : []
        for option in options {
            guard option.output != nil, let value = parsed.value(option.name) else { continue }
            if value == "-" {
                claims.append(option.name)
            } else if StandardOutput.names(value) {
                claims.append("\(option.name) \(OutputPath.shown(value, limit: 60))")
            }
        }
        try refuseSharedStandardOutput(claims)
    }

    /// Throws when `claims` (the options that want standard output) are more than one.
    private static func refuseSharedStandardOutput(_ claims: [String]) throws(UsageError) {
        guard claims.count > 1 else { return }
        throw UsageError(
            message:
                "\(claims.joined(separator: " and ")) \(claims.count == 2 ? "both" : "all") want standard output; only one output can go there (give the others file names)"
        )
    }
}
