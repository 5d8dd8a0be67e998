import Foundation
import Testing

/// Standard output by any name is standard output: `/dev/stdout`, `/dev/fd/1`,
/// `/proc/self/fd/1`, a symbolic link to one of them and the file standard output is redirected
/// to are claimed as `-` is. Two outputs that claim it (or one and `--tap`) are refused as `-`
/// twice is (exit 64, "both want standard output"); one alone moves the console to standard
/// error, so the report is not mixed with it. Two outputs that lead to one device, FIFO or
/// descriptor other than `/dev/null` are refused as two outputs to one file are.
@Suite struct StandardOutputClaimTests {
    /// Names of standard output, as bash words, with what the run line does first and after
    /// the command (a redirection of standard output).
    static let names: [(word: String, setup: String, redirect: String)] = [
        ("-", "", ""),
        ("/dev/stdout", "", ""),
        ("/dev/fd/1", "", ""),
        ("/proc/self/fd/1", "", ""),
        ("link-to-stdout", "ln -s /proc/self/fd/1 link-to-stdout; ", ""),
        ("captured.txt", "", " >captured.txt"),
    ]

    /// Report options of each command that take a file `-` may name, and each command's quick
    /// run (`sceneflow` runs from the output-paths corpus folder).
    static let commands: [(base: String, options: [String])] = [
        ("test ok.lua", ["--junit", "--json", "--timeline", "--csv", "--tap"]),
        ("merge-reports shard.json", ["--junit", "--json"]),
        ("play proto --quit-after 0.2", ["--timeline", "--csv"]),
    ]

    @Test func twoClaimsOfStandardOutputAreRefusedByAnyName() throws {
        var tried: Set<String> = []
        for (base, options) in Self.commands {
            for (i, first) in options.enumerated() {
                for second in options[(i + 1)...] {
                    for a in Self.names {
                        for b in Self.names where !(a.word == "-" && b.word == "-") {
                            // A redirection is given once, by whichever name needs it.
                            let redirect = a.redirect.isEmpty ? b.redirect : a.redirect
                            let setup = a.setup + (b.setup == a.setup ? "" : b.setup)
                            let firstWords = first == "--tap" ? "--tap" : "\(first) \(a.word)"
                            let secondWords = second == "--tap" ? "--tap" : "\(second) \(b.word)"
                            let line = "\(setup)sceneflow \(base) \(firstWords) \(secondWords)\(redirect)"
                            guard tried.insert(line).inserted else { continue }
                            let r = try WriteFailureMessageTests.shell(line)
                            #expect(r.status == 64, "\(line)\n\(r)")
                            #expect(
                                r.stderr.contains("want standard output; only one output can go there"),
                                "\(line)\n\(r)")
                        }
                    }
                }
            }
        }
    }

    @Test func oneClaimByAnotherNameMovesTheConsoleAsDashDoes() throws {
        for a in Self.names {
            let line =
                "\(a.setup)sceneflow test ok.lua --json \(a.word)\(a.redirect); s=$?; cat captured.txt 2>/dev/null; exit $s"
            let r = try WriteFailureMessageTests.shell(line)
            #expect(r.status == 0, "\(line)\n\(r)")
            // Standard output holds the report alone; the console went to standard error.
            let trimmed = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(trimmed.hasPrefix("{") && trimmed.hasSuffix("}"), "\(line)\n\(r)")
            #expect(r.stderr.contains("1 passed, 0 failed"), "\(line)\n\(r)")
        }
    }

    @Test func twoOutputsIntoOneDeviceAreRefused() throws {
        for (first, second) in [("/dev/stderr", "/dev/stderr"), ("/dev/stderr", "/proc/self/fd/2")] {
            let line = "sceneflow test ok.lua --junit \(first) --json \(second)"
            let r = try WriteFailureMessageTests.shell(line)
            #expect(r.status == 64, "\(line)\n\(r)")
            #expect(r.stderr.contains("are the same file; each output needs a file of its own"), "\(line)\n\(r)")
        }
        // /dev/null takes any number of outputs.
        let r = try WriteFailureMessageTests.shell("sceneflow test ok.lua --junit /dev/null --json /dev/null")
        #expect(r.status == 0, "\(r)")
    }
}
