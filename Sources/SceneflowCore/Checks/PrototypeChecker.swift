/// Finds what in a valid prototype is probably a mistake: scenes no element reaches, elements
/// outside the screen, duplicate labels within a scene, durations shorter than a frame,
/// frames too small to tap, overlapping touch areas, and images no scene uses. These are
/// warnings: the prototype still plays.
public enum PrototypeChecker {
    /// Warnings for `prototype`, naming `file` (the prototype.lua path) and the table path.
    /// `imageFiles` lists the image files found in the prototype folder, relative to it.
    public static func warnings(for prototype: Prototype, file: String, imageFiles: [String]) -> [Diagnostic] {
        var result: [Diagnostic] = []
        let reach = reach(prototype)
        // A scene reached by code (`inspect`, `graph`) gets no warning: all three agree.
        for scene in prototype.orderedScenes where reach[scene.name] == SceneReach.none {
            result.append(
                Diagnostic(
                    .warning, file: file, path: "scenes.\(scene.name)",
                    message:
                        "no element or swipe leads to scene \"\(scene.name)\" from the start scene \"\(prototype.start)\""
                ))
        }
        for scene in prototype.orderedScenes {
            // A landscape scene's elements are in landscape points.
            let upright = prototype.showsLandscape(scene.name, held: .portrait)
            let screen = prototype.device(showing: scene.name, held: .portrait).bounds
            // An overlay scene's frames are relative to its card (red-team 29 F1: an element
            // outside the card but inside the screen was not warned, and a tap said "outside
            // the screen").
            let card = scene.design.overlay.map { style -> Rect in
                let frame = style.frame(on: prototype.device)
                return Rect(x: 0, y: 0, width: frame.width, height: frame.height)
            }
            result += elementWarnings(
                scene.elements, scene: scene.name, screen: card ?? screen,
                scroll: prototype.scrollRegion(scene.name, landscape: upright), file: file,
                areaName: card == nil ? "screen" : "overlay card")
            if let variant = scene.design.landscape {  // the landscape variant: landscape points
                result += elementWarnings(
                    variant.elements, scene: scene.name, screen: prototype.device.rotated.bounds,
                    scroll: variant.scroll, file: file)
            }
        }
        result += fitWarnings(for: prototype, file: file)  // stars past their frame, overlays past the screen
        result += scrollWarnings(for: prototype, file: file)
        result += tooShortOrSmallWarnings(for: prototype, file: file)  // sub-frame durations, untappable frames
        result += overlapWarnings(for: prototype, file: file)  // touch areas that overlap
        let used = Set(prototype.imageReferences.map { normalise($0.image) })
        for image in imageFiles.sorted() where !used.contains(normalise(image)) {
            result.append(Diagnostic(.warning, file: file, message: "image \"\(image)\" is not used by any scene"))
        }
        return result
    }

    /// Elements outside `screen` (points; a scroll region's content height extends it; for an
    /// overlay scene its card, `areaName` "overlay card") and labels shared by two of
    /// `elements` of one kind (scripts then need `index = n`).
    private static func elementWarnings(
        _ elements: [Element], scene: String, screen: Rect, scroll: ScrollRegion?, file: String,
        areaName: String = "screen"
    ) -> [Diagnostic] {
        var result: [Diagnostic] = []
        var seen: [String: String] = [:]
        // A scroll scene's elements lie anywhere on its tall image: its content is the reference.
        let content = scroll?.contentHeight.flatMap {
            $0 > screen.height ? Rect(x: 0, y: 0, width: screen.width, height: $0) : nil
        }
        let area = content ?? screen
        let name = content == nil ? areaName : "content"
        for element in elements {
            if !element.frame.isInside(area) {
                result.append(
                    Diagnostic(
                        .warning, file: file, path: "\(element.path).frame",
                        message:
                            "\"\(element.label)\" frame \(element.frame) lies outside the \(formatNumber(area.width))x\(formatNumber(area.height)) pt \(name)"
                    ))
            }
            // One label on elements of different kinds (a back button and a tab both labelled
            // "Cars", as iOS labels them) is told apart by `{label = ..., kind = ...}`.
            let key = "\(element.kind)\u{0}\(element.label)"
            if let first = seen[key] {
                let kind = element.kind == "hotspot" ? "" : ", both of kind \(element.kind)"
                result.append(
                    Diagnostic(
                        .warning, file: file, path: element.path,
                        message:
                            "duplicate label \"\(element.label)\" in scene \"\(scene)\" (also at \(first))\(kind); scripts tell them apart only by index = n"
                    ))
            } else {
                seen[key] = element.path
            }
        }
        return result
    }

    /// Scene names reachable from the start scene through `go` and `present` actions and by
    /// turning the device to a separate landscape scene (`landscape = "name"`), plus the start
    /// scene.
    public static func reachableScenes(_ prototype: Prototype) -> Set<String> {
        var seen: Set<String> = [prototype.start]
        var todo = [prototype.start]
        while let name = todo.popLast() {
            guard let scene = prototype.scenes[name] else { continue }
            let turned = scene.design.landscapeScene.map { [$0] } ?? []  // reached by turning the device
            for target in scene.actions.compactMap(\.action.targetScene) + turned {
                if !seen.contains(target) {
                    seen.insert(target)
                    todo.append(target)
                }
            }
        }
        return seen
    }

    private static func normalise(_ path: String) -> String {
        path.hasPrefix("./") ? String(path.dropFirst(2)) : path
    }
}
