import Foundation
import SceneflowCore
import SceneflowOCR
import SceneflowRunner

/// `sceneflow new DIR [IMAGE…]`: scaffold a prototype from screenshots.
struct NewCommand: Subcommand {
    static let name = "new"
    static let abstract = "Scaffold a prototype from screenshots: one scene per image, chained by \"Next\"."
    static let discussion = """
        Images are copied into DIR (or, with none given, DIR's own images are used), one
        scene per image in file name order. The device size and scale are guessed from the
        first portrait image (a table of common iPhone, iPad and Android sizes; else the whole
        scale that gives about 360 pt across). Phone-framed screenshots get screen = "auto".
        A landscape image named after a portrait one (home.png + home_land.png or
        home-landscape.png) becomes that scene's landscape variant; images that would be drawn
        stretched (aspect more than 3 % off the device's) are named in warnings.
        An IMAGE that is a folder stands for the images in it (not its subfolders).
        Writes DIR/prototype.lua (commented) and DIR/Scripts/walk_through.lua, which runs
        green with `sceneflow test DIR/Scripts`. Never overwrites a file: when prototype.lua,
        Scripts/walk_through.lua or a different image of the same name is already in DIR,
        nothing is written (exit 64). A missing IMAGE, or a folder with no images, exits 65.
        A write that fails (a full disk) exits 70 and leaves nothing of what it made.
        """
    static let arguments = [
        ArgumentSpec(name: "DIR", help: "The prototype folder to create (or fill).", repeating: false, optional: false),
        ArgumentSpec(
            name: "IMAGE", help: "Screenshots to copy in (PNG, JPEG, GIF, BMP), or folders of them.", repeating: true,
            optional: true),
    ]
    static let options = [
        OptionSpec(
            name: "--detect", valueName: nil,
            help: "Also read each screen's text (as `sceneflow detect`) and add it as elements without actions."),
        helpOption,
    ]

    let folder: String
    let images: [String]
    let detect: Bool

    init(_ parsed: ParsedArguments) throws(UsageError) {
        folder = parsed.positionals[0]
        images = Array(parsed.positionals.dropFirst())
        detect = parsed.flag("--detect")
    }

    func run() -> ExitCode {
        do {
            let result = try Scaffolder.scaffold(directory: folder, images: images)
            let d = result.device
            printLine(
                "wrote \(TerminalText.path(result.prototypeFile)): \(counted(result.shots.count, "scene")), \(formatNumber(d.width))x\(formatNumber(d.height)) pt at scale \(formatNumber(d.scale)) (\(result.deviceSource))"
            )
            printLine("wrote \(TerminalText.path(result.scriptFile))")
            if detect, let failure = addDetected() { return failure }
            for warning in result.warnings { printLine("\(warning)") }
            let variants = result.shots.compactMap { shot in shot.landscape.map { "\(shot.scene) (\($0.image))" } }
            if !variants.isEmpty { printLine("landscape variants: \(variants.joined(separator: ", "))") }
            printLine(
                "next: sceneflow play \(shellQuoted(folder))   |   sceneflow test \(shellQuoted(folder + "/Scripts"))")
            return .success
        } catch {
            for line in error.description.split(separator: "\n") { printError("sceneflow new: \(line)") }
            return error.isUsage ? .usage : error.isSystem ? .software : .badInput
        }
    }

    /// `--detect`: adds each scene's detected text (see `DetectedElementsWriter`); nil when
    /// it worked, else the exit code after printing why.
    func addDetected() -> ExitCode? {
        let cache = DetectionCache(folder: DetectionCache.userFolder())
        do {
            let outcome = try DetectedElementsWriter.addDetected(
                folder: folder, detector: TextDetector(cache: cache), minimum: TextDetector.defaultMinimum)
            let total = outcome.added.map(\.count).reduce(0, +)
            printLine(
                "detected \(counted(total, "element")) in \(counted(outcome.added.count, "scene")) (a commented block per scene; elements without actions)"
            )
            return nil
        } catch let failure as TextRecognizer.Failure {
            printError("sceneflow new: --detect: \(failure)")
            return .software
        } catch let list as DiagnosticList {
            for diagnostic in list.diagnostics { printError("sceneflow new: --detect: \(diagnostic)") }
            return .badInput
        } catch {
            printError("sceneflow new: --detect: \(error)")
            return .badInput
        }
    }
}
