/// What `sceneflow new` makes of a set of measured screenshots: the device, the scenes in
/// order, which landscape screenshots become a scene's `landscape` variant, and warnings
/// about screenshots that will be drawn stretched. Pure: the runner's `Scaffolder` measures
/// the images and writes the files.
///
/// - The device comes from the most common portrait screen size (taller than wide) among
///   the shots that are not scroll screenshots (ties: the first by name), so a landscape shot
///   or a long scroll screenshot listed first does not shape the whole prototype; with no such
///   portrait shot, from the first shot that is not a scroll screenshot (a landscape device),
///   else the first one.
/// - A scroll screenshot (a whole image more than `scrollAspect` times as tall as wide, and
///   taller than the portrait device once scaled to its width) becomes a scroll scene
///   (`ScaffoldWriter.Shot.scrolls`) rather than a stretched one.
/// - On a portrait device, a landscape-shaped shot named after a portrait shot plus a
///   landscape word (`home.png` + `home_land.png`, `home-landscape.png`, `home landscape.png`,
///   `landscape_home.png`) becomes that scene's landscape variant. Any other landscape shot
///   stays a scene of its own, with a warning naming the file (it is drawn stretched).
/// - Every shot whose screen area's aspect ratio differs from the device's (the turned
///   device's, for a variant) by more than `AspectCheck.tolerance` gets a warning.
public enum ScaffoldPlan {
    /// One measured screenshot.
    public struct Measured: Equatable, Sendable {
        /// The file name (no folder), as it will be written in `prototype.lua`.
        public var file: String
        /// The image size in pixels.
        public var pixelWidth: Int
        /// The image height in pixels.
        public var pixelHeight: Int
        /// `.auto` for a device-framed shot, else `.wholeImage`.
        public var screen: ScreenArea
        /// The screen area's width in pixels (the whole image unless framed).
        public var screenWidth: Int
        /// The screen area's height in pixels.
        public var screenHeight: Int
        /// Creates a measurement.
        public init(
            file: String, pixelWidth: Int, pixelHeight: Int, screen: ScreenArea = .wholeImage,
            screenWidth: Int? = nil, screenHeight: Int? = nil
        ) {
            self.file = file
            self.pixelWidth = pixelWidth
            self.pixelHeight = pixelHeight
            self.screen = screen
            self.screenWidth = screenWidth ?? pixelWidth
            self.screenHeight = screenHeight ?? pixelHeight
        }
        var isLandscape: Bool { screenWidth > screenHeight }
        /// A long scroll screenshot: more than `scrollAspect` times as tall as wide, no frame.
        var isScrollShot: Bool {
            screen == .wholeImage && Double(screenHeight) > ScaffoldPlan.scrollAspect * Double(screenWidth)
        }
        var stem: String {
            guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
            return String(file[..<dot])
        }
    }

    /// The outcome.
    public struct Result: Sendable {
        /// The scenes in order, landscape variants attached.
        public var shots: [ScaffoldWriter.Shot]
        /// The guessed device (portrait unless every shot is landscape).
        public var device: Device
        /// Which `DeviceGuess` entry the device came from, or `"fallback"`.
        public var deviceSource: String
        /// Warnings naming the image files (`Diagnostic.file` is the file name).
        public var warnings: [Diagnostic]
    }

    /// How many times as tall as wide a screenshot must be to count as a scroll screenshot
    /// (phones are at most about 1:2.2; 3 leaves room for tall ones).
    public static let scrollAspect = 3.0

    /// The shot the device is guessed from: the most common portrait screen size among the
    /// shots that are not scroll screenshots (ties: the first by name), else the first shot
    /// that is not a scroll screenshot, else the first shot.
    static func deviceShot(_ images: [Measured]) -> Measured? {
        let portraits = images.filter { !$0.isLandscape && !$0.isScrollShot }
        var counts: [[Int]: Int] = [:]
        for image in portraits { counts[[image.screenWidth, image.screenHeight], default: 0] += 1 }
        let most = counts.values.max() ?? 0
        return portraits.first { counts[[$0.screenWidth, $0.screenHeight]] == most }
            ?? images.first { !$0.isScrollShot } ?? images.first
    }

    /// Words that mark a landscape screenshot's name, before or after the portrait name.
    public static let landscapeWords: Set<String> = ["land", "landscape", "ls", "horizontal", "wide"]

