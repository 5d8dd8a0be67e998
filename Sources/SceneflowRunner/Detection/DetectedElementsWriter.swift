import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowOCR

/// `sceneflow new --detect` (issue 16.1): adds each scene's detected text to the
/// `prototype.lua` `new` just wrote, as elements without actions (scripts can
/// `expect.visible` them at once) in a commented block per scene that a designer can delete
/// whole. The result is loaded before it replaces the file; labels the scene already has (the
/// "Next" hotspot) and repeats are left out.
public enum DetectedElementsWriter {
    /// What was added: per scene, the number of elements.
    public struct Outcome: Sendable {
        /// `(scene, count)` in the prototype's order.
        public let added: [(scene: String, count: Int)]
    }

    /// Detects the text of every scene of the prototype in `folder` with `detector`, keeps
    /// proposals of at least `minimum` confidence, and writes them into `prototype.lua`.
    ///
    /// - Throws: `DiagnosticList` when the prototype does not load, or the edited file would
    ///   not; the image's load error or `TextRecognizer.Failure` from detection.
    public static func addDetected(folder: String, detector: TextDetector, minimum: Double) throws -> Outcome {
        let prototype = try PrototypeOpener.open(folder).prototype
        let file = prototypeFilePath(in: folder)
        let data: Data
        do { data = try LuaSourceFile.read(file) } catch {
            let message = LuaSourceFile.sizeMessage(error, path: file) ?? "cannot read prototype.lua: \(error)"
            throw DiagnosticList([Diagnostic(file: file, message: message)])
        }
        var text = String(decoding: data, as: UTF8.self)
        var recognizer: TextRecognizer?
        var added: [(String, Int)] = []
        for scene in prototype.orderedScenes {
            let result = try detector.detect(scene, in: prototype) {
                if let recognizer { return recognizer }
                recognizer = try TextRecognizer()
                return recognizer!
            }
            var seen = Set(scene.elements.map(\.label))
            let kept = result.proposals.filter { $0.confidence >= minimum && seen.insert($0.label).inserted }
            text = try HotspotEditor.appendingBlock(
                text, scene: scene.name,
                header: [
                    "Detected by `sceneflow new --detect`: the text read on this screen, as elements without",
                    "actions (kind and confidence after each). Give one an on_tap = go(\"scene\"), or delete the block.",
                ] + (result.stoppedAfter.map { ["Warning: " + TextDetector.stoppedMessage($0) + "."] } ?? []),
                entries: kept.map(DetectionOutput.luaLine), footer: "end of detected elements")
            added.append((scene.name, kept.count))
        }
        _ = try PrototypeLoader.load(directory: folder, text: text)
        try OutputTarget.write(Data(text.utf8), to: file)
        return Outcome(added: added)
    }
}
