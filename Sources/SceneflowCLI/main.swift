import Foundation

/// `sceneflow`: turns a folder of app screenshots into a clickable prototype and runs Lua
/// regression scripts against it. Exit codes: 0 pass, 1 test failure, 64 bad usage,
/// 65 bad prototype/script input, 70 the system failed (e.g. no display for a window),
/// 128 + n after stop signal n (`Interruption`).
// `test` takes its stop signals first thing (a pre-main handler, `early_signals.c`, remembered
// any that came while the runtime started): a signal during start-up (loading the config,
// finding scripts) killed it without reports (red-team finding).
if CommandLine.arguments.dropFirst().first == "test" {
    _ = Interruption.install()
} else {
    // The others end by each signal's default action until a command takes them over
    // (`play`, `record`, `merge-reports`, `graph` during its layout install `Interruption`).
    Interruption.endByDefault()
}
// Tesseract's OpenMP threads spin while they wait: on a 2-core machine they cost more CPU than
// they save (detect on a 1080x2400 screen: 2.7 s real, 2.9 s CPU against 0.66 s and 0.66 s with
// one thread, the same words). Tesseract's own advice for its library use is one thread
// (OMP_THREAD_LIMIT=1); set before anything runs, and only when the user has not chosen.
setenv("OMP_THREAD_LIMIT", "1", 0)
StandardStreams.prepare()
StandardStreams.command = StandardStreams.named(Array(CommandLine.arguments.dropFirst()))
StuckLua.watch()
let status = SceneflowTool.run(Array(CommandLine.arguments.dropFirst()))
exit(StandardStreams.finish(status.rawValue))
