extension PrototypeChecker {
    /// Warnings for things drawn larger than their room (`sceneflow check`, exit 0):
    ///
    /// - a star rating whose glyph row (`star_size` width × `stars` + `spacing` between them)
    ///   is wider than its element frame, or whose `star_size` is taller than it: the stars run
    ///   past the frame (and off the screen) although taps are read inside the row;
    /// - an overlay scene whose `size` (given to `present`) is wider or taller than the screen it is presented on
    ///   (`Prototype.devices(presenting:)`: upright, and turned when a landscape screen presents
    ///   it): the overlay is cut by the screen edges;
    /// - an overlay scene whose `size` is under `smallestTouchSize` (1 pt) wide or tall.
    ///
    /// A star rating without `star_size` (and without star images, which give it) is laid out
    /// to fit its frame and is never warned. Sizes in the messages are in points.
    public static func fitWarnings(for prototype: Prototype, file: String) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for scene in prototype.orderedScenes {
            let elements = scene.elements + (scene.design.landscape?.elements ?? [])
            for element in elements {
                if let rating = element.control?.starRating, let message = starFitMessage(rating, frame: element.frame)
                {
                    result.append(Diagnostic(.warning, file: file, path: "\(element.path).star_size", message: message))
                }
            }
            guard let overlay = scene.design.overlay, let size = overlay.size else { continue }
            if min(size.width, size.height) < smallestTouchSize {
                result.append(
                    Diagnostic(
                        .warning, file: file, path: presentPath(of: scene.name, in: prototype),
                        message:
                            "overlay scene \"\(scene.name)\": size \(formatNumber(size.width))x\(formatNumber(size.height)) pt is under 1 pt "
                            + "wide or tall: the card and its elements can hardly be seen or tapped"))
            }
            for device in prototype.devices(presenting: scene.name)
            where size.width > device.width + 0.001 || size.height > device.height + 0.001 {
                let orientation = device.width > device.height ? "landscape" : "portrait"
                result.append(
                    Diagnostic(
                        .warning, file: file, path: presentPath(of: scene.name, in: prototype),
                        message:
                            "overlay scene \"\(scene.name)\": size \(formatNumber(size.width))x\(formatNumber(size.height)) pt is larger than the "
                            + "\(orientation) \(formatNumber(device.width))x\(formatNumber(device.height)) pt screen "
                            + "that presents it: the screen edges cut it"))
                break
            }
        }
        return result
    }

    /// Where the overlay `scene` is presented with its options: the first `present` action's
    /// path with `.size` (`scenes.home.elements[2].on_tap.size`), else the scene's path.
    private static func presentPath(of scene: String, in prototype: Prototype) -> String {
        for presenter in prototype.orderedScenes {
            for (path, action) in presenter.actions {
                if case .present(let target, _) = action, target == scene { return "\(path).size" }
            }
        }
        return "scenes.\(scene)"
    }

    /// Why `rating`'s stars do not fit `frame` (points), or nil when they do.
    static func starFitMessage(_ rating: StarRating, frame: Rect) -> String? {
        guard let star = rating.starSize else { return nil }
        let n = Double(rating.stars)
        let gap = max(0, rating.spacing)
        let row = star.width * n + gap * (n - 1)
        let wide = row > frame.width + 0.001
        let tall = star.height > frame.height + 0.001
        guard wide || tall else { return nil }
        let sum =
            "\(rating.stars) stars of \(formatNumber(star.width))x\(formatNumber(star.height)) pt"
            + (gap > 0 ? " with \(formatNumber(gap)) pt spacing" : "")
        let needs = "\(formatNumber(row))x\(formatNumber(star.height)) pt"
        return
            "\(sum) need \(needs), more than the \(formatNumber(frame.width))x\(formatNumber(frame.height)) pt frame: "
            + "the stars run past it; make star_size smaller or the frame larger"
    }
}
