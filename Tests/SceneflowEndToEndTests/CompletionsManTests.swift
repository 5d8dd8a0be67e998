import Foundation
import Testing

/// `sceneflow completions bash|zsh|fish` and `sceneflow man` (issue 20): generated from the same
/// option tables as `--help`, loaded by each real shell (Debian `zsh`, `fish`) and rendered by
/// groff without a warning.
@Suite struct CompletionsManTests {
    /// The options `sceneflow help COMMAND` lists (the internal `--worker` left out).
    static func helpOptions(_ command: String) throws -> [String] {
        let help = try Sceneflow.run(["help", command])
        let pattern = try Regex(#"^  (--?[a-z][a-z-]*)"#)
        var inOptions = false
        var names: [String] = []
        for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "OPTIONS:" {
                inOptions = true
                continue
            }
            if inOptions && line.isEmpty { break }
            if inOptions, let m = try? pattern.firstMatch(in: String(line)), let name = m[1].substring {
                names.append(String(name))
            }
        }
        return names.filter { $0 != "--worker" }
    }

    static func script(_ shell: String, in tmp: TempFolder) throws -> String {
        let r = try Sceneflow.run(["completions", shell])
        #expect(r.status == 0, "\(r)")
        return try tmp.write("completion.\(shell)", r.stdout)
    }

    /// Runs `bash` with the completion loaded, completing `words` (the last one being typed).
    static func bashComplete(_ words: [String], script: String) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let r = try ConsumerTool.run(
            "bash",
            [
                "-c",
                "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _sceneflow; printf '%s\\n' \"${COMPREPLY[@]}\"",
            ])
        #expect(r.status == 0, "\(r)")
        return r.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesSubcommandsOptionsAndChoices() throws {
        let tmp = try TempFolder()
        let script = try Self.script("bash", in: tmp)
        #expect(try Self.bashComplete(["sceneflow", "mer"], script: script) == ["merge-reports"])
        #expect(try Self.bashComplete(["sceneflow", "test", "--update-b"], script: script) == ["--update-baselines"])
        #expect(
            try Self.bashComplete(["sceneflow", "test", "--update-baselines", ""], script: script)
                == ["changed", "all", "missing"])
        #expect(try Self.bashComplete(["sceneflow", "test", "--max-failures", ""], script: script).isEmpty)
        #expect(try Self.bashComplete(["sceneflow", "completions", ""], script: script) == ["bash", "zsh", "fish"])
        #expect(try !Self.bashComplete(["sceneflow", "test", "--w"], script: script).contains("--worker"))
        // Every option of every command's help is offered, from the same tables.
        let text = try String(contentsOfFile: script, encoding: .utf8)
        for command in ["test", "merge-reports", "play", "bench"] {
            for option in try Self.helpOptions(command) {
                let word = "(?<![a-z-])" + NSRegularExpression.escapedPattern(for: option) + "(?![a-z-])"
                #expect(text.range(of: word, options: .regularExpression) != nil, "\(command) \(option)")
            }
        }
    }

    @Test func zshAndFishLoadTheirScripts() throws {
        let tmp = try TempFolder()
        let zsh = try Self.script("zsh", in: tmp)
        let check = try ConsumerTool.run("zsh", ["-n", zsh])
        #expect(check.status == 0, "\(check)")
        let loaded = try ConsumerTool.run(
            "zsh",
            [
                "-fc",
                "autoload -U compinit; compinit -u -d '\(tmp.file("zcompdump"))'; source '\(zsh)'; print -r -- $_comps[sceneflow]",
            ])
        #expect(loaded.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "_sceneflow", "\(loaded)")
        let zshText = try String(contentsOfFile: zsh, encoding: .utf8)
        for option in try Self.helpOptions("test") { #expect(zshText.contains("'\(option)["), "zsh \(option)") }

        let fish = try Self.script("fish", in: tmp)
        let parse = try ConsumerTool.run("fish", ["-n", fish])
        #expect(parse.status == 0, "\(parse)")
        func fishComplete(_ line: String) throws -> [String] {
            let r = try ConsumerTool.run(
                "fish", ["--no-config", "-c", "source '\(fish)'; complete -C '\(line)'"])
            #expect(r.status == 0, "\(r)")
            return r.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        }
        #expect(try fishComplete("sceneflow merge-r") == ["merge-reports"])
        #expect(try fishComplete("sceneflow test --update-baselines ").sorted() == ["all", "changed", "missing"])
        #expect(try fishComplete("sceneflow test --last-f") == ["--last-failed"])
        let bad = try Sceneflow.run(["completions", "tcsh"])
        #expect(bad.status == 64 && bad.stderr.contains("expects one shell: bash, zsh or fish"), "\(bad)")
    }

    @Test func theManPageRendersAndListsEveryOption() throws {
        let man = try Sceneflow.run(["man"])
        let help = try Sceneflow.run(["help", "man"])
        #expect(man.status == 0 && man.stdout == help.stdout, "\(man)")
        #expect(man.stdout.hasPrefix(".TH SCENEFLOW 1 "))
        let tmp = try TempFolder()
        let page = try tmp.write("sceneflow.1", man.stdout)
        let warnings = try ConsumerTool.run("groff", ["-man", "-Tutf8", "-ww", "-z", page])
        #expect(warnings.status == 0 && warnings.stderr.isEmpty, "\(warnings)")
        let text = try ConsumerTool.run("groff", ["-man", "-Tascii", "-P", "-cbou", page])
        for command in ["test", "merge-reports", "hotspot", "play"] {
            #expect(text.stdout.contains("sceneflow \(command)"), "\(command)")
            for option in try Self.helpOptions(command) {
                #expect(text.stdout.contains(option), "man page: \(command) \(option)")
            }
        }
        #expect(text.stdout.contains("XDG_CACHE_HOME"))
    }
}
