import SceneflowCore

extension PrototypeValidator {
    /// Reports scroll regions whose fixed header and footer leave no scrolling band on the
    /// screen the scene shows on (`ScrollRegion.bandProblem`): the portrait region against the
    /// device's height in points (a separate landscape scene's against the turned device), a
    /// landscape variant's against the turned device. Errors at `scenes.X.scroll.header`
    /// (`scenes.X.landscape.scroll.header`); the loader adds the line when `header =` is
    /// written once in the file.
    mutating func checkScrollBands(_ prototype: Prototype) {
        for scene in prototype.orderedScenes {
            let screen = prototype.device(showing: scene.name, held: .portrait)
            if let problem = scene.design.scroll?.bandProblem(screenHeight: screen.height) {
                error("scenes.\(scene.name).scroll.header", problem)
            }
            if let problem = scene.design.landscape?.scroll?.bandProblem(screenHeight: prototype.device.rotated.height)
            {
                error("scenes.\(scene.name).landscape.scroll.header", problem + " (turned to landscape)")
            }
        }
    }
}
