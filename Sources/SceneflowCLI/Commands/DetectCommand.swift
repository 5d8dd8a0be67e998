import Foundation
import SceneflowCore
import SceneflowOCR
import SceneflowRunner

/// `sceneflow detect PROTOTYPE [--scene NAME] [--json] [--min-confidence N] [--no-cache]`:
/// reads each scene's text with Tesseract and proposes labelled elements (issue 16.1).
struct DetectCommand: Subcommand {
    static let name = "detect"
    static let abstract = "Read each scene's text (Tesseract) and propose labelled elements with frames in points."
    static let discussion = """
        Each scene's screen (inside the phone frame for framed screenshots) is read in
        grayscale (inverted when dark, enlarged 2x when under 800 px across); words become
        lines, lines become list rows; each row or lone line is one proposal: label (the text a
        person reads), frame in points (at least 44x44 pt, the full width for a list row),
        confidence 0-1 and kind (button, row, tab, title, text). Text on photos, maps and icons,
        in the status bar, and unreadable fragments are left out.
        Plain output: ready-to-paste Lua element lines per scene. --json: exactly
        {"scenes": {"<scene>": [{"label": …, "frame": [x, y, w, h], "confidence": …, "kind": …}]}}.
        Readings are cached per image content, Tesseract version and settings in
        $XDG_CACHE_HOME/sceneflow/detect (else ~/.cache/sceneflow/detect); --no-cache reads
        again and stores nothing. Exit 64 for an unknown --scene or a bad --min-confidence, 65
        for a prototype or image that cannot be used, 70 when Tesseract cannot start.
        """
    static let arguments = [
        ArgumentSpec(
            name: "PROTOTYPE", help: "A prototype folder (holding prototype.lua).", repeating: false, optional: false)
    ]
    static let options = [
        OptionSpec(name: "--scene", valueName: "NAME", help: "Only this scene."),
        OptionSpec(name: "--json", valueName: nil, help: "Print JSON instead of Lua lines."),
        OptionSpec(
            name: "--min-confidence", valueName: "N",
            help: "Leave out proposals under N (0 to 1; default \(formatNumber(defaultMinimum)))."),
        OptionSpec(name: "--no-cache", valueName: nil, help: "Read every screen again; store nothing."),
        helpOption,
    ]

    /// The default `--min-confidence`.
    static let defaultMinimum = TextDetector.defaultMinimum

    let folder: String
    let scene: String?
    let json: Bool
    let minimum: Double
    let useCache: Bool

    init(_ parsed: ParsedArguments) throws(UsageError) {
        folder = parsed.positionals[0]
        scene = parsed.value("--scene")
        json = parsed.flag("--json")
        useCache = !parsed.flag("--no-cache")
        if let text = parsed.value("--min-confidence") {
            guard let value = Double(text), value >= 0, value <= 1 else {
                throw UsageError(message: "--min-confidence \"\(text)\": expected a number from 0 to 1")
            }
            minimum = value
        } else {
            minimum = Self.defaultMinimum
        }
    }

    func run() -> ExitCode {
        guard let loaded = openOrReport(folder) else { return .badInput }
        let prototype = loaded.prototype
        if let scene, prototype.scenes[scene] == nil {
            printError(
                "sceneflow detect: no scene \"\(scene)\" in \(TerminalText.path(folder))"
                    + NearestName.hint(for: scene, among: prototype.sceneOrder)
                    + " (scenes: \(prototype.sceneOrder.joined(separator: ", ")))")
            return .usage
        }
        let scenes = prototype.orderedScenes.filter { scene == nil || $0.name == scene }
        let detector = TextDetector(cache: DetectionCache(folder: useCache ? DetectionCache.userFolder() : nil))
        var recognizer: TextRecognizer?
        var results: [(scene: String, image: String, proposals: [DetectionProposal])] = []
        for item in scenes {
            do {
                let result = try detector.detect(item, in: prototype) {
                    if let recognizer { return recognizer }
                    let made = try TextRecognizer()
                    recognizer = made
                    return made
                }
                results.append((item.name, item.image, result.proposals.filter { $0.confidence >= minimum }))
                if let seconds = result.stoppedAfter {
                    printError(
                        "sceneflow detect: \(prototypeFilePath(in: folder)): scenes.\(item.name).image (\(item.image)): warning: "
                            + TextDetector.stoppedMessage(seconds))
                }
            } catch let failure as TextRecognizer.Failure {
                // Tesseract's library missing concerns no scene; a recognition that failed
                // names the scene and image it was reading.
                let place =
                    recognizer == nil
                    ? "" : "\(prototypeFilePath(in: folder)): scenes.\(item.name).image (\(item.image)): "
                printError("sceneflow detect: \(place)\(failure)")
                return .software
            } catch {
                printError("sceneflow detect: \(prototypeFilePath(in: folder)): scenes.\(item.name).image: \(error)")
                return .badInput
            }
        }
        if json {
            print(DetectionOutput.json(results.map { ($0.scene, $0.proposals) }), terminator: "")
        } else {
            print(DetectionOutput.lua(results), terminator: "")
        }
        return .success
    }
}
