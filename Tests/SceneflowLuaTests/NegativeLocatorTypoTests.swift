import Testing

/// A negative expectation never passes on a locator that no scene of the prototype matches:
/// a misspelt label, kind, `contains` text or pattern, or a misspelt `within` scene or
/// container (red-team findings R11 and M11: `expect.hidden({label = "Open", kind =
/// "hotspto"})` and `within("hoem", function() expect.hidden "Open" end)` were green).
@Suite struct NegativeLocatorTypoTests {
    typealias H = ScriptAPIHarness

    /// Locators that match nothing in any scene of the harness prototype.
    static let typos = [
        "\"Contnue\"",
        "{label = \"Continue\", kind = \"hotspto\"}",
        "{label = \"Quantity\", kind = \"steper\"}",
        "{contains = \"Contnue\"}",
        "{pattern = \"^Xyz\"}",
        "{kind = \"hotspto\"}",
    ]

    /// Every negative check, as a Lua call taking the locator.
    static let negativeChecks = [
        "expect.hidden(%@)",
        "expect.count(%@, 0)",
        "expect.soft.hidden(%@)",
        "within(\"Card\", function() expect.hidden(%@) end)",
    ]

    static var calls: [String] {
        negativeChecks.flatMap { check in typos.map { check.replacingOccurrences(of: "%@", with: $0) } }
    }

    @Test(arguments: calls)
    func aLocatorNoSceneMatchesFailsTheNegativeCheck(_ call: String) throws {
        let r = try H.one(call)
        #expect(
            r.failure?.contains("no scene of the prototype has an element") == true, "\(call): \(r.failure ?? "passed")"
        )
    }

    @Test func aMisspeltWithinSceneOrContainerFails() throws {
        for call in [
            "within(\"hoem\", function() expect.hidden \"Continue\" end)",
            "within({label = \"Crad\"}, function() expect.count(\"Like\", 0) end)",
            "within({label = \"Card\", kind = \"hotspto\"}, function() expect.hidden \"Like\" end)",
        ] {
            let r = try H.one(call)
            #expect(r.failure != nil, "\(call) passed")
            #expect(
                r.failure?.contains("did you mean") == true || r.failure?.contains("kinds:") == true,
                "\(call): \(r.failure ?? "")")
        }
        let hint = try H.one("within(\"hoem\", function() expect.hidden \"Continue\" end)")
        #expect(hint.failure?.contains("there is no scene \"hoem\"") == true, "\(hint.failure ?? "")")
        let kind = try H.one("expect.hidden({label = \"Continue\", kind = \"hotspto\"})")
        #expect(
            kind.failure?.contains("of kind \"hotspto\"; did you mean \"hotspot\"?") == true, "\(kind.failure ?? "")")
    }

    /// A label only a landscape variant declares is known (red-team finding M18: it was called
    /// a typo in portrait, where it is rightly hidden).
    @Test func labelsOfLandscapeVariantsAreKnown() throws {
        let prototype = """
            return {
              device = { width = 360, height = 800, scale = 1 },
              start = "login",
              scenes = {
                login = { image = "login.png", elements = { { label = "Go", frame = { 0, 0, 100, 40 } } },
                  landscape = { image = "home.png", elements = { { label = "Wide only", frame = { 0, 0, 100, 40 } } } } },
              },
            }
            """
        let results = try H.run(
            """
            test("t", function()
              expect.hidden "Wide only"
              expect.count("Wide only", 0)
              expect.hidden {label = "Wide only", kind = "hotspot"}
            end)
            """, prototype: prototype, images: ["login", "home"])
        let r = try #require(results["t"])
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }

    @Test func knownLocatorsStillPassTheNegativeChecks() throws {
        let r = try H.one(
            """
            expect.hidden "Back"
            expect.hidden {label = "Back", kind = "hotspot"}
            expect.count({label = "Close", kind = "hotspot"}, 0)
            expect.count({contains = "Close"}, 0)
            within("Card", function() expect.hidden "Continue" end)
            within("home", function() end)
            """)
        #expect(r.failure == nil, "\(r.failure ?? "")")
    }
}
