internal import CLuaShim
import Foundation

/// The last stop behind the instruction-count hook: a thread that watches every running Lua
/// call of the process and calls a handler when one cannot be stopped between VM instructions.
///
/// The hook (`sf_hook` in `Sources/CLuaShim/shim.c`) stops Lua code at its deadline, its
/// instruction budget or a stop request within 1000 instructions, and large allocations check
/// the same limits. It cannot stop code that never returns to the VM: one library call that
/// runs for minutes (a string pattern that backtracks). The watchdog thread checks every 20 ms;
/// a call that goes on past its real-time deadline for 1 s of its own thread's CPU time (so a
/// loaded machine cannot make a long but finite call look stuck; 10 s of real time at most),
/// or runs 0.25 s after `LuaStop`, is stuck,
/// and the handler ends the process (the only safe way out of a C call): a `--jobs` worker
/// reports the stuck test to its parent first, other commands print a message.
public enum LuaWatchdog {
    /// Why a call was found stuck.
    public enum Reason: Int32, Codable, Sendable {
        /// Past its real-time deadline for 1 s of its thread's CPU time (10 s real at most).
        case pastDeadline = 1
        /// Still running 0.25 s after SIGINT/SIGTERM asked every call to stop.
        case afterStop = 2
    }

    /// Called on the watchdog thread with the reason (`Reason.rawValue`) and the stuck
    /// state's subject (the script or `prototype.lua` path, as given). It should end the
    /// process with `_exit`; if it returns, that state is not reported again.
    public typealias Handler = @convention(c) (Int32, UnsafePointer<CChar>?) -> Void

    /// Starts the thread (once per process) or replaces its handler. Returns false when no
    /// thread could be started. Library users and unit tests run without it.
    @discardableResult
    public static func start(_ handler: Handler) -> Bool { startThread(handler) == 0 }

    /// `start`, returning 0 or the error number of the thread that could not be started
    /// (EAGAIN under the process/thread limit: `ulimit -u`, a container's pids limit).
    public static func startThread(_ handler: Handler) -> Int32 { sf_watchdog_start(handler) }

    /// The clock of the real-time limits (a test's `--timeout`, a load's 10 s), in seconds:
    /// monotonic time less the time the whole process stood stopped (SIGSTOP then SIGCONT,
    /// Ctrl-Z then `fg`, `docker pause`), which the watchdog thread sees as a gap in its
    /// wake-ups. A run stopped whole for longer than a limit goes on unharmed (red-team
    /// finding R5). Without the thread, plain monotonic time.
    public static var now: Double { sf_running_clock() }

    /// Runs `body`, which waits to hand output to a reader (a `--jobs` worker writing its
    /// lines to a runner that may not be reading), with the clock of the real-time limits
    /// (`now`) standing still: the wait is the reader's time, not the test's (red-team finding
    /// 9-R3: a runner stopped alone longer than `--timeout` failed a passing test).
    public static func waitingForReader<T>(_ body: () throws -> T) rethrows -> T {
        try outsideTheLimits(body)
    }

    /// Runs `body`, work a reporting option asks for (drawing and writing `--frames`), with
    /// the clock of the real-time limits standing still, as while waiting for a reader: a
    /// verdict never depends on an output option (red-team 10 R5: a test that passes in a
    /// tenth of a second failed by the watchdog inside `wait(…)` once `--frames` was given).
    /// A stop signal still ends the run during it. Not nested.
    public static func outsideTheLimits<T>(_ body: () throws -> T) rethrows -> T {
        sf_output_wait_begin()
        defer { sf_output_wait_end() }
        return try body()
    }
}

extension LuaWatchdog {
    /// Where the call the watchdog found stuck was: read on the watchdog thread, in the stuck
    /// handler (`current`), from the stuck thread's Lua call stack.
    public struct Place: Equatable, Codable, Sendable {
        /// What was running when the time ran out.
        public enum Kind: String, Codable, Sendable {
            /// A Sceneflow script function (its Lua or its Swift side).
            case api
            /// A Lua library function called by the script (`string.rep`, `table.sort`).
            case library
            /// The script's own Lua code.
            case lua
        }
        /// What was running.
        public var kind: Kind
        /// The script's call site: `file:line` of its innermost frame outside Sceneflow.
        public var site: String
        /// The function the script called there, as the call names it (`tree` for
        /// `expect.tree`, `find` for `s:find`); empty for `.lua`.
        public var called: String
        /// True when `string.find`, `match`, `gmatch` or `gsub` was on the stack.
        public var pattern: Bool
        /// True for a Sceneflow call the script made in a return statement (`return
        /// element(…)`): Lua's tail call left no frame of the script's, so `site` is empty.
        public var tailCall = false
        /// For a tail call inside a function the script gave to a Sceneflow call (`step`,
        /// `within`, `wait_for`), that call's name, made at `site`; empty otherwise.
        public var around = ""
        /// How an unnamed library call was made (`pcall`, `xpcall`, `a coroutine`), when Lua
        /// keeps no name for it; empty otherwise.
        public var via = ""

        /// Creates a place.
        public init(kind: Kind, site: String, called: String, pattern: Bool, tailCall: Bool = false) {
            self.kind = kind
            self.site = site
            self.called = called
            self.pattern = pattern
            self.tailCall = tailCall
        }

