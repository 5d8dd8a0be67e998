extension PrototypeChecker {
    /// The smallest overlap warned about, points: touch areas that share only a rounding
    /// error's strip (fractional frames that meet edge to edge) are not overlapping.
    static let overlapTolerance = 0.001
    /// The most overlap warnings for one scene look: past it, one warning says how many
    /// were left out (red-team 15 A1: 40 000 overlapping hotspots made about 7 million warnings
    /// and 3.2 GB).
    static let overlapWarningsPerScene = 100
    /// The most pairs of touch areas compared for one scene look (pairs grow with the square
    /// of the elements): a scene with more interactive elements is checked among its first
    /// ones, in declaration order, and a warning says so. 20 million pairs is a scene of about
    /// 6 300 interactive elements, far past any screen's, and takes about 0.1 s.
    static let overlapPairsPerScene = 20_000_000

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
            result += overlapWarnings(scene.elements, scene: scene.name, path: "scenes.\(scene.name)", file: file)
            if let variant = scene.design.landscape {
                result += overlapWarnings(
                    variant.elements, scene: scene.name + " (landscape)", path: "scenes.\(scene.name).landscape",
                    file: file)
            }
        }
        return result
    }

    private static func overlapWarnings(_ elements: [Element], scene: String, path: String, file: String)
        -> [Diagnostic]
    {
        let interactive = elements.filter(\.isInteractive).map { ($0, $0.touchArea(placedAt: $0.frame)) }
        var result: [Diagnostic] = []
        var more = 0
        // The first `compared` elements: every pair among them, within the pair budget.
        var compared = min(interactive.count, Int((2 * Double(overlapPairsPerScene)).squareRoot()) + 1)
        while compared * (compared - 1) / 2 > overlapPairsPerScene { compared -= 1 }
        for later in 0..<compared {
            let (top, topArea) = interactive[later]
            for earlier in 0..<later {
                let (below, belowArea) = interactive[earlier]
                guard topArea.overlaps(belowArea, tolerance: overlapTolerance),
                    !topArea.isInside(belowArea, tolerance: overlapTolerance),
                    !belowArea.isInside(topArea, tolerance: overlapTolerance)
                else { continue }
                if result.count == overlapWarningsPerScene {
                    more += 1
                    continue
                }
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
        if more > 0 {
            result.append(
                Diagnostic(
                    .warning, file: file, path: path,
                    message:
                        "\(more) more pairs of overlapping touch areas in scene \"\(scene)\" are not listed (at most \(overlapWarningsPerScene) are)"
                ))
        }
        if compared < interactive.count {
            result.append(
                Diagnostic(
                    .warning, file: file, path: path,
                    message:
                        "scene \"\(scene)\" has \(interactive.count) interactive elements: overlapping touch areas were looked for among the first \(compared) only"
                ))
        }
        return result
    }
}
