/// The module files `require` looked for and did not find while a script file's tests ran
/// (`no module "lib.forms"`), as paths from the working directory (`Scripts/lib/forms.lua`).
/// Created later, such a file changes what the script does, so `sceneflow test --watch` watches
/// them with the files the run read (red-team finding T2). One collector serves every Lua
/// state of a file's run, the load that failed on its first `require` included.
public final class MissingModules {
    /// The paths looked for and not found so far.
    public private(set) var paths: Set<String> = []

    /// Creates an empty collector.
    public init() {}

    /// Notes that `path` was looked for and is not there.
    func insert(_ path: String) { paths.insert(path) }
}
