import Foundation
import Testing

/// An option that takes one value, given twice, is bad usage (exit 64) in every subcommand:
/// `--filter a --filter b` used to run with `b` alone, silently. Options whose help says
/// "repeatable" (`--tag`, `--param`, …) take every value. The subcommands and their options
/// are read from the help, so an option added later is covered too.
@Suite struct RepeatedOptionTests {
    /// A value option as its subcommand's help lists it.
    struct ListedOption {
        let subcommand: String
        let name: String
        let repeatable: Bool
    }

    /// Every value option of every subcommand, read from `sceneflow <sub> --help`.
    static func listedOptions() throws -> [ListedOption] {
        let main = try Sceneflow.run(["--help"])
        let subcommands = main.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  "), let word = line.split(separator: " ").first else { return nil }
            return word.allSatisfy({ $0.isLetter || $0 == "-" }) ? String(word) : nil
        }
        var options: [ListedOption] = []
        for subcommand in subcommands {
            let help = try Sceneflow.run([subcommand, "--help"])
            for line in help.stdout.split(separator: "\n") where line.hasPrefix("  --") {
                let words = line.split(separator: " ")
                // `--name <value>`, `--name [a|b]` and `--name a|b` take values; a flag is
                // followed by its help.
                guard words.count > 1, words[1].hasPrefix("<") || words[1].hasPrefix("[") || words[1].contains("|")
                else { continue }
                options.append(
                    ListedOption(
                        subcommand: subcommand, name: String(words[0]), repeatable: line.contains("(repeatable")))
            }
        }
        return options
    }

    @Test func theFilterExampleIsRefused() throws {
        let r = try Sceneflow.run(["test", "--filter", "login", "--filter", "logout", "Scripts"])
        #expect(r.status == 64, "\(r)")
        #expect(
            r.stderr.contains(
                "--filter is given twice (\"login\", then \"logout\"); it takes one value: give it once"), "\(r)")
        #expect(r.stderr.contains("USAGE: sceneflow test "), "\(r)")
    }

    @Test func everyOneValueOptionOfEverySubcommandIsRefusedTwice() throws {
        let options = try Self.listedOptions()
        #expect(options.count > 30, "the help of every subcommand was read: \(options.map(\.name))")
        #expect(options.contains { $0.name == "--tag" && $0.repeatable })
        // Run where nothing matters: an option accepted twice (the fault) may write files.
        let tmp = try TempFolder()
        for option in options where !option.repeatable {
            for (first, second) in [("--x=1", "--x=2"), ("--x=1", "--x=1")] {
                let arguments = [
                    option.subcommand, first.replacingOccurrences(of: "--x", with: option.name),
                    second.replacingOccurrences(of: "--x", with: option.name),
                ]
                let r = try Sceneflow.run(arguments, in: tmp.url)
                #expect(r.status == 64, "\(arguments): \(r)")
                #expect(r.stderr.contains("\(option.name) is given twice"), "\(arguments): \(r)")
            }
        }
    }

    /// An option whose value may be left out counts as given either way (red-team 27 F3:
    /// `--update-baselines missing --update-baselines` kept `missing` without a word).
    @Test(arguments: [
        ["--update-baselines", "--update-baselines"], ["--update-baselines", "missing", "--update-baselines"],
        ["--update-baselines=all", "--update-baselines"], ["--update-baselines", "--update-baselines=all"],
    ])
    func anOptionalValueOptionIsRefusedTwice(_ options: [String]) throws {
        let tmp = try TempFolder()
        let r = try Sceneflow.run(["test"] + options + ["Scripts"], in: tmp.url)
        #expect(r.status == 64, "\(options): \(r)")
        #expect(r.stderr.contains("--update-baselines is given twice"), "\(options): \(r)")
    }

    @Test func repeatableOptionsTakeEveryValue() throws {
        let tmp = try TempFolder()
        for option in try Self.listedOptions() where option.repeatable {
            let arguments = [option.subcommand, "\(option.name)=a=1", "\(option.name)=b=2"]
            let r = try Sceneflow.run(arguments, in: tmp.url)
            #expect(!r.stderr.contains("given twice"), "\(arguments): \(r)")
        }
        let script = try tmp.write(
            "t.lua",
            """
            test("a", {tags = {"one"}}, function() end)
            test("b", {tags = {"two"}}, function() end)
            test("c", function() end)
            """)
        let r = try Sceneflow.run(["test", "--prototype", "Prototypes/Notes", "--tag", "one", "--tag", "two", script])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("2 passed, 0 failed"), "\(r)")
    }
}
