import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow inspect PROTOTYPE [--scene NAME]`: the element tree as text.
struct InspectCommand: Subcommand {
    static let name = "inspect"
    static let abstract = "Print each scene's element tree: kind, label, frame (points), value and actions."
    static let discussion = """
        Like UI Automation's element-tree log. Scenes no element reaches are marked
        (unreachable). Exit 64 for an unknown --scene (with a did-you-mean), 65 for a
        prototype that cannot be loaded.
        """
    static let arguments = [
        ArgumentSpec(
            name: "PROTOTYPE", help: "A prototype folder (holding prototype.lua).", repeating: false, optional: false)
    ]
    static let options = [
        OptionSpec(name: "--scene", valueName: "NAME", help: "Only this scene."),
        helpOption,
    ]

    let folder: String
    let scene: String?

    init(_ parsed: ParsedArguments) throws(UsageError) {
        folder = parsed.positionals[0]
        scene = parsed.value("--scene")
    }

    func run() -> ExitCode {
        guard let loaded = openOrReport(folder) else { return .badInput }
        let prototype = loaded.prototype
        if let scene, prototype.scenes[scene] == nil {
            printError(
                "sceneflow inspect: no scene \"\(scene)\" in \(TerminalText.path(folder))"
                    + NearestName.hint(for: scene, among: prototype.sceneOrder)
                    + " (scenes: \(prototype.sceneOrder.joined(separator: ", ")))")
            return .usage
        }
        printLine(ElementTree.text(prototype, only: scene), terminator: "")
        return .success
    }
}
