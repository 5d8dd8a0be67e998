import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow test --watch`: runs the scripts, then waits for changes and runs again, until
/// Ctrl-C (Playwright Test's watch mode, without its UI). A changed script file reruns that
/// script; a change to any other Lua file under the paths (a module scripts `require`, such as
/// `lib/helpers.lua`), to a prototype folder (`--prototype`, and every folder a script names
/// with `prototype "…"`) or to a file a script's last run read (its modules, its prototype's
/// images in subfolders too: the workers say which, `WorkerEvent.read`) reruns every script,
/// since which scripts use it is only known by running their Lua. Changes are noticed with `FileWatcher` (inotify where it works, else
/// polling every 0.2 s), and a burst of writes (an editor saving) counts once. The scripts are
/// found again every 0.2 s as the first run found them (`ScriptFinder`): a script added under
/// the paths runs at once and is watched from then on, a removed one is dropped.
/// The reports each run writes hold the latest result of every watched script
/// (`WatchedResults`), and so does the closing line.
/// Ctrl-C while waiting ends the watch with exit 0; during a run it interrupts that run as
/// usual (exit 130). Any other stop signal (SIGTERM, SIGALRM, …) ends it with 128 + its number.
enum TestWatch {
    /// Real seconds between looks at the files while waiting, and after a change before the run.
    static let pause: useconds_t = 200_000

    /// Watches and reruns `command` (its first run included) until interrupted.
    static func run(_ command: TestCommand, runOnce: (TestCommand) -> ExitCode) -> ExitCode {
        let interruption = Interruption.install()
        var command = command
        let watched = WatchedResults()
        command.watched = watched
        var scripts = ScriptFinder.scripts(in: command.inputs)
        watched.scripts = scripts
        // The files are looked at before each run, so what is saved while it runs is run next
        // (red-team finding S7: looked at after the run, such a change was never run).
        var watchers = Watchers(scripts: scripts, command: command, read: watched.readByScripts)
        var status = runOnce(command)
        watchers.watch(read: watched.readByScripts)
        while true {
            // Ctrl-C is the way out of a watch; any other stop signal ends it as a stopped run.
            if let signal = interruption.signal { return signal == SIGINT ? status : ExitCode(stoppedBy: signal) }
            print(
                "watching \(counted(scripts.count, "script")), their modules and prototypes for changes (Ctrl-C to stop)"
            )
            flushOutput()
            var changed: [String] = []
            var everyScript = false
            var found = ScriptFinder.scripts(in: command.inputs)
            while !everyScript && changed.isEmpty && found == scripts {
                if let signal = interruption.signal {
                    // The closing line counts every watched script's latest result.
                    print("stopped watching; watched suite: \(watched.summary.line)")
                    return signal == SIGINT ? .success : ExitCode(stoppedBy: signal)
                }
                everyScript = watchers.sharedChanged()
                changed = watchers.changedScripts()
                if everyScript || !changed.isEmpty { break }
                usleep(pause)
                found = ScriptFinder.scripts(in: command.inputs)
            }
            // An editor saving writes more than once: let the burst end, then take it all. The
            // next run's watchers look first, so nothing saved from here on is missed.
            usleep(pause)
            found = ScriptFinder.scripts(in: command.inputs)
            let next = Watchers(scripts: found, command: command, read: watched.readByScripts)
            everyScript = watchers.sharedChanged() || everyScript || changed.count == scripts.count
            changed += watchers.changedScripts().filter { !changed.contains($0) }
            watchers = next
            let added = found.filter { !scripts.contains($0) }
            let removed = scripts.filter { !found.contains($0) }
            if !added.isEmpty { print("added: \(added.map(TerminalText.path).joined(separator: ", "))") }
            if !removed.isEmpty { print("removed: \(removed.map(TerminalText.path).joined(separator: ", "))") }
            scripts = found
            // What runs: the changed scripts that are still there and the new ones (all of
            // them after a module or prototype changed); nothing when scripts were only removed.
            // With --shard I/N, only those of this shard of every script found.
            changed = everyScript ? scripts : changed.filter(found.contains) + added
            if let (index, count) = command.settings.shard {
                let shard = Set(ScriptFinder.shard(found, index: index, of: count))
                changed = changed.filter(shard.contains)
            }
            guard !changed.isEmpty else { continue }
            print(
                "changed: running \(changed.count == scripts.count ? "every script" : changed.map(TerminalText.path).joined(separator: ", "))"
            )
            watched.scripts = scripts
            var again = command
            again.inputs = changed
            again.sharded = command.settings.shard != nil
            status = runOnce(again)
            watchers.watch(read: watched.readByScripts)
        }
    }

    /// What a watch looks at: each script, and the files whose change reruns every script.
    struct Watchers {
        let scripts: [String]
        var perScript: [FileWatcher]
        /// The modules under the paths, then one watcher per prototype folder in use (its
        /// `prototype.lua`, and every file in it: a folder missing now is noticed when it is
        /// back, red-team finding S4), then the files the scripts' runs read (`watch(read:)`).
        var shared: [FileWatcher]
        /// The files the scripts' runs read that are watched (`read`).
        private var read: Set<String> = []

        /// Watches `scripts` and what reruns them all: the modules under the paths, the
        /// prototype folders, and `read`, the files earlier runs of the scripts read (their
        /// modules and their prototypes' images, in subfolders too: red-team finding T2).
        init(scripts: [String], command: TestCommand, read: [String] = []) {
            self.scripts = scripts
            perScript = scripts.map { FileWatcher(files: [$0]) }
            shared =
                [FileWatcher(files: TestWatch.moduleFiles(scripts: scripts, inputs: command.inputs))]
                + TestWatch.prototypeFolders(scripts: scripts, command: command).map {
                    FileWatcher(
                        files: [($0 as NSString).appendingPathComponent("prototype.lua")], folder: $0,
                        ignoring: TestWatch.ownOutputs(command))
                }
            watch(read: read)
        }

        /// Also watches those of `files` (read by a run that just ended) not watched yet, from
        /// now on: the first run of a script tells which images and modules it reads.
        mutating func watch(read files: [String]) {
            let new = files.filter { !read.contains($0) }
            guard !new.isEmpty else { return }
            read.formUnion(new)
            shared.append(FileWatcher(files: new))
        }

        /// True when a module or a prototype folder changed since the last look (every
        /// watcher looks, so each change counts once).
        mutating func sharedChanged() -> Bool {
            var any = false
            for index in shared.indices where shared[index].changed() { any = true }
            return any
        }

        /// The scripts changed since the last look.
        mutating func changedScripts() -> [String] {
            scripts.indices.filter { perScript[$0].changed() }.map { scripts[$0] }
        }
    }

    /// The Lua files under the paths that are not scripts (modules): a change to one reruns
    /// every script.
    static func moduleFiles(scripts: [String], inputs: [String]) -> [String] {
        let fm = FileManager.default
        var files: [String] = []
        let scriptSet = Set(scripts)
        for input in inputs {
            var isFolder: ObjCBool = false
            guard fm.fileExists(atPath: input, isDirectory: &isFolder), isFolder.boolValue else { continue }
            guard let walk = fm.enumerator(atPath: input) else { continue }
            for case let relative as String in walk where relative.hasSuffix(".lua") {
                let path = (input as NSString).appendingPathComponent(relative)
                if !scriptSet.contains(path) { files.append(path) }
            }
        }
        return files
    }

    /// The files a run of `command` writes itself (`--json`, `--junit`, `--timeline`, `--csv`,
    /// and the files standard output and error go to): a prototype folder's watch leaves them
    /// out, or a report written beside `prototype.lua` reran every script for ever (red-team
    /// finding p5).
    static func ownOutputs(_ command: TestCommand) -> [String] {
        let settings = command.settings
        var outputs = [settings.json, settings.junit, settings.timeline, settings.csv].compactMap { $0 }
            .filter { $0 != "-" }
        for fd in [1, 2] {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)"),
                target.hasPrefix("/")
            {
                outputs.append(target)
            }
        }
        return outputs
    }

    /// The prototype folders in use: `--prototype`, and every folder a script names (present
    /// or not).
    static func prototypeFolders(scripts: [String], command: TestCommand) -> [String] {
        var prototypes = Set(command.settings.prototype.map { [$0] } ?? [])
        for script in scripts { if let named = namedPrototype(script) { prototypes.insert(named) } }
        return prototypes.sorted()
    }

    /// The folder a script names with `prototype "path"` (read from its text, relative to the
    /// script), or nil.
    static func namedPrototype(_ script: String) -> String? {
        guard let data = try? LuaSourceFile.read(script), let text = String(validating: data, as: UTF8.self),
            let match = text.firstMatch(of: #/(?m)^\s*prototype\s*\(?\s*["']([^"'\n]+)["']/#)
        else { return nil }
        let path = String(match.1)
        if path.hasPrefix("/") { return path }
        return ((PathText.folder(of: script).isEmpty ? "." : PathText.folder(of: script)) as NSString)
            .appendingPathComponent(path)
    }
}
