import Foundation

/// `sceneflow`: turns a folder of app screenshots into a clickable prototype and runs Lua
/// regression scripts against it. Exit codes: 0 pass, 1 test failure, 64 bad usage,
/// 65 bad prototype/script input, 70 the system failed (e.g. no display for a window).
StandardStreams.prepare()
StuckLua.watch()
let status = SceneflowTool.run(Array(CommandLine.arguments.dropFirst()))
exit(StandardStreams.finish(status.rawValue))
