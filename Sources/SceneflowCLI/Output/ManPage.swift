import Foundation
import SceneflowRunner

/// `sceneflow man` (and `sceneflow help man`): the man page, sceneflow(1), in roff (the `man`
/// macros), generated from the subcommand and option tables `--help` prints. Read it with
/// `sceneflow man | man -l -`, or install it as `man1/sceneflow.1`.
enum ManPage {
    /// `text` for roff: backslashes as `\e`, `-` as `\-` (a minus, so options copy right), a
    /// leading `.` or `'` guarded with `\&`, non-ASCII characters as `\[uXXXX]`.
    static func escaped(_ text: String) -> String {
        var out = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        // Non-ASCII characters as groff's \[uXXXX], which every output device understands.
        return out.unicodeScalars.map { scalar in
            guard scalar.value > 127 else { return String(scalar) }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
        }.joined()
    }

    /// The whole page.
    static func text() -> String {
        var s = ".TH SCENEFLOW 1 \"\" \"sceneflow \(SceneflowVersion.current)\" \"User Commands\"\n"
        s += ".SH NAME\nsceneflow \\- clickable prototypes from app screenshots, driven by Lua scripts\n"
        s += ".SH SYNOPSIS\n.B sceneflow\n.I subcommand\n[\\fIoptions\\fR]\n"
        s += ".SH DESCRIPTION\n"
        s +=
            escaped(
                "Turns a folder of app screenshots into a clickable prototype (prototype.lua) and runs Lua regression scripts against it on a virtual clock."
            ) + "\n"
        s += ".SH COMMANDS\n"
        for command in SceneflowTool.subcommands {
            s += ".SS \"\(escaped("sceneflow " + command.name))\"\n"
            s += escaped(command.abstract) + "\n"
            let discussion = command.discussion.split(separator: "\n").joined(separator: " ")
            if !discussion.isEmpty { s += ".PP\n" + escaped(discussion) + "\n" }
            for argument in command.arguments {
                s += ".TP\n.I \(escaped(argument.name.lowercased()))\(argument.repeating ? " ..." : "")\n"
                s += escaped(argument.help) + "\n"
            }
            for option in ShellCompletions.options(command) {
                s += ".TP\n.B \(escaped(option.name))"
                if let value = option.valueName {
                    let word = option.choices?.joined(separator: "|") ?? value
                    s += option.valueOptional ? " [\\fI\(escaped(word))\\fR]" : " \\fI\(escaped(word))\\fR"
                }
                s += "\n" + escaped(option.help) + "\n"
            }
        }
        for (name, abstract) in ShellCompletions.extraCommands {
            s += ".SS \"\(escaped("sceneflow " + name))\"\n" + escaped(abstract) + "\n"
        }
        s += ".SH EXIT STATUS\n"
        for (code, meaning) in [
            ("0", "everything passed"), ("1", "a test failed"), ("64", "bad usage"),
            ("65", "bad input: a prototype, script, image or report that cannot be used"),
            ("70", "the system failed (no display, a report that could not be written)"),
            (
                "128 + n",
                "stopped by signal n (partial reports written): 129 SIGHUP, 130 SIGINT, 131 SIGQUIT, 138 SIGUSR1, 140 SIGUSR2, 142 SIGALRM, 143 SIGTERM, 152 SIGXCPU, 154 SIGVTALRM, 158 SIGPWR"
            ),
        ] {
            s += ".TP\n.B \(code)\n\(escaped(meaning))\n"
        }
        s += ".SH ENVIRONMENT\n"
        for (name, meaning) in [
            ("CI", "when set (not false or 0): missing baselines are not recorded and only() fails the run"),
            ("XDG_CACHE_HOME", "where test \\-\\-last\\-failed keeps its state (sceneflow/), else ~/.cache"),
            ("NO_COLOR", "when set: no colour on the console"),
            ("FORCE_COLOR", "when set (not 0 or false): colour even through a pipe"),
        ] {
            s += ".TP\n.B \(name)\n\(meaning.contains("\\-") ? meaning : escaped(meaning))\n"
        }
        s += ".SH SEE ALSO\n"
        s += escaped("sceneflow help api (the Lua script API), sceneflow help outputs (output files and -).") + "\n"
        return s
    }
}
