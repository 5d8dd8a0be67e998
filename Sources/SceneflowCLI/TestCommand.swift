import Foundation
import SceneflowCore
import SceneflowRunner

/// `sceneflow test SCRIPT|DIR…`: run Lua regression scripts headless on the virtual clock.
struct TestCommand: Subcommand {
    static let name = "test"
    static let abstract = "Run Lua regression scripts headless; ends with 'N passed, N failed'."
    static let discussion = """
        Each directory is searched recursively for *.lua scripts (in name order). A script
        names its prototype with `prototype "path"` (relative to the script) or gets it from
        --prototype. Exit 0 when every test passes, 1 when one fails, 65 when a script or its
        prototype cannot be loaded.
        """
    static let arguments = [
        ArgumentSpec(name: "SCRIPT", help: "A script file or a folder of scripts.", repeating: true, optional: false)
    ]
    static let options = [
        OptionSpec(name: "--prototype", valueName: "DIR", help: "Prototype for scripts that do not name one."),
        OptionSpec(
            name: "--frames", valueName: "DIR",
            help: "Write the frames each script passes through (PNG) and a summary.txt here."),
        helpOption,
    ]

    let inputs: [String]
    let prototype: String?
    let frames: String?

    init(_ parsed: ParsedArguments) throws(UsageError) {
        inputs = parsed.positionals
        prototype = parsed.value("--prototype")
        frames = parsed.value("--frames")
    }

    func validate() throws(UsageError) {
        for input in inputs where !FileManager.default.fileExists(atPath: input) {
            throw UsageError(message: "no script or folder at \(input)")
        }
    }

    func run() -> ExitCode {
        let scripts = ScriptFinder.scripts(in: inputs)
        if scripts.isEmpty {
            printError("sceneflow test: no *.lua scripts found in \(inputs.joined(separator: ", "))")
            return .badInput
        }
        let runner = HeadlessTestRunner(options: .init(prototype: prototype, framesDirectory: frames))
        var passed = 0
        var failed = 0
        var badInput = false
        for script in scripts {
            print(script)
            let result = runner.run(script: script) { outcome in
                switch outcome.status {
                case .passed:
                    print(
                        "  PASS  \(outcome.name)  (\(formatNumber(outcome.clockSeconds, decimals: 2)) s clock, \(outcome.frames) frames)"
                    )
                case .failed(let diagnostic):
                    print("  FAIL  \(outcome.name)\n        \(diagnostic)")
                }
                flushOutput()
            }
            passed += result.outcomes.filter(\.passed).count
            failed += result.outcomes.filter { !$0.passed }.count
            if !result.loadProblems.isEmpty {
                badInput = true
                failed += 1
                for problem in result.loadProblems { print("  ERROR \(problem)") }
            }
        }
        if let frames {
            print("frames and summary.txt written to \((frames as NSString).standardizingPath)/<script name>/")
        }
        print("\(passed) passed, \(failed) failed")
        return badInput ? .badInput : (failed > 0 ? .failure : .success)
    }
}

/// Expands script arguments: files as given, folders searched recursively for `*.lua`
/// (skipping `prototype.lua` files, which are prototypes kept beside the scripts).
enum ScriptFinder {
    static func scripts(in inputs: [String]) -> [String] {
        var result: [String] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory) else { continue }
            if !isDirectory.boolValue {
                result.append(input)
                continue
            }
            let found = (FileManager.default.enumerator(atPath: input)?.allObjects as? [String] ?? [])
                .filter {
                    $0.hasSuffix(".lua")
                        && !$0.split(separator: "/").contains { $0.hasPrefix("__") || $0.hasPrefix(".") }
                }
                .filter { ($0 as NSString).lastPathComponent != "prototype.lua" }  // a prototype, not a script
                .sorted()
            result += found.map { (input as NSString).appendingPathComponent($0) }
        }
        return result
    }
}
