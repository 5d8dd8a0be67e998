import Foundation

/// `sceneflow`: turns a folder of app screenshots into a clickable prototype and runs Lua
/// regression scripts against it. Exit codes: 0 pass, 1 test failure, 64 bad usage,
/// 65 bad prototype/script input, 70 the system failed (e.g. no display for a window).
StandardStreams.prepare()
// `test` takes SIGINT/SIGTERM/SIGHUP/SIGQUIT from its first instruction on: a signal during
// start-up (loading the config, finding scripts) killed it without reports (red-team finding).
if CommandLine.arguments.dropFirst().first == "test" { _ = Interruption.install() }
StuckLua.watch()
let status = SceneflowTool.run(Array(CommandLine.arguments.dropFirst()))
exit(StandardStreams.finish(status.rawValue))
