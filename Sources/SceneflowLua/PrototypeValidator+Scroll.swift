import SceneflowCore

extension PrototypeValidator {
    /// Reports scroll regions that cannot work on the screen the scene shows on: fixed header
    /// and footer leaving no scrolling band or one under 44 pt (`ScrollRegion.bandProblem`, at
    /// `scenes.X.scroll.header`), a `height` shorter than the screen
    /// (`ScrollRegion.heightProblem`, at `scenes.X.scroll.height`), and a region on a scene
    /// presented as an overlay (at `scenes.X.scroll`: scroll regions are for full-screen scenes).
    /// The portrait region is measured against the device's height in points (a separate
    /// landscape scene's against the turned device), a landscape variant's (paths
    /// `scenes.X.landscape.scroll…`) against the turned device. The loader adds the line when
    /// `SourceLineFinder` finds the key unambiguously.
    /// The tallest scroll content, pixels (`height` × the device scale): an image's side limit.
    static let maxContentPixels = ScrollRegion.maxContentPixels

    mutating func checkScrollBands(_ prototype: Prototype) {
        for scene in prototype.orderedScenes {
            let screen = prototype.device(showing: scene.name, held: .portrait)
            checkScrollRegion(
                scene.design.scroll, screenHeight: screen.height, overlay: scene.design.overlay != nil,
                scale: prototype.device.scale, path: "scenes.\(scene.name).scroll", note: "")
            checkScrollRegion(
                scene.design.landscape?.scroll, screenHeight: prototype.device.rotated.height,
                overlay: scene.design.overlay != nil, scale: prototype.device.scale,
                path: "scenes.\(scene.name).landscape.scroll",
                note: " (turned to landscape)")
        }
    }

    /// The checks of `checkScrollBands` on one region at `path` (`note` ends landscape messages).
    private mutating func checkScrollRegion(
        _ region: ScrollRegion?, screenHeight: Double, overlay: Bool, scale: Double, path: String, note: String
    ) {
        guard let region else { return }
        if overlay {
            error(
                path,
                "scroll regions are for full-screen scenes, not overlays: this scene is presented as an overlay (present(…, { overlay = true })); remove scroll, or show the scene with go(…)"
            )
            return
        }
        if let problem = region.bandProblem(screenHeight: screenHeight) { error(path + ".header", problem + note) }
        if let problem = ScrollRegion.heightProblem(givenHeight: region.contentHeight, screenHeight: screenHeight) {
            error(path + ".height", problem + note)
        }
        // The content is drawn as one image of height × scale pixels: more than an image may
        // have cost 12.7 GB or crashed `render` (red-team finding F7).
        if let height = region.contentHeight, height * scale > Double(Self.maxContentPixels) {
            error(
                path + ".height",
                "\(formatNumber(height)) pt at scale \(formatNumber(scale)) is \(formatNumber((height * scale).rounded())) px, more than \(Self.maxContentPixels) px (the most an image may have on a side)\(note)"
            )
        }
    }
}
