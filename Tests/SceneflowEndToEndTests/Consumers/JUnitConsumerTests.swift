import Foundation
import Testing

/// `sceneflow test --junit` read as CI servers read it: valid against the Jenkins xUnit
/// plugin's own schema (`Tests/Fixtures/junit-10.xsd`, checked with `xmllint --schema`), and
/// read by junitparser (PyPI) with the same verdict as Sceneflow's for every generated awkward
/// name; a Lua runtime error is an `<error>`, an expectation a `<failure>`; failure images
/// are `[[ATTACHMENT|path]]` lines; the timestamp carries its zone.
@Suite struct JUnitConsumerTests {
    /// What junitparser should read for `point`: `pass`, `failure`, `error` or `skip`.
    static func expected(_ point: AwkwardSuite.Point) -> String {
        switch point.verdict {
        case "passed", "passed with warnings", "recorded": return "pass"
        case "skipped": return "skip"
        case "could not load": return "error"
        default:
            let name = point.name ?? ""
            return name.hasPrefix("error ") ? "error" : "failure"
        }
    }

    /// A name as XML 1.0 can carry it: the characters it forbids become U+FFFD.
    static func xmlName(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { s in
                    (s.value < 0x20 && s != "\t" && s != "\n" && s != "\r") || s.value == 0xFFFE || s.value == 0xFFFF
                        ? "\u{FFFD}" : s
                }))
    }

    @Test func junitIsValidAgainstTheJenkinsSchemaAndJunitparserReadsEveryVerdict() throws {
        let suite = try AwkwardSuite()
        let (_, points) = try suite.run(["--junit", "junit.xml"])
        let file = suite.tmp.file("junit.xml")
        let problems = try ConsumerTool.schemaProblems(file)
        #expect(problems == nil, "junit.xml is not valid against the Jenkins xUnit schema: \(problems ?? "")")
        let read = try ConsumerTool.python("junitparser_results.py", [file])
        #expect(read.status == 0, "\(read)")
        let cases = try read.jsonLines().dropLast()
        let expected = points.map { point -> (String, String) in
            (point.name.map(Self.xmlName) ?? "(load)", Self.expected(point))
        }
        #expect(cases.count == points.count, "junitparser read \(cases.count) testcases of \(points.count)")
        for (got, (point, want)) in zip(cases, zip(points, expected)) {
            #expect(got["name"] as? String == want.0, "junitparser: name \(got["name"] ?? "") for \(point.label)")
            #expect(
                got["verdict"] as? String == want.1,
                "junitparser: \(got["verdict"] ?? "?") for \(point.label), Sceneflow says \(point.verdict)")
        }
    }

    @Test func testsuitesCarryNoSkippedAndTheTimestampItsZone() throws {
        let tmp = try ReportTests.suite()
        let r = try Sceneflow.run(["test", "suite", "--junit", "j.xml"], in: tmp.url)
        #expect(r.status == 65, "\(r)")
        let xml = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
        let root = try #require(xml.split(separator: "\n").first { $0.hasPrefix("<testsuites") })
        #expect(!root.contains(" skipped="), "\(root)")
        let stamps = xml.matches(of: /timestamp="([^"]*)"/).map { String($0.output.1) }
        #expect(!stamps.isEmpty)
        for stamp in stamps {
            #expect(
                stamp.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/) != nil,
                "the timestamp \(stamp) names its zone")
        }
        #expect(try ConsumerTool.schemaProblems(tmp.file("j.xml")) == nil)
    }

    /// A failing screenshot and a failing gesture with `--report`: the testcase's system-out
    /// lists the frame, expected, actual and diff images as `[[ATTACHMENT|path]]`, each path
    /// relative to the working directory, each file there.
    @Test func failureImagesAreAttachments() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write(
            "s.lua",
            """
            prototype "Proto"
            test("home looks right", function() expect.screenshot "home" end)
            test("taps a typo", function() tap("Opne", {timeout = 0.1}) end)

            """)
        _ = try Sceneflow.run(["test", "s.lua"], in: tmp.url)
        try tmp.write("Proto/home.png", PNGWriter.solid(width: 36, height: 80, rgb: (200, 60, 40)))
        let r = try Sceneflow.run(
            ["test", "s.lua", "--report", "out/report", "--junit", "j.xml"], in: tmp.url, environment: ["CI": "1"])
        #expect(r.status == 1, "\(r)")
        let read = try ConsumerTool.python("junitparser_results.py", [tmp.file("j.xml")])
        let cases = try read.jsonLines().dropLast()
        #expect(cases.count == 2, "\(read)")
        for (testcase, images) in zip(cases, [["frame", "expected", "actual", "diff"], ["frame"]]) {
            let out = testcase["system_out"] as? String ?? ""
            let attachments = out.matches(of: /\[\[ATTACHMENT\|([^\]]+)\]\]/).map { String($0.output.1) }
            for image in images {
                #expect(
                    attachments.contains { $0.hasPrefix("out/report/") && $0.hasSuffix("/\(image).png") },
                    "\(testcase["name"] ?? ""): no \(image).png attachment in \(out)")
            }
            for path in attachments {
                #expect(FileManager.default.fileExists(atPath: tmp.file(path)), "\(path) is not there from the cwd")
            }
        }
        #expect(try ConsumerTool.schemaProblems(tmp.file("j.xml")) == nil)
    }

    /// `--junit-extras` adds what GitLab and GitHub's test reporters read but the Jenkins xUnit
    /// schema forbids: `file` (the script, relative to the working directory) and `line` on
    /// each testcase, and a warned test's warnings as testcase properties. The document stays
    /// valid against the Jenkins schema with exactly those additions.
    @Test func extrasAddFileLineAndTestcaseProperties() throws {
        let suite = try AwkwardSuite()
        let (_, points) = try suite.run(["--junit", "junit.xml", "--junit-extras"])
        let file = suite.tmp.file("junit.xml")
        let schema = try Self.schemaWithExtras(suite.tmp)
        let problems = try ConsumerTool.schemaProblems(file, schema: schema)
        #expect(problems == nil, "\(problems ?? "")")
        #expect(try ConsumerTool.schemaProblems(file) != nil, "the extras are what the strict schema forbids")
        let cases = try ConsumerTool.python("junitparser_results.py", [file]).jsonLines().dropLast()
        #expect(cases.count == points.count)
        for (got, point) in zip(cases, points) {
            #expect(got["file"] as? String == point.file, "file of \(point.label): \(got["file"] ?? "none")")
            if point.name != nil {
                #expect(got["line"] as? String == "\(point.line)", "line of \(point.label): \(got["line"] ?? "none")")
            }
            #expect(got["verdict"] as? String == Self.expected(point), "\(point.label)")
            let properties = (got["properties"] as? [[String]]) ?? []
            if point.verdict == "passed with warnings" {
                #expect(properties.contains(["sceneflow.verdict", "passed with warnings"]), "\(point.label): \(got)")
                let warnings = properties.filter { $0.first == "sceneflow.warning" }.map { $0.last ?? "" }
                #expect(warnings.count == point.warnings.count, "\(point.label): \(got)")
                for (text, warning) in zip(warnings, point.warnings) {
                    #expect(text.hasPrefix("\(point.file):") && text.hasSuffix(Self.xmlName(warning)), "\(text)")
                }
            } else {
                #expect(!properties.contains { $0.first == "sceneflow.warning" }, "\(point.label): \(got)")
            }
        }
    }

    /// The Jenkins schema with the three additions of `--junit-extras` on `<testcase>`:
    /// optional `file` and `line` attributes and a `<properties>` child.
    static func schemaWithExtras(_ tmp: TempFolder) throws -> URL {
        var text = try String(contentsOf: ConsumerTool.jenkinsSchema, encoding: .utf8)
        let testcase = try #require(text.range(of: "<xs:element name=\"testcase\">"))
        let choice = try #require(
            text.range(of: "<xs:element ref=\"skipped\"/>", range: testcase.upperBound..<text.endIndex))
        text.insert(contentsOf: "<xs:element ref=\"properties\"/>", at: choice.lowerBound)
        let name = try #require(
            text.range(
                of: "<xs:attribute name=\"name\" type=\"xs:string\" use=\"required\"/>",
                range: choice.upperBound..<text.endIndex))
        text.insert(
            contentsOf:
                "<xs:attribute name=\"file\" type=\"xs:string\"/><xs:attribute name=\"line\" type=\"xs:string\"/>",
            at: name.lowerBound)
        return URL(fileURLWithPath: try tmp.write("junit-10-extras.xsd", text))
    }
}
