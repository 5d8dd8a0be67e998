import Foundation
import SceneflowRunner
import Testing

/// An element's `value` written as a number in `prototype.lua` keeps every digit: it reads back
/// as the same number, so `expect.value` with that number holds and with a neighbour six
/// digits long fails (red-team 58 A V1: values were kept to six decimals, so
/// `expect.value("Go", 1/3)` failed and `expect.value("Go", 0.333333)` passed). A whole number
/// beyond 2^53, which no number holds exactly, is refused by every command alike.
@Suite struct NumericElementValueTests {
    /// Numbers a prototype may give as values, as Lua source.
    static let values = [
        "1/3", "-1/7", "0.1", "1e-7", "2.5e-12", "123456.7890123", "1e300", "-0.0", "42", "9007199254740992",
        "1000000000000000", "1e15", "-999999999999999",
    ]

    /// Whole numbers read as integers, up to 2^53 (red-team 59 A V2: 1e15 read
    /// `1000000000000000.0`, so the text "1000000000000000" did not match).
    static let wholeTexts = [
        ("42", "42"), ("1000000000000000", "1000000000000000"), ("1e15", "1000000000000000"),
        ("9007199254740992", "9007199254740992"), ("-999999999999999", "-999999999999999"),
    ]

    @Test func everyDigitOfANumericValueIsKept() throws {
        let tmp = try TempFolder()
        var elements = ""
        for (i, value) in Self.values.enumerated() {
            elements += "{ label = \"V\(i)\", frame = { 2, \(2 + i * 5), 20, 4 }, value = \(value) },\n"
        }
        try tmp.prototype(scenes: "home = { image = \"home.png\", elements = {\n\(elements)} },\n")
        var tests = ""
        for (i, value) in Self.values.enumerated() {
            tests += "test(\"same \(i)\", function() expect.value(\"V\(i)\", \(value), {timeout = 0}) end)\n"
            tests += """
                test("near \(i)", function()
                  local near = tonumber(string.format("%.6g", \(value)))
                  if math.abs(near - (\(value))) > 1e-9 then expect.not_value("V\(i)", near, {timeout = 0}) end
                end)

                """
        }
        for (i, (value, text)) in Self.wholeTexts.enumerated() {
            let index = try #require(Self.values.firstIndex(of: value))
            tests += "test(\"text \(i)\", function() expect.value(\"V\(index)\", \"\(text)\", {timeout = 0}) end)\n"
        }
        try tmp.write("s.lua", "prototype \"Proto\"\n" + tests)
        let r = try Sceneflow.run(["test", "s.lua", "--json", "r.json"], in: tmp.url, timeout: 120)
        #expect(r.status == 0, "\(r)")
        let json = try JSONReport.read(Data(contentsOf: tmp.url.appendingPathComponent("r.json")))
        let failed = json.files.flatMap(\.outcomes).filter { $0.verdict != .passed }
        #expect(failed.isEmpty, "\(failed.map { "\($0.name): \($0.failure?.message ?? "")" })")
    }

    @Test(arguments: ["check", "inspect", "test"])
    func aWholeNumberBeyondTwoToThe53IsRefused(_ command: String) throws {
        let tmp = try TempFolder()
        try tmp.prototype(
            scenes: """
                home = { image = "home.png", elements = {
                  { label = "Big", frame = { 2, 2, 20, 20 }, value = 123456789012345678 },
                } },
                """)
        try tmp.write(
            "s.lua", "prototype \"Proto\"\ntest(\"t\", function() expect.value(\"Big\", 123456789012345678) end)\n")
        let arguments = command == "test" ? ["test", "s.lua"] : [command, "Proto"]
        let r = try Sceneflow.run(arguments, in: tmp.url, timeout: 120)
        #expect(r.status == 65, "\(r)")
        #expect(r.stdout.contains("write it as a string") || r.stderr.contains("write it as a string"), "\(r)")
    }
}
