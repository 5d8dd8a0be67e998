import Foundation
import Testing

/// The output-path class of the bad-input corpus (issue 14.2), generated from the option
/// tables: every output option of every command (as `sceneflow help outputs` lists them) with
/// every kind of name a shell can pass. The cases live in `Tests/BadInput/output-paths/cases.txt`
/// and run with the other shell cases (`ShellCorpusTests`); this suite checks that the file
/// holds exactly the generated cases, so a new output option without its cases fails here.
/// `SCENEFLOW_RECORD_BAD_INPUT=1 swift test --filter OutputPathCorpus` writes the generated
/// cases (keeping recorded outcomes of cases that did not change); then record their outcomes
/// with `SCENEFLOW_RECORD_BAD_INPUT=1 SCENEFLOW_RECORD_FOLDER=output-paths swift test --filter ShellCorpus`.
@Suite struct OutputPathCorpusTests {
    /// An output option as `sceneflow help outputs` lists it.
    struct Output: Equatable {
        let command: String
        let option: String
        /// `FILE` or `DIR`.
        let kind: String
    }

    /// How each command is run for the cases (the option and name are added at the end):
    /// a quick run that reaches the point where it writes its outputs.
    static let baseInvocations: [String: String] = [
        "test": "test ok.lua",
        "render": "render proto --scene home",
        "graph": "graph proto",
        "timing": "timing timeline.json",
        "play": "play proto --quit-after 0.2",
        "bench": "bench proto --transition-only --crossfades 1 --runs 1",
        "record": "record proto",
        "merge-reports": "merge-reports shard.json",
    ]

    /// Extensions a command requires of its output's name (added to every name but `-`,
    /// `""`, the existing folder and the name ending in a slash, so the cases reach the write).
    static let extensions = ["record": ".lua"]

    /// `word` (a bash word) with `ext` added inside its quotes.
    static func withExtension(_ word: String, _ ext: String) -> String {
        if ["-", "''", "real", "ok.lua/"].contains(word) { return word }
        return word.hasSuffix("'") ? String(word.dropLast()) + ext + "'" : word + ext
    }

    /// The kinds of names, as bash words, with a short name for the case.
    static let fileNames: [(what: String, word: String)] = [
        ("one-character name", "y"),
        ("dash", "-"),
        ("name with spaces", "'out file'"),
        ("name with a newline", "$'out\\nfile'"),
        ("non-UTF-8 name", "$'out\\xff\\xfe'"),
        ("name too long for the file system", String(repeating: "n", count: 300)),
        ("path through a symbolic link to a folder", "linked/out"),
        ("existing folder", "real"),
        ("empty name", "''"),
        ("missing folder", "missing/out"),
        // Red-team 44 B H5: `graph --out flow.svg/` wrote its side files, then exited 70.
        ("file name ending in a slash", "ok.lua/"),
    ]

