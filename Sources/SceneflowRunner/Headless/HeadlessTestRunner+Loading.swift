import Foundation
import SceneflowCore
import SceneflowLua

/// Loading a script file and its prototype for the first test, and again for each later
/// test (a fresh Lua state per test), with every check `sceneflow check` makes.
extension HeadlessTestRunner {
    /// Loads the script and its prototype with every check `sceneflow check` makes on the
    /// prototype's device and image headers; returns the runtime, the prototype folder and
    /// the prototype with its scroll scenes measured, or nil with `result.loadProblems` set.
    func load(_ file: String, into result: inout ScriptFileResult) -> (ScriptRuntime, String, Prototype)? {
        let runtime: ScriptRuntime
        do {
            runtime = try ScriptRuntime(
                scriptPath: file, limits: options.limits, parameters: options.parameters,
                missingModules: missingModules,
                onParameterRead: { [weak self] in self?.noteParameterRead($0) })
        } catch {
            result.loadProblems = error.diagnostics
            return nil
        }
        guard let directory = runtime.prototypePath.map({ ($0 as NSString).standardizingPath }) ?? options.prototype
        else {
            result.loadProblems = [
                Diagnostic(
                    file: file,
                    message:
                        "the script names no prototype: add `prototype \"path/to/Prototype\"` at the top (relative to the script) or pass --prototype DIR"
                )
            ]
            return nil
        }
        let prototype: Prototype
        do {
            prototype = try runtime.loadPrototype(directory: directory)
        } catch {
            result.loadProblems = error.diagnostics
            return nil
        }
        let file = prototypeFilePath(in: directory)
        let problems =
            PrototypeOpener.deviceProblems(prototype, file: file)
            + PrototypeOpener.imageProblems(prototype, file: file, check: .header)
        if !problems.isEmpty {
            result.loadProblems = problems
            return nil
        }
        parametersRead.formUnion(runtime.parametersRead)
        filesRead.formUnion(
            [file] + runtime.requiredModules
                + prototype.imageReferences.map { (directory as NSString).appendingPathComponent($0.image) })
        let measured = PrototypeOpener.measureScrollScenes(prototype)
        let scrollProblems = PrototypeOpener.scrollProblems(measured, file: file)
        if !scrollProblems.isEmpty {
            result.loadProblems = scrollProblems
            return nil
        }
        return (runtime, directory, measured)
    }

    /// Notes that the running file's Lua asked `param(key)` for `key`, and says so at once
    /// (`onParameterRead`) the first time.
    func noteParameterRead(_ key: String) {
        guard parametersRead.count < 10_000, parametersRead.insert(key).inserted else { return }
        onParameterRead?(key)
    }

    /// Loads the script and its prototype again into a new Lua state, for the next test.
    /// - Returns: the runtime, or a problem when loading fails or gives other tests or another
    ///   prototype than the first load (a file changed during the run).
    func reload(
        _ file: String, test index: Int, directory: String,
        expecting declared: (tests: [ScriptTest], prototype: Prototype?, declarations: ScriptDeclarations)
    ) -> Result<ScriptRuntime, Diagnostic> {
        let runtime: ScriptRuntime
        do {
            runtime = try ScriptRuntime(
                scriptPath: file, limits: options.limits, parameters: options.parameters,
                reusing: declared.declarations, test: index, missingModules: missingModules,
                onParameterRead: { [weak self] in self?.noteParameterRead($0) })
            try runtime.loadPrototype(directory: directory)
        } catch {
            var problem = error.diagnostics.first ?? Diagnostic(file: file, message: "could not load the script again")
            problem.message = "loading the script again failed: " + problem.message
            return .failure(problem)
        }
        // One digest stands for every declaration: comparing the tests themselves cost as much
        // as the file has tests, for every test (a file of 4 000 vectors took minutes).
        let sameTests = runtime.matchesEarlierLoad
        guard sameTests, runtime.prototype == declared.prototype else {
            let what = sameTests ? prototypeFilePath(in: directory) : file
            return .failure(Diagnostic(file: file, message: Self.differentLoad(what, sameTests: sameTests)))
        }
        return .success(runtime)
    }

    /// Why a fresh load of `what` (the script, or its prototype file when the tests were the
    /// same) cannot be used: it gave another result than the first load.
    static func differentLoad(_ what: String, sameTests: Bool) -> String {
        // The script's declarations include its hooks (red-team 37 W4): one declared only
        // under some condition ran in some loads and not others.
        let why =
            sameTests
            ? "did it change during the run?"
            : "each load must declare the same tests and hooks: did it change during the run, or declare one only under some condition?"
        return
            "\(what) gave a different result when loaded again for this test (each test loads the script and its prototype afresh): \(why)"
    }
}
