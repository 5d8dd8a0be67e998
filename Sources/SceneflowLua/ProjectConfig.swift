import Foundation
import SceneflowCore

/// The project config `sceneflow.lua` (issue 20, as Playwright's `playwright.config`): a Lua
/// file at the repository root that returns defaults for `sceneflow test`. Options on the
/// command line win. It runs in the same sandbox as `prototype.lua` (no `io`, `os`,
/// `require` or `load`; the load limits), never with Lua's full standard library.
///
/// ```lua
/// return {
///   test = {
///     prototype = "Prototypes/Notes",          -- relative to this file
///     jobs = 2, timeout = 30, clock_limit = 600,
///     reporters = { junit = "out/junit.xml", json = "out/results.json", report = "out/report", tap = false },
///     update_baselines = "changed",            -- "changed", "all" or "missing"
///   },
/// }
/// ```
public struct ProjectConfig: Sendable, Equatable {
    /// The config file, as found.
    public var file: String
    /// `--prototype`, resolved against the config's folder (as every path here).
    public var prototype: String?
    /// `--jobs`, 1 to 64.
    public var jobs: Int?
    /// `--timeout`, real seconds > 0.
    public var timeout: Double?
    /// `--clock-limit`, clock seconds > 0.
    public var clockLimit: Double?
    /// `--junit FILE` (`reporters.junit`).
    public var junit: String?
    /// `--json FILE` (`reporters.json`).
    public var json: String?
    /// `--report DIR` (`reporters.report`).
    public var report: String?
    /// `--tap` (`reporters.tap`).
    public var tap: Bool?
    /// `changed`, `all` or `missing`.
    public var updateBaselines: String?

    /// The file name looked for.
    public static let fileName = "sceneflow.lua"

    /// The keys each table takes, for the unknown-key messages.
    static let topKeys = ["test"]
    static let testKeys = ["prototype", "jobs", "timeout", "clock_limit", "reporters", "update_baselines"]
    static let reporterKeys = ["junit", "json", "report", "tap"]

    /// The `sceneflow.lua` that governs `start` (a folder or a file in one): the first found
    /// walking up from it, stopping after a folder that holds `.git` (the repository root) or
    /// at the file system root; nil when there is none. Anything of that name counts, also a
    /// symbolic link that leads nowhere (`load` refuses it, as a FIFO or a folder): a broken
    /// config is never taken for no config.
    public static func find(from start: String) -> String? {
        let fm = FileManager.default
        var isFolder: ObjCBool = false
        var folder = URL(fileURLWithPath: start).standardizedFileURL
        if !fm.fileExists(atPath: folder.path, isDirectory: &isFolder) || !isFolder.boolValue {
            folder = folder.deletingLastPathComponent()
        }
        while true {
            let candidate = folder.appendingPathComponent(fileName).path
            var entry = stat()
            if lstat(candidate, &entry) == 0 { return candidate }
            if fm.fileExists(atPath: folder.appendingPathComponent(".git").path) || folder.path == "/" { return nil }
            folder = folder.deletingLastPathComponent()
        }
    }

    /// Loads `path` in a sandboxed Lua state.
    /// - Throws: `DiagnosticList` naming the file (and the line where it can be known) for a
    ///   file that cannot be read, a Lua error or limit, a result that is not a table, an
    ///   unknown key (with a did-you-mean) or a value of the wrong type or range.
    public static func load(_ path: String, limits: LuaLimits = .standard) throws(DiagnosticList) -> ProjectConfig {
        let data: Data
        do { data = try LuaSourceFile.read(path) } catch {
            let message =
                LuaSourceFile.sizeMessage(error, path: path)
                ?? "cannot read the project config: \(danglingLink(path) ?? error.description)"
            throw DiagnosticList([Diagnostic(file: path, message: message)])
        }
        guard let state = LuaState(limits: limits) else {
            throw DiagnosticList([Diagnostic(file: path, message: "could not start Lua (out of memory?)")])
        }
        let source = LuaSource(file: path)
        let text = String(decoding: data, as: UTF8.self)
        state.subject = path
        let result = state.run(data, chunkName: source.chunkName) { state.callHelper("sandbox") }
        if case .failure(let failure) = result {
            throw DiagnosticList([
                source.diagnostic(failure, limits: state.limits, instructions: state.limits.loadInstructions)
            ])
        }
        let root = state.snapshotTop()
        state.main.pop()
        var reader = Reader(file: path, text: text)
        let config = reader.read(root)
        if !reader.problems.isEmpty { throw DiagnosticList(reader.problems) }
        return config
    }

