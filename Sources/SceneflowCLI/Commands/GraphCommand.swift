import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow graph PROTOTYPE [--format dot|svg|png] [--out FILE] [--layout-timeout SECONDS]`: the flow map.
struct GraphCommand: Subcommand {
    static let name = "graph"
    static let abstract = "Draw the flow map: scenes with thumbnails, edges labelled with element and transition."
    static let discussion = """
        DOT is always available; SVG and PNG need Graphviz (`dot`, Debian package graphviz).
        --out FILE.svg / FILE.png also writes its Graphviz source FILE.dot beside it (kept to
        re-render; every run writes it and the thumbnails again, so edit a copy); without
        Graphviz that .dot is all that is written (exit 70).
        The format is FILE's extension (.dot or .gv, .svg, .png), else dot for a name without
        one; --format and an extension that disagree, or an extension that names no format
        without --format, exit 64. Without --out, DOT goes to standard output. Thumbnails are
        written to <FILE without extension>-thumbs/. Unreachable scenes are dashed red; scenes
        only a Lua function action may reach are dashed grey ("reached by code"); modal
        presentations are dashed edges. FILE's folder must exist (else exit 64, as for every
        other command's output files).
        """
    static let arguments = [
        ArgumentSpec(
            name: "PROTOTYPE", help: "A prototype folder (holding prototype.lua).", repeating: false, optional: false)
    ]
    static let options = [
        OptionSpec(name: "--format", valueName: "FORMAT", help: "dot, svg or png."),
        OptionSpec(
            name: "--out", valueName: "FILE", help: "Write here instead of standard output (needed for svg/png).",
            output: .textFile),
        OptionSpec(
            name: "--layout-timeout", valueName: "SECONDS",
            help:
                "The longest Graphviz's dot may lay out svg/png, in seconds (default 60; then exit 70, the .dot kept)."
        ),
        helpOption,
    ]

    let folder: String
    let format: FlowGraphRenderer.Format
    let out: String?
    let layoutSeconds: Double

    init(_ parsed: ParsedArguments) throws(UsageError) {
        folder = parsed.positionals[0]
        out = parsed.value("--out")
        if let text = parsed.value("--layout-timeout") {
            // From 1 ms: a smaller limit would read "within 0 s" (red-team 18 B-F5).
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0.001, seconds <= 86_400 else {
                throw UsageError(
                    message: "--layout-timeout must be a number of seconds from 0.001 to 86400, not \"\(text)\"")
            }
            layoutSeconds = seconds
        } else {
            layoutSeconds = FlowGraphRenderer.Layout().seconds
        }
        let names = FlowGraphRenderer.Format.allCases.map(\.rawValue)
        let ext = out.map { PathText.pathExtension(of: $0).lowercased() } ?? ""
        let named = ext == "gv" ? .dot : FlowGraphRenderer.Format(rawValue: ext)  // what FILE's name says
        if let text = parsed.value("--format") {
            guard let f = FlowGraphRenderer.Format(rawValue: text) else {
                throw UsageError(
                    message: "--format must be dot, svg or png, not \"\(text)\""
                        + NearestName.hint(for: text, among: names))
            }
            if let out, let named, named != f {
                throw UsageError(
                    message:
                        "--format \(f.rawValue) does not match --out \(out) (a .\(ext) name); name the file .\(f.rawValue) or leave --format out"
                )
            }
            format = f
        } else {
            if let out, !ext.isEmpty, named == nil {
                throw UsageError(
                    message:
                        "--out \(out): cannot tell the format from .\(ext); name it .dot, .svg or .png, or give --format"
                )
            }
            format = named ?? .dot
        }
    }

    func validate() throws(UsageError) {
        if format != .dot && out == nil {
            throw UsageError(message: "--format \(format.rawValue) needs --out FILE")
        }
        // Like every other command: the output's folder must exist (no folders are made).
        if let out { try OutputPath.checkWritableFile("--out", out) }
        if out == "-" && format == .png && StandardStreams.reportsGoToATerminal {
            throw UsageError(
                message:
                    "--out -: standard output is a terminal; a PNG there would be noise. Redirect it (> flow.png) or pipe it"
            )
        }
    }

    func run() -> ExitCode {
        guard let loaded = openOrReport(folder) else { return .badInput }
        // A stop signal ends dot with the command (it ran on, orphaned: red-team finding R6).
        let interruption = Interruption.install()
        let layout = FlowGraphRenderer.Layout(seconds: layoutSeconds, shouldStop: { interruption.signal != nil })
        do {
            let text = try FlowGraphRenderer.write(loaded.prototype, format: format, to: out, layout: layout)
            if let out, out != "-" {
                print(OutputPath.wrote(out))
                // A device or pipe gets no `.dot` beside it (`FlowGraphRenderer.write`).
                if format != .dot && !OutputTarget.isStream(out) {
                    print(
                        "wrote \(OutputPath.shown(PathText.deletingExtension(of: out) + ".dot")) (its Graphviz source)")
                }
            } else if out == nil {
                print(text, terminator: "")
            }
            return .success
        } catch {
            printError("sceneflow graph: \(error)")
            if case .stopped = error, let signal = interruption.signal { return ExitCode(stoppedBy: signal) }
            if case .replacesInput = error { return .usage }
            if case .unusableSideOutput = error { return .usage }
            return .software
        }
    }
}
