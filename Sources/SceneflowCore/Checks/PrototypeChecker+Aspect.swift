extension PrototypeChecker {
    /// The pixel size of an image's screen area (`screen` inside the image at the path relative
    /// to the prototype folder), or nil when it cannot be measured. Supplied by the caller, who
    /// can read images (Core reads none).
    public typealias ScreenMeasure = (_ image: String, _ screen: ScreenArea) -> (width: Int, height: Int)?

    /// Warnings for screenshots drawn stretched: a scene whose image's screen area (the whole
    /// image, or the `screen` rectangle / the screen `"auto"` finds in a framed shot) differs
    /// from the device's aspect ratio by more than `AspectCheck.tolerance`, and a landscape
    /// variant whose screen area differs from the turned device's (in particular a
    /// portrait-shaped one); a separate landscape scene (`landscape = "name"`) is compared with
    /// the turned device. Each names the scene, the file and both aspects (width ÷ height).
    /// An overlay scene is compared with its overlay's rectangle on the upright device
    /// (`OverlayStyle.frame(on:)`: its `size`, or the default for its position). Scroll regions
    /// (taller than the screen on purpose, in either orientation) are not compared.
    public static func aspectWarnings(for prototype: Prototype, file: String, measure: ScreenMeasure) -> [Diagnostic] {
        var result: [Diagnostic] = []
        let device = prototype.device
        let turned = device.rotated
        // Separate landscape scenes (`landscape = "name"`, every scene of a landscape sequence)
        // always show on the turned device.
        for scene in prototype.orderedScenes {
            let shownOn = scene.design.portraitScene != nil ? turned : device
            if scene.design.overlay == nil, scene.design.scroll == nil,
                let size = measure(scene.image, scene.screen),
                AspectCheck.isStretched(width: size.width, height: size.height, into: shownOn)
            {
                var hint = ""
                if size.width > size.height && shownOn.width < shownOn.height {
                    hint =
                        "; a landscape screenshot belongs in a portrait scene's "
                        + "landscape = { image = \"\(scene.image)\" }"
                } else if size.width < size.height && shownOn.width > shownOn.height {
                    hint = "; it is a landscape scene (shown on the turned device) but portrait-shaped"
                }
                result.append(
                    Diagnostic(
                        .warning, file: file, path: "scenes.\(scene.name).image",
                        message: stretchMessage(
                            scene: "scene \"\(scene.name)\"", image: scene.image, screen: scene.screen, size: size,
                            device: shownOn) + hint))
            }
            if let overlay = scene.design.overlay, scene.design.scroll == nil,
                let warning = overlayWarning(
                    scene, overlay, on: prototype.devices(presenting: scene.name), file: file,
                    measure: measure)
            {
                result.append(warning)
            }
            // A landscape variant with its own scroll region is taller than the screen on purpose.
            guard let variant = scene.design.landscape, variant.scroll == nil, scene.design.overlay == nil,
                let size = measure(variant.image, variant.screen)
            else { continue }
            guard AspectCheck.isStretched(width: size.width, height: size.height, into: turned) else { continue }
            let portraitNote =
                size.width < size.height && turned.width > turned.height
                ? "; it is portrait-shaped: is it the portrait screenshot?" : ""
            result.append(
                Diagnostic(
                    .warning, file: file, path: "scenes.\(scene.name).landscape.image",
                    message: stretchMessage(
                        scene: "the landscape variant of scene \"\(scene.name)\"", image: variant.image,
                        screen: variant.screen, size: size, device: turned) + portraitNote))
        }
        return result
    }

    /// A warning when `scene`'s image is stretched into its overlay rectangle on one of
    /// `devices` (the first such), else nil.
    private static func overlayWarning(
        _ scene: Scene, _ overlay: OverlayStyle, on devices: [Device], file: String, measure: ScreenMeasure
    ) -> Diagnostic? {
        guard let size = measure(scene.image, scene.screen) else { return nil }
        for device in devices {
            let frame = overlay.frame(on: device)
            let box = Device(width: frame.width, height: frame.height, scale: device.scale)
            guard AspectCheck.isStretched(width: size.width, height: size.height, into: box) else { continue }
            let text = AspectCheck.stretchText(
                width: size.width, height: size.height, framed: scene.screen != .wholeImage, device: box,
                into: "\(overlay.position.rawValue) overlay")
            let hint = overlay.size == nil ? "; give the overlay a size = {w, h} in points matching its image" : ""
            return Diagnostic(
                .warning, file: file, path: "scenes.\(scene.name).image",
                message: "overlay scene \"\(scene.name)\" draws \"\(scene.image)\" \(text)\(hint)")
        }
        return nil
    }

    /// `scene "home" draws "wide.png" (2400x1080 px, landscape, aspect 2.222) stretched into the
    /// portrait 360x800 pt device (aspect 0.450, 394 % apart)`.
    static func stretchMessage(
        scene: String, image: String, screen: ScreenArea, size: (width: Int, height: Int), device: Device
    ) -> String {
        "\(scene) draws \"\(image)\" "
            + AspectCheck.stretchText(
                width: size.width, height: size.height, framed: screen != .wholeImage, device: device)
    }
}