    /// `it is a symbolic link to "x.lua", which leads to nothing …` when `path` is a link
    /// whose target does not exist (or a loop of links); nil otherwise.
    static func danglingLink(_ path: String) -> String? {
        var entry = stat()
        var target = stat()
        guard lstat(path, &entry) == 0, entry.st_mode & S_IFMT == S_IFLNK, stat(path, &target) != 0 else { return nil }
        let why = errno == ELOOP ? "a loop of symbolic links" : "nothing"
        guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return nil }
        return
            "it is a symbolic link to \"\(TerminalText.escaped(destination))\", which leads to \(why) (a dangling link), not a regular file"
    }

    /// Reads the returned table, collecting every problem.
    struct Reader {
        let file: String
        let text: String
        var problems: [Diagnostic] = []

        mutating func problem(_ path: String, _ message: String) {
            problems.append(SourceLineFinder.locate(Diagnostic(file: file, path: path, message: message), in: text))
        }

        /// Reports the keys of `table` not in `known` (at `path`).
        mutating func checkKeys(_ table: LuaTable, _ known: [String], at path: String) {
            for key in table.unknownKeys(known: known) {
                let name: String
                if case .name(let n) = key { name = n } else { name = "\(key)" }
                problems.append(
                    SourceLineFinder.locate(
                        Diagnostic(
                            file: file, path: path,
                            message:
                                "unknown key \"\(name)\"\(Self.hint(name, known)) (keys: \(known.joined(separator: ", ")))"
                        ),
                        in: text))
            }
        }

        static func hint(_ word: String, _ names: [String]) -> String {
            let near = names.filter { Self.distance(Array(word), Array($0)) <= 2 }
            return near.isEmpty ? "" : "; did you mean \"\(near[0])\"?"
        }

        static func distance(_ a: [Character], _ b: [Character]) -> Int {
            if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
            var row = Array(0...b.count)
            for i in 1...a.count {
                var previous = row[0]
                row[0] = i
                for j in 1...b.count {
                    let current = row[j]
                    row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                    previous = current
                }
            }
            return row[b.count]
        }

        /// `value` as a path relative to the config's folder, or nil with a problem (not a
        /// non-empty string, or holding a control character: `LabelText.pathProblem`).
        mutating func path(_ value: LuaValue, at path: String) -> String? {
            guard case .string(let text) = value, !text.isEmpty else {
                if case .none = value { return nil }
                problem(path, "expected a path (a non-empty string), got \(value.typeName)")
                return nil
            }
            if let reason = LabelText.pathProblem(text) {
                problem(path, reason)
                return nil
            }
            if text.hasPrefix("/") { return text }
            let folder = (file as NSString).deletingLastPathComponent
            return folder.isEmpty ? text : (folder as NSString).appendingPathComponent(text)
        }

        /// `value` as a number > 0 (>= `min` when given: `timeout`'s 1 ms, as `--timeout`), at
        /// most `max`, whole when asked; nil with a problem otherwise.
        mutating func positive(
            _ value: LuaValue, at path: String, whole: Bool = false, max: Double = .infinity, min: Double? = nil
        ) -> Double? {
            if case .none = value { return nil }
            guard let n = value.number, n.isFinite, n > 0, n >= min ?? 0, n <= max, !whole || n == n.rounded() else {
                let what =
                    whole
                    ? "a whole number from 1 to \(Int(max))"
                    : min.map { "a number of seconds >= \(formatSeconds($0)) (as --timeout)" }
                        ?? "a number of seconds > 0"
                problem(
                    path,
                    "expected \(what), got \(value.typeName == "number" ? formatSeconds(value.number!) : value.typeName)"
                )
                return nil
            }
            return n
        }

        mutating func read(_ root: LuaValue) -> ProjectConfig {
            var config = ProjectConfig(file: file)
            guard let top = root.table else {
                problem(
                    "", "the project config must return a table such as { test = { jobs = 2 } }, got \(root.typeName)")
                return config
            }
            checkKeys(top, ProjectConfig.topKeys, at: "")
            let testValue = top["test"]
            if case .none = testValue { return config }
            guard let test = testValue.table else {
                problem("test", "expected a table of defaults for sceneflow test, got \(testValue.typeName)")
                return config
            }
            checkKeys(test, ProjectConfig.testKeys, at: "test")
            config.prototype = path(test["prototype"], at: "test.prototype")
            config.jobs = positive(test["jobs"], at: "test.jobs", whole: true, max: 64).map { Int($0) }
            config.timeout = positive(test["timeout"], at: "test.timeout", min: LuaLimits.minimumTestWallSeconds)
            config.clockLimit = positive(test["clock_limit"], at: "test.clock_limit")
            let mode = test["update_baselines"]
            if case .none = mode {
            } else if let text = mode.string, ["changed", "all", "missing"].contains(text) {
                config.updateBaselines = text
            } else {
                problem(
                    "test.update_baselines",
                    "expected \"changed\", \"all\" or \"missing\", got \(mode.string.map { "\"\($0)\"" } ?? mode.typeName)"
                )
            }
            let reportersValue = test["reporters"]
            if case .none = reportersValue { return config }
            guard let reporters = reportersValue.table else {
                problem(
                    "test.reporters",
                    "expected a table such as { junit = \"out/junit.xml\" }, got \(reportersValue.typeName)")
                return config
            }
            checkKeys(reporters, ProjectConfig.reporterKeys, at: "test.reporters")
            config.junit = path(reporters["junit"], at: "test.reporters.junit")
            config.json = path(reporters["json"], at: "test.reporters.json")
            config.report = path(reporters["report"], at: "test.reporters.report")
            switch reporters["tap"] {
            case .none: break
            case .boolean(let on): config.tap = on
            default: problem("test.reporters.tap", "expected true or false, got \(reporters["tap"].typeName)")
            }
            return config
        }
    }

    /// An empty config read from `file`.
    public init(file: String) { self.file = file }
}
