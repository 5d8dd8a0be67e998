import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Several elements share a label (issue 13.5): a back button and a tab both labelled "Cars",
/// as iOS labels them. The strictness error shows each match's kind and frame, so the engineer
/// can write the exact locator it suggests, and that locator works.
@Suite struct AmbiguousLocatorTests {
    static let prototype = """
        return {
          name = "Cars", device = { width = 200, height = 400, scale = 1 }, start = "detail",
          scenes = {
            detail = { image = "login.png", elements = {
              { label = "Cars", kind = "back_button", frame = { 0, 0, 60, 40 }, on_tap = go("list", "none") },
              { label = "Cars", kind = "tab", frame = { 0, 360, 100, 40 }, on_tap = go("tabbed", "none") },
              { label = "Delete", kind = "button", frame = { 0, 100, 80, 40 }, on_tap = go("list", "none") },
              { label = "Delete", kind = "button", frame = { 100, 100, 80, 40 }, on_tap = go("tabbed", "none") },
            } },
            list = { image = "home.png" },
            tabbed = { image = "home.png" },
          },
        }
        """

    static func run(_ body: String) throws -> ScriptAPIHarness.Result {
        let results = try ScriptAPIHarness.run(
            "test(\"t\", function()\n\(body)\nend)\n", prototype: prototype, images: ["login", "home"])
        return try #require(results["t"])
    }

    static let matches =
        "\"Cars\" (back_button at {0, 0, 60, 40}), \"Cars\" (tab at {0, 360, 100, 40})"

    @Test func everyStrictnessErrorShowsEachMatchsKindAndFrame() throws {
        for (call, what) in [
            ("tap \"Cars\"", "tap(\"Cars\")"), ("local e = element(\"Cars\")", "element(\"Cars\")"),
            ("long_press(\"Cars\", 0.6)", "long_press(\"Cars\")"),
            ("expect.visible(\"Cars\", {timeout = 0.1})", "expect.visible(\"Cars\")"),
            ("expect.value(\"Cars\", 1, {timeout = 0.1})", "expect.value(\"Cars\", 1)"),
        ] {
            let r = try Self.run(call)
            let failure = try #require(r.failure, "\(call) must fail")
            #expect(failure.hasPrefix("\(what): "), "\(failure)")
            #expect(failure.contains("2 elements match \"Cars\" in scene \"detail\": \(Self.matches)"), "\(failure)")
            #expect(
                failure.contains("make the locator exact (e.g. {label = \"Cars\", kind = \"back_button\"})"),
                "the kinds differ, so the message says how to tell them apart: \(failure)")
        }
    }

    @Test func sameKindMatchesSuggestIndex() throws {
        let r = try Self.run("tap \"Delete\"")
        let failure = try #require(r.failure)
        #expect(
            failure
                == "tap(\"Delete\"): 2 elements match \"Delete\" in scene \"detail\": \"Delete\" (button at {0, 100, 80, 40}), \"Delete\" (button at {100, 100, 80, 40}); make the locator exact or add index = n",
            "\(failure)")
    }

    @Test func theExactLocatorsTheMessageSuggestsWork() throws {
        let back = try Self.run("tap {label = \"Cars\", kind = \"back_button\"}\nexpect.scene \"list\"")
        #expect(back.failure == nil, "\(back.failure ?? "")")
        let tab = try Self.run("tap {label = \"Cars\", kind = \"tab\"}\nexpect.scene \"tabbed\"")
        #expect(tab.failure == nil, "\(tab.failure ?? "")")
        let visible = try Self.run(
            "expect.visible({label = \"Delete\", index = 2}, {timeout = 0.1})\nexpect.visible {label = \"Cars\", kind = \"tab\"}"
        )
        #expect(visible.failure == nil, "expect.visible takes index like tap: \(visible.failure ?? "")")
        let second = try Self.run("tap {label = \"Delete\", index = 2}\nexpect.scene \"tabbed\"")
        #expect(second.failure == nil, "\(second.failure ?? "")")
    }
}