        /// Parses `sf_stuck_place()`'s tab-separated text (a fifth field `tail` for a tail
        /// call, whose site is empty, or a sixth, the Sceneflow call made at the site, for a
        /// tail call inside the function it runs); nil when nothing was known.
        public init?(shimText: String) {
            let fields = shimText.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if fields.count == 5, fields[0] == "api", fields[4] == "tail", !fields[2].isEmpty {
                self.init(kind: .api, site: "", called: fields[2], pattern: fields[3] == "pattern", tailCall: true)
                return
            }
            if fields.count == 6, fields[0] == "api", fields[4] == "tail", !fields[1].isEmpty, !fields[2].isEmpty {
                self.init(
                    kind: .api, site: fields[1], called: fields[2], pattern: fields[3] == "pattern", tailCall: true)
                around = fields[5]
                return
            }
            guard fields.count == 4, !fields[1].isEmpty else { return nil }
            let kind: Kind
            switch fields[0] {
            case "api": kind = .api
            case "lib": kind = .library
            case "lua": kind = .lua
            default: return nil
            }
            self.init(kind: kind, site: fields[1], called: fields[2], pattern: fields[3] == "pattern")
            if fields[3].hasPrefix("via ") { via = String(fields[3].dropFirst(4)) }
        }

        /// The place of the call found stuck, in the stuck handler only (nil when the stack
        /// could not be read).
        public static var current: Place? { Place(shimText: String(cString: sf_stuck_place())) }

        /// Where the time ran out, for a message: `inside the Sceneflow call expect.tree at
        /// tree.lua:2`, `inside the Lua library call find at s.lua:3 (a string pattern that
        /// backtracks?)`, `in the script's own Lua code at s.lua:7`. `qualified` is the called
        /// name as the script wrote it (`expect.tree`; `ScriptSourceLine.qualifiedName`).
        public func phrase(qualified: String? = nil) -> String {
            let name = qualified ?? called
            let base: String
            switch kind {
            case .api where tailCall && !site.isEmpty:
                base =
                    "inside the Sceneflow call \(called), called by a return statement of the function \(around.isEmpty ? "a Sceneflow call" : around) runs, at \(site)"
            case .api where tailCall:
                base = "inside the Sceneflow call \(name), called by a return statement (Lua keeps no line for it)"
            case .api: base = "inside the Sceneflow call \(name.isEmpty ? "" : name + " ")at \(site)"
            case .library where called == "for iterator": base = "inside the iterator of a for loop at \(site)"
            case .library where name.isEmpty && !via.isEmpty:
                // A function given to pcall or xpcall, or a coroutine made of one: Lua keeps no
                // name for it. Library calls that run long in one call: a backtracking pattern,
                // or a count far too large (red-team 62 A W1: `pcall(table.move, …)` was asked
                // about a pattern only).
                return
                    "inside a Lua library call made through \(via) at \(site) (string.find, match, gmatch or gsub with a string pattern that backtracks, or a count far too large for string.rep or table.move?)"
            case .library: base = "inside the Lua library call \(name.isEmpty ? "" : name + " ")at \(site)"
            case .lua: base = "in the script's own Lua code at \(site)"
            }
            return base + (pattern ? " (a string pattern that backtracks?)" : "")
        }
    }
}

extension LuaWatchdog.Place {
    /// The line number of `site` (`file:line`), or nil.
    public var line: Int? {
        guard let colon = site.lastIndex(of: ":") else { return nil }
        return Int(site[site.index(after: colon)...])
    }

    /// `expect.tree` when the script line at `site` writes `expect.tree …` and `called` is
    /// `tree`; nil when the line cannot be read or does not hold the name. The site names its
    /// file as Lua does (`prototype.lua`, relative to the prototype folder): `subject`, the
    /// running file's path, is read when the site's file is not found and ends the same way.
    public func qualifiedName(subject: String = "") -> String? {
        guard !called.isEmpty, let line, line >= 1, let colon = site.lastIndex(of: ":") else { return nil }
        var file = String(site[..<colon])
        if !FileManager.default.fileExists(atPath: file), !subject.isEmpty,
            (subject as NSString).lastPathComponent == (file as NSString).lastPathComponent
        {
            file = subject
        }
        guard let size = (try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? Int,
            size <= 16 << 20, let text = try? String(contentsOfFile: file, encoding: .utf8)
        else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line <= lines.count else { return nil }
        return Self.qualified(called, in: String(lines[line - 1]))
    }

    /// The dotted name ending in `called` that `line` (Lua source) calls, such as
    /// `expect.tree` for `tree` in `  expect.tree "x"`; `called` itself when the line holds
    /// no dotted form; nil when the line does not hold the name at all.
    public static func qualified(_ called: String, in line: String) -> String? {
        let characters = Array(line)
        let name = Array(called)
        func isNamePart(_ c: Character) -> Bool { c == "_" || c.isASCII && (c.isLetter || c.isNumber) }
        guard !name.isEmpty, characters.count >= name.count else { return nil }
        var found: String?
        for start in 0...(characters.count - name.count) where Array(characters[start..<(start + name.count)]) == name {
            let end = start + name.count
            if start > 0 && isNamePart(characters[start - 1]) { continue }
            if end < characters.count && isNamePart(characters[end]) { continue }
            // Walk back over `table.` prefixes.
            var head = start
            while head > 1 && characters[head - 1] == "." && isNamePart(characters[head - 2]) {
                var back = head - 2
                while back > 0 && isNamePart(characters[back - 1]) { back -= 1 }
                head = back
            }
            // A dotted name wins over the bare word (`test("tree", function() expect.tree …`).
            if head < start { return String(characters[head..<end]) }
            found = found ?? String(characters[head..<end])
        }
        return found
    }
}