    /// The plan for `images`, already in file name order.
    public static func plan(_ images: [Measured]) -> Result {
        let deviceShot = deviceShot(images)
        let (device, source) = DeviceGuess.device(
            pixelWidth: deviceShot?.screenWidth ?? 1, pixelHeight: deviceShot?.screenHeight ?? 1)
        var variants: [Int: Int] = [:]  // portrait index -> landscape index
        var warnings: [Diagnostic] = []
        let portraitDevice = device.width < device.height
        if portraitDevice {
            for (index, image) in images.enumerated() where image.isLandscape {
                if let partner = partner(of: image, in: images), variants[partner] == nil {
                    variants[partner] = index
                }
            }
        }
        let variantIndices = Set(variants.values)
        let sceneIndices = images.indices.filter { !variantIndices.contains($0) }
        let names = SceneNamer.names(for: sceneIndices.map { images[$0].file })
        var shots: [ScaffoldWriter.Shot] = []
        for (position, index) in sceneIndices.enumerated() {
            let image = images[index]
            var shot = ScaffoldWriter.Shot(
                scene: names[position], image: image.file, pixelWidth: image.pixelWidth,
                pixelHeight: image.pixelHeight, screen: image.screen)
            let contentHeight = Double(image.pixelHeight) * device.width / Double(max(image.pixelWidth, 1))
            let scrolls = image.isScrollShot && device.width < device.height && contentHeight > device.height
            if scrolls && contentHeight * device.scale > Double(ScrollRegion.maxContentPixels) {
                // Too long to draw as one scroll image: `check` would refuse the scroll region.
                warnings.append(
                    Diagnostic(
                        .warning, file: image.file,
                        message:
                            "scene \"\(shot.scene)\" does not scroll: scaled to the \(formatNumber(device.width)) pt screen width it would be \(formatNumber(contentHeight.rounded())) pt tall, \(formatNumber((contentHeight * device.scale).rounded())) px at scale \(formatNumber(device.scale)), more than \(ScrollRegion.maxContentPixels) px (the most an image may have on a side); cut it into shorter screenshots to scroll through it"
                    ))
            } else if scrolls {
                shot.scrolls = true
            } else if AspectCheck.isStretched(width: image.screenWidth, height: image.screenHeight, into: device) {
                warnings.append(stretchWarning(image, scene: shot.scene, device: device, images: images))
            }
            if let variantIndex = variants[index] {
                let variant = images[variantIndex]
                shot.landscape = ScaffoldWriter.Shot.Landscape(
                    image: variant.file, pixelWidth: variant.pixelWidth, pixelHeight: variant.pixelHeight,
                    screen: variant.screen)
                if AspectCheck.isStretched(
                    width: variant.screenWidth, height: variant.screenHeight, into: device.rotated)
                {
                    warnings.append(
                        Diagnostic(
                            .warning, file: variant.file,
                            message: "the landscape variant of scene \"\(shot.scene)\" draws it "
                                + stretchText(variant, into: device.rotated)))
                }
            }
            shots.append(shot)
        }
        return Result(shots: shots, device: device, deviceSource: source, warnings: warnings)
    }

    /// The index of the portrait shot `landscape` is named after, if any.
    static func partner(of landscape: Measured, in images: [Measured]) -> Int? {
        // Compared as scene names (case, spaces and accents aside: `Home Screen-Land.png`
        // pairs with `home_screen.png`) and as raw file stems (names in other scripts:
        // `日本_land.png` pairs with `日本.png`).
        let named = candidates(SceneNamer.name(for: landscape.file), separators: ["_"])
        let raw = candidates(landscape.stem.lowercased(), separators: ["_", "-", " ", "."])
        guard !named.isEmpty || !raw.isEmpty else { return nil }
        return images.firstIndex { image in
            !image.isLandscape
                && (named.contains(SceneNamer.name(for: image.file)) || raw.contains(image.stem.lowercased()))
        }
    }

    /// `stem` without a landscape word at its end or start (`home_land` → `home`), or nothing.
    static func candidates(_ stem: String, separators: [Character]) -> [String] {
        let words = stem.split(whereSeparator: { separators.contains($0) }).map(String.init)
        guard words.count >= 2 else { return [] }
        var result: [String] = []
        if let last = words.last, landscapeWords.contains(last) {
            result.append(String(stem.dropLast(last.count + 1)))
        }
        if let first = words.first, landscapeWords.contains(first) {
            result.append(String(stem.dropFirst(first.count + 1)))
        }
        return result
    }

    /// The warning for a scene's shot that does not fit the device's shape.
    static func stretchWarning(_ image: Measured, scene: String, device: Device, images: [Measured]) -> Diagnostic {
        var message = "scene \"\(scene)\" draws it " + stretchText(image, into: device)
        if image.isLandscape && device.width < device.height {
            let example = images.first { !$0.isLandscape } ?? Measured(file: "home.png", pixelWidth: 1, pixelHeight: 2)
            let ext = image.file.contains(".") ? "." + (image.file.split(separator: ".").last ?? "png") : ""
            message +=
                "; no portrait screenshot is named like it: to make it a scene's landscape variant, name it after "
                + "that scene's image with _land or -landscape (e.g. \(example.stem)_land\(ext) for \(example.file))"
        }
        return Diagnostic(.warning, file: image.file, message: message)
    }

    /// `(2400x1080 px, landscape, aspect 2.222) stretched into the portrait 360x800 pt device (…)`.
    static func stretchText(_ image: Measured, into device: Device) -> String {
        AspectCheck.stretchText(
            width: image.screenWidth, height: image.screenHeight, framed: image.screen != .wholeImage, device: device)
    }
}
