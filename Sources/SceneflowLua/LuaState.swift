import Foundation
import SceneflowCore

/// Why a chunk, a call or a resume failed: the Lua message and which limit, if any, stopped it.
struct LuaFailure: Error {
    /// The Lua error message, with Lua's `chunk:line:` prefix when it has one.
    var message: String
    /// The instruction budget ran out.
    var budgetExhausted = false
    /// Where the hook first stopped the code (`LuaStack.stopSite`) when the budget ran out.
    var stopSite = ""
    /// An allocation was refused at the memory limit.
    var memoryExceeded = false
}

/// The one owner of a Lua state (DESIGN.md §5 rule 2): closes it in `deinit` and keeps alive
/// the Swift callbacks registered into it. Holds the sandbox helpers made by `SandboxPrelude`.
final class LuaState {
    /// The main thread's stack.
    let main: LuaStack
    /// The limits every chunk, call and resume runs under.
    let limits: LuaLimits
    private var callbacks: [LuaCallback] = []
    private var helpersRef: Int32 = -2
    private(set) var actionRef: Int32 = -2
    /// The file whose Lua code the state runs now (the script; `prototype.lua` while it loads
    /// or one of its actions runs), as the user gave it: `LuaWatchdog` names it.
    var subject = "" { didSet { main.setSubject(subject) } }
    /// The real time one call or chunk may run (`resetLimits`' deadline), seconds.
    static let callSeconds = 10.0

    /// A new state with the sandbox prelude run; nil if Lua cannot allocate it.
    init?(limits: LuaLimits = .standard) {
        guard let main = LuaStack.newState(memoryLimit: limits.memoryBytes) else { return nil }
        self.main = main
        self.limits = limits
        main.resetLimits(instructions: limits.loadInstructions)
        guard main.loadEmbedded(SandboxPrelude.source, chunkName: SandboxPrelude.chunkName),
            main.pcall(args: 0, results: 1)
        else { return nil }
        main.rawGet("action_mt", table: main.top)
        actionRef = main.ref()
        helpersRef = main.ref()
    }

    deinit { main.closeState() }

    /// Pushes a table of Swift functions: the registration table of one Lua API module.
    func pushModule(_ functions: [(name: String, body: (LuaStack) -> LuaCallbackResult)]) {
        main.newTable()
        let table = main.top
        for entry in functions {
            let callback = LuaCallback(entry.body)
            callbacks.append(callback)
            main.push(callback)
            main.rawSet(entry.name, table: table)
        }
    }

    /// Pushes helper `name` of the sandbox prelude (a function).
    func pushHelper(_ name: String) {
        main.pushRef(helpersRef)
        main.rawGet(name, table: main.top)
        main.remove(-2)
    }

    /// Calls helper `name` of the sandbox prelude with no arguments, leaving one result.
    func callHelper(_ name: String) -> Result<Void, LuaFailure> {
        pushHelper(name)
        return call(args: 0, results: 1, instructions: limits.loadInstructions)
    }

    /// Calls the function below `args` arguments in protected mode with a fresh budget.
    ///
    /// `deadline` (`LuaWatchdog.now`), when earlier than the call's own 10 s of real
    /// time, ends it instead: a test's watchdog holds inside the prototype actions it triggers.
    func call(args: Int32, results: Int32, instructions: Int, deadline: Double? = nil) -> Result<Void, LuaFailure> {
        // Called from a Swift function that Lua called (a test's before_all ending resets the
        // prototype's state): the running call's limits are the state's, so they are put back
        // after, and this call ends by the running one's deadline too (red-team 20 F1: a test
        // in a file with before_all was held to this call's 10 s instead of its watchdog).
        let outer = main.callDepth > 0 ? main.saveLimits() : nil
        defer { if let outer { main.restoreLimits(outer) } }
        main.resetLimits(instructions: instructions)
        var until = deadline
        if let outer, outer.deadline > 0 { until = min(until ?? .infinity, outer.deadline) }
        if let until {
            let left = until - LuaWatchdog.now
            if left < Self.callSeconds { main.setDeadline(seconds: max(0, left)) }
        }
        if main.pcall(args: args, results: results) { return .success(()) }
        return .failure(takeFailure(from: main))
    }

    /// Loads text as a chunk, gives it the environment that `pushEnvironment` pushes, and runs
    /// it with the load budget; the chunk's single result is left on the stack.
    func run(
        _ text: String, chunkName: String, pushEnvironment: () -> Result<Void, LuaFailure>
    ) -> Result<Void, LuaFailure> {
        run(Data(text.utf8), chunkName: chunkName, pushEnvironment: pushEnvironment)
    }

    /// As `run(_:chunkName:pushEnvironment:)`, with the file's bytes as they are: a string
    /// with bytes that are not UTF-8 reaches Lua unchanged, so the API can refuse it with
    /// its line instead of seeing U+FFFD.
    func run(
        _ bytes: Data, chunkName: String, pushEnvironment: () -> Result<Void, LuaFailure>
    ) -> Result<Void, LuaFailure> {
        guard main.load(bytes: LuaChunkText.asFileChunk(bytes), chunkName: chunkName) else {
            return .failure(takeFailure(from: main))
        }
        if case .failure(let failure) = pushEnvironment() {
            main.pop()
            return .failure(failure)
        }
        main.setEnvironment(ofFunctionAt: -2)
        return call(args: 0, results: 1, instructions: limits.loadInstructions)
    }

    /// Pops the error value on top of `stack` into a failure, with the limit flags.
    func takeFailure(from stack: LuaStack) -> LuaFailure {
        var failure = LuaFailure(
            message: stack.errorText(), budgetExhausted: main.budgetExhausted,
            memoryExceeded: main.memoryExceeded)
        failure.stopSite = main.stopSite
        stack.pop()
        return failure
    }

    /// A plain Swift copy of the value on top (which stays on the stack).
    func snapshotTop() -> LuaValue { main.snapshot(-1, actionRef: actionRef) }
}
