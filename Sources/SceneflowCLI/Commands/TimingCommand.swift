import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow timing FILE.json [B.json] [--svg chart.svg]`: transition timing tables,
/// comparisons and charts from timelines written with `--timeline`.
struct TimingCommand: Subcommand {
    static let name = "timing"
    static let abstract = "Print the transition timing of a --timeline file, compare two, or chart them (--svg)."
    static let discussion = """
        One file: a table with a row per transition (requested vs measured duration, frames,
        frame intervals, hitches, hitch ratio in ms/s, the completion rule). Two files: the
        runs side by side, transitions matched in order by from -> to, with B − A. --svg
        draws a chart (one lane per scene, bars for transitions, ticks for frames, hitches in
        red); with two files both runs are drawn, labelled A and B. A file that is not a
        Sceneflow timeline exits 65 naming the file and the JSON path.
        """
    static let arguments = [
        ArgumentSpec(
            name: "TIMELINE", help: "A timeline JSON file (one, or two to compare).", repeating: true, optional: false)
    ]
    static let options = [
        OptionSpec(
            name: "--svg", valueName: "FILE", help: "Also write a timeline chart as SVG here.", output: .textFile),
        helpOption,
    ]

    let files: [String]
    let svg: String?

    init(_ parsed: ParsedArguments) throws(UsageError) {
        files = parsed.positionals
        svg = parsed.value("--svg")
    }

    func validate() throws(UsageError) {
        guard files.count <= 2 else {
            throw UsageError(message: "give one timeline, or two to compare (got \(files.count))")
        }
        if let svg { try OutputPath.checkWritableFile("--svg", svg) }
    }

    func run() -> ExitCode {
        var documents: [TimelineDocument] = []
        for file in files {
            do {
                documents.append(try TimelineDocument.read(file))
            } catch {
                printError("\(error)")
                return .badInput
            }
        }
        let lines =
            documents.count == 1
            ? TimingReport.lines(documents[0], file: TerminalText.path(files[0]))
            : TimingComparison.lines(
                documents[0], file: TerminalText.path(files[0]), documents[1], file: TerminalText.path(files[1]))
        printLine(lines.joined(separator: "\n"))
        guard let svg else { return .success }
        var chart = documents[0]
        var title = PathText.lastComponent(of: files[0])
        if documents.count == 2 {
            chart.runs =
                documents[0].runs.map { labelled($0, "A") } + documents[1].runs.map { labelled($0, "B") }
            title = "A = \(title), B = \(PathText.lastComponent(of: files[1]))"
        }
        do {
            try AtomicFile.write(TimelineChart.svg(chart, title: title), to: svg)
        } catch {
            printError("sceneflow timing: could not write \(OutputPath.shown(svg)): \(plainReason(error))")
            return .software
        }
        print(OutputTarget.readerLeft(svg) ? OutputPath.wrote(svg) : "chart written to \(OutputPath.shown(svg))")
        return .success
    }

    private func labelled(_ run: TimelineRun, _ letter: String) -> TimelineRun {
        var copy = run
        copy.name = "\(letter): \(run.name)"
        return copy
    }
}
