extension PrototypeChecker {
    /// The smallest overlap warned about, points: touch areas that share only a rounding
    /// error's strip (fractional frames that meet edge to edge) are not overlapping.
    static let overlapTolerance = 0.001

    /// Warnings for two interactive elements (`Element.isInteractive`) of one scene look (a
    /// scene, or its landscape look) whose touch areas (`Element.touchArea(placedAt:)`, the
    /// areas hit testing uses) overlap while neither holds the other whole: a tap in the
    /// overlap reaches only one of them, the one declared later (hit testing takes the
    /// topmost), which a designer rarely means (a star rating's touch band over a text field
    /// above it). An element wholly inside another's area (a button on a card that is itself
    /// tappable) is a container and is left alone; an overlay scene's elements lie in their
    /// own scene and are never compared with the scene it covers. Areas are in the scene's
    /// own points (both elements of a pair are placed the same way).
    public static func overlapWarnings(for prototype: Prototype, file: String) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for scene in prototype.orderedScenes {
            result += overlapWarnings(scene.elements, scene: scene.name, file: file)
            if let variant = scene.design.landscape {
                result += overlapWarnings(variant.elements, scene: scene.name + " (landscape)", file: file)
            }
        }
        return result
    }

    private static func overlapWarnings(_ elements: [Element], scene: String, file: String) -> [Diagnostic] {
        let interactive = elements.filter(\.isInteractive).map { ($0, $0.touchArea(placedAt: $0.frame)) }
        var result: [Diagnostic] = []
        for later in interactive.indices {
            let (top, topArea) = interactive[later]
            for earlier in 0..<later {
                let (below, belowArea) = interactive[earlier]
                guard topArea.overlaps(belowArea, tolerance: overlapTolerance),
                    !topArea.isInside(belowArea, tolerance: overlapTolerance),
                    !belowArea.isInside(topArea, tolerance: overlapTolerance)
                else { continue }
                let x = max(topArea.x, belowArea.x)
                let y = max(topArea.y, belowArea.y)
                let overlap = Rect(
                    x: x, y: y, width: min(topArea.maxX, belowArea.maxX) - x,
                    height: min(topArea.maxY, belowArea.maxY) - y)
                let reach = topArea == top.frame ? "" : " (its touch area \(topArea) reaches past its frame)"
                result.append(
                    Diagnostic(
                        .warning, file: file, path: top.path,
                        message:
                            "\"\(top.label)\"\(reach) and \"\(below.label)\" (\(below.path)) in scene \"\(scene)\" overlap by "
                            + "\(formatNumber(overlap.width))x\(formatNumber(overlap.height)) pt at \(overlap): a tap there reaches only "
                            + "\"\(top.label)\", declared later; move one, or put one wholly inside the other"))
            }
        }
        return result
    }
}
