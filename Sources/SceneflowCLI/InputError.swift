/// Bad input found while validating a command line: an input path (script, folder, image)
/// that does not exist. Printed as one line naming the path, without the usage line; exit
/// code 65, as for a prototype that cannot be used (the Limits and exit codes article in Sceneflow.docc). Thrown by
/// `Subcommand.validate()`; `SceneflowTool.execute` maps it.
struct InputError: Error, CustomStringConvertible {
    /// What is wrong, naming the path.
    let message: String
    var description: String { message }
}
