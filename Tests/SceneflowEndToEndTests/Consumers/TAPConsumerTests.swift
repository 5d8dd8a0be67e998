import Foundation
import Testing

/// `sceneflow test --tap` read by the TAP consumers CI systems use: Perl's `prove` (and its
/// TAP::Parser) and tappy (PyPI `tap.py`, YAML blocks through PyYAML). For every generated
/// awkward name, each consumer's verdict must equal Sceneflow's, every YAML block must read,
/// and the names, messages and warnings in it must come back exactly.
@Suite struct TAPConsumerTests {
    /// The suite's TAP (written to `sceneflow.tap`) and Sceneflow's own points. TAP points are
    /// streamed and numbered as tests end, so with several workers the files' points come in
    /// the order they finish (valid TAP, and every consumer reads it so); the JSON report keeps
    /// the plan's order. One worker makes the two orders one, so that each point can be
    /// compared with Sceneflow's by its number (a CI run with two workers once read the points
    /// of two files in the other order).
    static func tap() throws -> (AwkwardSuite, [AwkwardSuite.Point], String) {
        let suite = try AwkwardSuite()
        let (r, points) = try suite.run(["--tap", "--jobs", "1"])
        let path = suite.tmp.file("sceneflow.tap")
        try r.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return (suite, points, path)
    }

