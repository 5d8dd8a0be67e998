import Foundation
import Testing

/// Nested `step()` calls are indented at most `StepIndent.maxLevels` (16) levels in every
/// report that indents (JUnit `system-out`, the `--verbose` console, the HTML step table);
/// deeper steps keep that indentation and show their depth (`[depth 40]`), and the JSON report
/// still records every depth. Without the cap, 5 000 nested steps made a 25 MB JUnit file
/// (the indentation grew with the square of the depth; 10 000 made 100 MB).
@Suite struct DeepStepIndentTests {
    static let depth = 40

    static let script = """
        prototype "Proto"
        local function nest(n)
          if n == 0 then tap "Open" error("at the bottom") end
          step("s" .. n, function() nest(n - 1) end)
        end
        test("deep", function() nest(\(depth)) end)

        """

    /// The number of spaces `line` starts with after `prefix` (nil when it does not start so).
    static func indent(_ line: Substring, after prefix: String) -> Int? {
        guard line.hasPrefix(prefix) else { return nil }
        return line.dropFirst(prefix.count).prefix { $0 == " " }.count
    }

    @Test func everyReportCapsTheIndentationAndShowsTheDepth() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("deep.lua", Self.script)
        let r = try Sceneflow.run(
            ["test", "deep.lua", "--verbose", "--junit", "j.xml", "--json", "r.json", "--report", "rep"], in: tmp.url)
        #expect(r.status == 1, "\(r)")
        let deepest = "[depth \(Self.depth)]"

        // JSON: every depth, uncapped.
        let data = try Data(contentsOf: URL(fileURLWithPath: tmp.file("r.json")))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let outcome = try #require(
            ((json["files"] as? [[String: Any]])?.first?["outcomes"] as? [[String: Any]])?.first)
        let depths = (outcome["steps"] as? [[String: Any]] ?? []).compactMap { $0["depth"] as? Int }
        #expect(depths.max() == Self.depth, "\(depths)")
        #expect(!String(decoding: data, as: UTF8.self).contains("[depth "), "JSON keeps the number, not the mark")

        // JUnit: `ok   0.000s ` or `FAIL 0.000s ` then at most 16 levels of two spaces.
        let junit = try String(contentsOfFile: tmp.file("j.xml"), encoding: .utf8)
            .replacingOccurrences(of: "&#10;", with: "\n").replacingOccurrences(of: "&quot;", with: "\"")
        let junitSteps = junit.split(separator: "\n").filter { $0.contains("step(\"s") }
        #expect(junitSteps.count == Self.depth, "\(junit)")
        for line in junitSteps {
            let start = try #require(line.firstRange(of: "s "))  // after the clock time
            let spaces = line[start.upperBound...].prefix { $0 == " " }.count
            #expect(spaces <= 32, "JUnit indents \(spaces) spaces: \(line)")
        }
        // s40 is at depth 0, s1 at depth 39 and its tap at depth 40.
        #expect(junit.contains(deepest + " tap(\"Open\")"), "\(junit)")
        #expect(junit.contains("[depth 39] step(\"s1\")"), "\(junit)")
        #expect(!junit.contains("[depth 16]") && junit.contains("[depth 17]"), "\(junit)")

        // Console (--verbose): 8 spaces, then at most 16 levels.
        let consoleSteps = r.stdout.split(separator: "\n").filter { $0.contains("step(\"s") }
        #expect(consoleSteps.count == Self.depth, "\(r.stdout)")
        for line in consoleSteps {
            let spaces = line.prefix { $0 == " " }.count
            #expect(spaces <= 8 + 32, "the console indents \(spaces) spaces: \(line)")
        }
        #expect(r.stdout.contains(deepest + " step tap(\"Open\")"), "\(r.stdout)")

        // HTML: the step table's padding stops at 16 levels.
        let html = try String(contentsOfFile: tmp.file("rep/index.html"), encoding: .utf8)
        let paddings = html.matches(of: /padding-left:(\d+)px/).compactMap { Int($0.output.1) }
        #expect(paddings.count >= Self.depth, "\(paddings)")
        #expect(paddings.max() == 10 + 18 * 16, "\(paddings)")
        #expect(html.contains(deepest), "the HTML report shows the depth past the cap")
    }

    @Test func fiveThousandNestedStepsMakeASmallJUnitFile() throws {
        let tmp = try TempFolder()
        try tmp.prototype()
        try tmp.write("deep.lua", Self.script.replacingOccurrences(of: "nest(\(Self.depth))", with: "nest(5000)"))
        let r = try Sceneflow.run(["test", "deep.lua", "--junit", "j.xml"], in: tmp.url, timeout: 120)
        #expect(r.status == 1, "\(r)")
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: tmp.file("j.xml"))[.size] as? Int)
        // 5 000 lines of at most ~80 bytes each.
        #expect(size < 1_000_000, "the JUnit file is \(size) bytes")
    }
}
