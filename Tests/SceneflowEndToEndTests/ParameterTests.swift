import Foundation
import Testing

/// `sceneflow test --param key=value` (repeatable) and `--param-env NAME`, read in scripts with
/// `param("key" [, default])` (issue 20): environment variables reach scripts only when named.
@Suite struct ParameterTests {
    static func suite() throws -> TempFolder {
        let tmp = try TempFolder()
        try tmp.prototype()
        for name in ["a", "b"] {
            try tmp.write(
                "suite/\(name).lua",
                """
                prototype "../Proto"
                local user = param("user")
                test("reads parameters", function()
                  log.message("user", user, "token", param("SF_TOKEN"), "home", param("HOME"),
                    "count", param("count", 3) + 1, "missing", param("missing", "fallback"))
                end)

                """)
        }
        return tmp
    }

    static func messages(_ json: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: json))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let files = try #require(root["files"] as? [[String: Any]])
        return files.flatMap { file in
            (file["outcomes"] as? [[String: Any]] ?? []).flatMap { outcome in
                (outcome["log"] as? [[String: Any]] ?? []).compactMap { $0["message"] as? String }
            }
        }
    }

    @Test func parametersReachEveryScriptAlsoInWorkers() throws {
        let tmp = try Self.suite()
        for jobs in ["1", "2"] {
            let json = tmp.file("out\(jobs).json")
            let r = try Sceneflow.run(
                [
                    "test", tmp.file("suite"), "--param", "user=ada", "--param=count=41", "--param-env", "SF_TOKEN",
                    "--jobs", jobs, "--json", json,
                ], environment: ["SF_TOKEN": "xyz"])
            #expect(r.status == 0, "\(r)")
            let line = "user ada token xyz home nil count 42 missing fallback"
            #expect(try Self.messages(json) == [line, line], "--jobs \(jobs)")
        }
    }

    @Test func withoutParametersScriptsGetNilOrTheirDefault() throws {
        let tmp = try Self.suite()
        let json = tmp.file("out.json")
        let r = try Sceneflow.run(["test", tmp.file("suite/a.lua"), "--json", json], environment: ["SF_TOKEN": "xyz"])
        #expect(r.status == 0, "\(r)")
        #expect(try Self.messages(json) == ["user nil token nil home nil count 4 missing fallback"])
    }

    @Test func badParametersAreBadUsage() throws {
        let tmp = try Self.suite()
        let cases: [([String], String)] = [
            (["--param", "user"], "--param expects KEY=VALUE, such as --param user=ada, got \"user\""),
            (["--param", "=x"], "--param expects KEY=VALUE, such as --param user=ada, got \"=x\""),
            (["--param", "a b=1"], "--param: the key \"a b\" is not a name (letters, digits, _, . and -)"),
            (["--param", "u=1", "--param", "u=2"], "--param: \"u\" is given twice"),
            (["--param-env", "1X"], "--param-env: \"1X\" is not an environment variable name"),
            // One key from two places is given twice too, in either order, set or not (red-team
            // 57 B P1: --param silently won over --param-env, and --param-env twice was taken).
            (["--param-env", "HOME", "--param-env", "HOME"], "--param-env: \"HOME\" is given twice"),
            (
                ["--param-env", "HOME", "--param", "HOME=5"],
                "\"HOME\" is given twice: by --param-env HOME and by --param HOME=5; give it once"
            ),
            (
                ["--param", "HOME=5", "--param-env", "HOME"],
                "\"HOME\" is given twice: by --param-env HOME and by --param HOME=5; give it once"
            ),
            (
                ["--param", "SF_UNSET_X=5", "--param-env", "SF_UNSET_X"],
                "\"SF_UNSET_X\" is given twice: by --param-env SF_UNSET_X and by --param SF_UNSET_X=5; give it once"
            ),
        ]
        for (args, message) in cases {
            let r = try Sceneflow.run(["test", tmp.file("suite")] + args)
            #expect(r.status == 64, "\(args): \(r)")
            #expect(r.stderr.contains(message), "\(args): \(r)")
        }
    }

    /// A word, and a number too large to be finite (red-team 9 m5: `1e400` was taken as
    /// infinity, and `for i = 1, param("n", 3)` ran to the watchdog), fail at the call's line.
    @Test(arguments: [
        ("many", "is not a number"), ("1e400", "is not a finite number"), ("-1e999", "is not a finite number"),
    ])
    func aParameterThatIsNotANumberForANumberDefaultFailsAtItsLine(value: String, reason: String) throws {
        let tmp = try Self.suite()
        let r = try Sceneflow.run(["test", tmp.file("suite/a.lua"), "--param", "count=\(value)"])
        #expect(r.status == 1, "\(r)")
        #expect(
            r.stdout.contains(
                "a.lua:5: param(\"count\", 3): --param count=\(value) \(reason) (the default is a number)"),
            "\(r)")
    }
}