    /// Compares one consumer's test points with Sceneflow's, one issue per difference.
    static func compare(
        _ consumer: String, _ read: [[String: Any]], _ points: [AwkwardSuite.Point],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            read.count == points.count, "\(consumer) read \(read.count) test points of \(points.count)",
            sourceLocation: sourceLocation)
        for (index, (got, point)) in zip(read, points).enumerated() {
            let verdict = got["verdict"] as? String ?? "?"
            #expect(
                verdict == point.tapVerdict,
                "\(consumer), test \(index + 1) \(point.label): read \(verdict), Sceneflow says \(point.verdict)",
                sourceLocation: sourceLocation)
            #expect(got["number"] as? Int == index + 1, "\(consumer): test \(index + 1) is numbered \(got)")
        }
    }

    /// The YAML block of a point as a consumer read it: failure message, warnings (mappings
    /// with `message`, `file`, `line`) and the exact name must come back as Sceneflow wrote them.
    static func checkYAML(
        _ consumer: String, _ read: [[String: Any]], _ points: [AwkwardSuite.Point],
        exactEscapes: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (got, point) in zip(read, points) {
            #expect(
                got["yaml_error"] == nil, "\(consumer) could not read the YAML of \(point.label): \(got)",
                sourceLocation: sourceLocation)
            guard point.tapVerdict != "pass" || !point.warnings.isEmpty else { continue }
            guard point.verdict != "skipped" else { continue }
            guard let yaml = got["yaml"] as? [String: Any] else {
                Issue.record("\(consumer): no YAML block for \(point.label): \(got)", sourceLocation: sourceLocation)
                continue
            }
            // TAP::Parser's YAMLish knows \xHH but not \uHHHH: compare those texts only where
            // every character it needs is one it can read.
            func same(_ value: Any?, _ expected: String) -> Bool {
                if !exactEscapes && expected.unicodeScalars.contains(where: { $0.value > 0xFF && needsEscape($0) }) {
                    return true
                }
                return value as? String == expected
            }
            if let name = point.name {
                #expect(
                    same(yaml["name"], name),
                    "\(consumer): the YAML name of \(point.label) is \(yaml["name"] ?? "missing")",
                    sourceLocation: sourceLocation)
            }
            if let message = point.message, point.name != nil {
                #expect(
                    same(yaml["message"], message),
                    "\(consumer): the YAML message of \(point.label) is \(yaml["message"] ?? "missing")",
                    sourceLocation: sourceLocation)
            }
            if point.name == nil, let message = point.message {
                let first = (yaml["messages"] as? [Any])?.first as? [String: Any]
                #expect(
                    first.map { same($0["message"], message) } == true,
                    "\(consumer): the load problem of \(point.label) reads as \(yaml)", sourceLocation: sourceLocation)
            }
            if !point.warnings.isEmpty {
                let warnings = (yaml["warnings"] as? [Any] ?? []).map { $0 as? [String: Any] }
                #expect(
                    warnings.count == point.warnings.count
                        && zip(warnings, point.warnings).allSatisfy { got, text in
                            got.map { same($0["message"], text) && "\($0["file"] ?? "")" == point.file } == true
                        },
                    "\(consumer): the warnings of \(point.label) read as \(yaml["warnings"] ?? "missing")",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// Characters a YAML double-quoted scalar must escape for PyYAML (and TAP::Parser).
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || v == 0x2028 || v == 0x2029 || v == 0xFFFE || v == 0xFFFF
            || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    @Test func proveReadsEveryVerdictAndTheWholePlan() throws {
        let (suite, points, path) = try Self.tap()
        let prove = try ConsumerTool.run("prove", ["--exec", "cat", path], in: suite.tmp.path)
        let failing = points.filter { $0.tapVerdict == "fail" }.count
        #expect(prove.status == 1, "prove must fail the run: \(prove)")
        #expect(prove.stdout.contains("Result: FAIL"), "\(prove)")
        #expect(!prove.output.contains("Parse errors"), "\(prove)")
        #expect(!prove.output.contains("Bad plan"), "\(prove)")
        #expect(prove.stdout.contains("Failed \(failing)/\(points.count) subtests"), "\(prove)")
        let parser = try ConsumerTool.run(
            "perl", [ConsumerTool.fixtures.appendingPathComponent("tap_parser.pl").path, path])
        #expect(parser.status == 0, "\(parser)")
        let lines = try parser.jsonLines()
        let summary = try #require(lines.last)
        #expect((summary["parse_errors"] as? [Any])?.isEmpty == true, "TAP::Parser: \(summary)")
        #expect(summary["planned"] as? Int == points.count && summary["run"] as? Int == points.count, "\(summary)")
        Self.compare("prove (TAP::Parser)", Array(lines.dropLast()), points)
        Self.checkYAML("prove (TAP::Parser)", Array(lines.dropLast()), points, exactEscapes: false)
    }

    @Test func tappyReadsEveryVerdictAndYAMLBlock() throws {
        let (suite, points, path) = try Self.tap()
        let read = try ConsumerTool.python("tappy_results.py", [path])
        #expect(read.status == 0, "\(read)")
        let lines = try read.jsonLines()
        #expect(lines.last?["planned"] as? Int == points.count, "\(lines.last ?? [:])")
        Self.compare("tappy", Array(lines.dropLast()), points)
        Self.checkYAML("tappy", Array(lines.dropLast()), points, exactEscapes: true)
        let tappy = try ConsumerTool.run("tappy", [path], in: suite.tmp.path)
        let failing = points.filter { $0.tapVerdict == "fail" }.count
        let skipped = points.filter { $0.tapVerdict == "skip" }.count
        #expect(tappy.status == 1, "\(tappy)")
        #expect(tappy.stderr.contains("Ran \(points.count) tests"), "\(tappy)")
        #expect(tappy.stderr.contains("FAILED (failures=\(failing), skipped=\(skipped))"), "\(tappy)")
    }

    /// The example of issue 14: `C:\tmp\# TODO later` must fail in every consumer.
    @Test func aFailingTestNamedLikeATodoFails() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "t.lua",
            "prototype \"Proto\"\ntest(\"C:\\\\tmp\\\\# TODO later\", function() expect.scene \"detail\" end)\n")
        let r = try Sceneflow.run(["test", "t.lua", "--tap"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        let path = try tmp.write("t.tap", r.stdout)
        let prove = try ConsumerTool.run("prove", ["--exec", "cat", path], in: tmp.path)
        #expect(prove.stdout.contains("Result: FAIL"), "\(prove)")
        let tappy = try ConsumerTool.run("tappy", [path], in: tmp.path)
        #expect(tappy.status == 1 && tappy.stderr.contains("FAILED (failures=1)"), "\(tappy)")
        #expect(!tappy.stderr.contains("expected failures"), "\(tappy)")
    }
}

extension ConsumerTool.Output {
    /// Standard output and standard error together.
    var output: String { stdout + stderr }
}