    /// The output options from the binary's tables.
    static func outputs() throws -> [Output] {
        let r = try Sceneflow.run(["help", "outputs"])
        #expect(r.status == 0, "sceneflow help outputs: \(r)")
        let pattern = try Regex(#"^  ([a-z-]+) +(--[a-z-]+) +(FILE|DIR)\b.*"#)
        return r.stdout.split(separator: "\n").compactMap { line -> Output? in
            guard let m = try? pattern.wholeMatch(in: String(line)), m.count == 4,
                let command = m[1].substring, let option = m[2].substring, let kind = m[3].substring
            else { return nil }
            return Output(command: String(command), option: String(option), kind: String(kind))
        }
    }

    /// The generated cases: (name, run line).
    static func generated() throws -> [(name: String, run: String)] {
        var cases: [(String, String)] = []
        for output in try outputs() where output.option != "--worker-json" {
            guard let base = baseInvocations[output.command] else {
                Issue.record("no base invocation for `sceneflow \(output.command)`: add one to baseInvocations")
                continue
            }
            for name in fileNames {
                // record runs until its window closes: SIGTERM closes it (see run.sh).
                let prefix = output.command == "record" ? "RUN_SH_TERM_AFTER=3 " : ""
                let word = extensions[output.command].map { withExtension(name.word, $0) } ?? name.word
                cases.append(
                    (
                        "\(output.command) \(output.option) \(name.what)",
                        "\(prefix)bash run.sh \(base) \(output.option) \(word)"
                    ))
            }
        }
        return cases
    }

    static let file = BadInputCase.root.appendingPathComponent("output-paths/cases.txt")

    @Test func everyOutputOptionIsListed() throws {
        let listed = try Self.outputs()
        for needed in [
            Output(command: "test", option: "--junit", kind: "FILE"),
            Output(command: "test", option: "--json", kind: "FILE"),
            Output(command: "test", option: "--csv", kind: "FILE"),
            Output(command: "test", option: "--timeline", kind: "FILE"),
            Output(command: "test", option: "--report", kind: "DIR"),
            Output(command: "test", option: "--frames", kind: "DIR"),
            Output(command: "render", option: "--out", kind: "FILE"),
            Output(command: "timing", option: "--svg", kind: "FILE"),
            Output(command: "graph", option: "--out", kind: "FILE"),
            Output(command: "play", option: "--timeline", kind: "FILE"),
            Output(command: "play", option: "--csv", kind: "FILE"),
            Output(command: "record", option: "--out", kind: "FILE"),
            Output(command: "bench", option: "--timeline", kind: "FILE"),
            Output(command: "merge-reports", option: "--junit", kind: "FILE"),
            Output(command: "merge-reports", option: "--json", kind: "FILE"),
            Output(command: "merge-reports", option: "--report", kind: "DIR"),
        ] {
            #expect(listed.contains(needed), "sceneflow help outputs does not list \(needed)")
        }
    }

    @Test func theCorpusHoldsExactlyTheGeneratedCases() throws {
        let generated = try Self.generated()
        let text = (try? String(contentsOf: Self.file, encoding: .utf8)) ?? ""
        let recorded = ShellCase.parse(text, folder: "output-paths")
        if ProcessInfo.processInfo.environment["SCENEFLOW_RECORD_BAD_INPUT"] == "1" {
            try Self.writeSkeleton(generated, keeping: text)
            return
        }
        #expect(recorded.map(\.name) == generated.map(\.name), "regenerate Tests/BadInput/output-paths/cases.txt")
        #expect(recorded.map(\.run) == generated.map(\.run), "regenerate Tests/BadInput/output-paths/cases.txt")
    }

    /// Writes the generated cases, keeping the recorded blocks of unchanged cases.
    static func writeSkeleton(_ generated: [(name: String, run: String)], keeping old: String) throws {
        var blocks: [String: String] = [:]
        var header = ""
        var current: String?
        for line in old.components(separatedBy: "\n") {
            if line.hasPrefix("=== ") { current = String(line.dropFirst(4)) }
            if let current {
                blocks[current, default: ""] += line + "\n"
            } else if line.hasPrefix("#") {
                header += line + "\n"
            }
        }
        if header.isEmpty {
            header = """
                # Generated by OutputPathCorpusTests from `sceneflow help outputs` (issue 14.2): every output
                # option of every command with every kind of name a shell can pass. run.sh prints the exit
                # status, the first line of standard output, the first lines of standard error and the files
                # the run wrote. Do not edit by hand; see OutputPathCorpusTests.

                """
        }
        var text = header
        for c in generated {
            if let block = blocks["\(c.name)"], block.contains("run: \(c.run)\n") {
                text += block.hasSuffix("\n\n") ? String(block.dropLast()) : block
            } else {
                text += "=== \(c.name)\nrun: \(c.run)\nexit: -1\n--- stdout\n"
            }
        }
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
