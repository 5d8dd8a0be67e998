import Foundation
import PackagePlugin

/// Build-tool plugin that compiles the target's `Lua/*.lua` files into the target as string
/// constants of `enum EmbeddedLua` (one per file, see `EmbedLuaTool`), so the binary needs no
/// Lua files at run time. The `Lua` folder is excluded from the target in Package.swift (SwiftPM
/// does not handle `.lua` files itself); the plugin lists it on every build, and the generated
/// file is rebuilt when any listed file changes.
@main
struct EmbedLua: BuildToolPlugin {
    /// One build command: `EmbedLuaTool <work dir>/EmbeddedLua.swift <target>/Lua/*.lua`.
    /// Throws when the target's `Lua` folder cannot be listed.
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let inputs = module.sourceFiles(withSuffix: ".lua").map(\.url)
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLua.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) Lua files into \(target.name)",
                executable: try context.tool(named: "EmbedLuaTool").url,
                arguments: [output.path] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
