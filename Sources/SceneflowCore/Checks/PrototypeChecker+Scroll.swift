/// Scroll-region warnings: regions that cannot move.
extension PrototypeChecker {
    /// A warning for each scroll region of `prototype` whose content (points) is no taller than
    /// its screen (`ScrollRegion.immobileProblem`), so it can never scroll: the portrait region
    /// on the screen the scene shows on, and a landscape variant's on the turned screen.
    /// Paths name the region (`scenes.X.scroll`, `scenes.X.landscape.scroll`); `file` is the
    /// prototype.lua path.
    public static func scrollWarnings(for prototype: Prototype, file: String) -> [Diagnostic] {
        var result: [Diagnostic] = []
        for scene in prototype.orderedScenes {
            let screen = prototype.device(showing: scene.name, held: .portrait)
            if let problem = scene.design.scroll?.immobileProblem(screenHeight: screen.height) {
                result.append(Diagnostic(.warning, file: file, path: "scenes.\(scene.name).scroll", message: problem))
            }
            if let problem = scene.design.landscape?.scroll?.immobileProblem(
                screenHeight: prototype.device.rotated.height)
            {
                result.append(
                    Diagnostic(.warning, file: file, path: "scenes.\(scene.name).landscape.scroll", message: problem))
            }
        }
        return result
    }
}
