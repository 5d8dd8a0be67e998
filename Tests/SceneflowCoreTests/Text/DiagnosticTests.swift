import Testing

@testable import SceneflowCore

@Suite("Diagnostics")
struct DiagnosticTests {
    @Test func fullDescription() {
        let d = Diagnostic(
            file: "Prototypes/Store/prototype.lua", line: 12, path: "scenes.list.elements[3].on_tap",
            message: "no scene \"detial\"" + NearestName.hint(for: "detial", among: ["detail", "home"]))
        #expect(
            d.description
                == "Prototypes/Store/prototype.lua:12: scenes.list.elements[3].on_tap: no scene \"detial\"; did you mean \"detail\"?"
        )
        #expect(d.severity == .error)
    }

    @Test func partsThatAreUnknownAreLeftOut() {
        #expect(Diagnostic(file: "a.lua", message: "boom").description == "a.lua: boom")
        #expect(Diagnostic(file: "a.lua", path: "", message: "boom").description == "a.lua: boom")
        #expect(Diagnostic(file: "a.lua", path: "name", message: "boom").description == "a.lua: name: boom")
    }

    @Test func warningsArePrefixed() {
        let d = Diagnostic(
            .warning, file: "p.lua", line: 3, path: "scenes.orphan", message: "no hotspot reaches this scene")
        #expect(d.description == "p.lua:3: warning: scenes.orphan: no hotspot reaches this scene")
    }

    @Test func listPrintsOneDiagnosticPerLine() {
        let list = DiagnosticList([
            Diagnostic(file: "p.lua", message: "one"),
            Diagnostic(.warning, file: "p.lua", line: 2, message: "two"),
        ])
        #expect(list.description == "p.lua: one\np.lua:2: warning: two")
        #expect(list.diagnostics.count == 2)
    }

    @Test func numbersAndRectsFormatLikeThePrototypeFile() {
        #expect(formatNumber(3) == "3")
        #expect(formatNumber(0.35) == "0.35")
        #expect(formatNumber(0.3456, decimals: 3) == "0.346")
        #expect(formatNumber(-2.5) == "-2.5")
        #expect(formatNumber(50.4, decimals: 0) == "50")
        #expect(formatNumber(100.2, decimals: 0) == "100")
        #expect(Rect(x: 16, y: 220, width: 96, height: 120.5).description == "{16, 220, 96, 120.5}")
        // A value that is not 0 is never shown as 0 (red-team 61 A: `{10, 10, 0, 0}` for 1e-17).
        #expect(Rect(x: 10, y: -0.001, width: 1e-17, height: 0).description == "{10, -0.001, 1e-17, 0}")
        #expect(PixelRect(x: 1, y: 2, width: 3, height: 4).description == "{1, 2, 3, 4}")
        #expect(
            Transition(kind: .pushLeft, duration: 0.35, curve: .easeInOut).description == "push_left 0.35s ease_in_out")
        #expect(Transition.cut.description == "none")
        #expect(
            Action.go(scene: "details", transition: Transition(kind: .crossfade, duration: 0.3, curve: .linear))
                .description
                == "go(\"details\", crossfade 0.3s linear)")
    }

    @Test func lifecycleAndTimelineDescriptions() {
        #expect(LifecycleEvent(.didAppear, "details", animated: true).description == "details.did_appear(animated)")
        #expect(
            LifecycleEvent(.willDisappear, "home", animated: false).description == "home.will_disappear(not animated)")
        let e = TimelineEvent(time: 0.35, kind: .lifecycle(.init(.didAppear, "details", animated: true)))
        #expect(e.description == "0.35s details.did_appear(animated)")
    }
}

/// A message of several lines (a list of soft failures, a traceback) is clipped line by line,
/// so every line of the list stays readable (issue 20).
@Suite struct MultiLineClipTests {
    @Test func eachLineIsClippedOnItsOwn() {
        let lines = (1...30).map { "  line \($0): " + String(repeating: "x", count: 80) }
        let message = "30 soft expectations failed:\n" + lines.joined(separator: "\n")
        #expect(MessageClip.clip(message) == message, "2 400 characters in 31 lines stay whole")
        let long = "first\n" + String(repeating: "y", count: 1500)
        #expect(MessageClip.clip(long) == "first\n" + String(repeating: "y", count: 1000) + "… (500 more characters)")
    }

    /// A long quoted name is shortened, never the reason after it (red-team finding m1: a
    /// 1 000-character test name cut `skip("xxx…` before what was wrong).
    @Test func aLongQuotedNameIsShortenedAndTheReasonKept() {
        let name = String(repeating: "x", count: 1000)
        let message = "t.lua:2: skip(\"\(name)\"): the reason must be valid UTF-8 text (byte 2 is not part of one)"
        let clipped = MessageClip.clip(message)
        #expect(
            clipped == "t.lua:2: skip(\"" + String(repeating: "x", count: MessageClip.quotedKept)
                + "…\" (1000 characters)): the reason must be valid UTF-8 text (byte 2 is not part of one)")
        // Escaped quotes stay inside their string (one character each), and a short quote stays whole.
        let escaped = "tap(\"a\\\"" + name + "\") in \"home\": no element"
        #expect(
            MessageClip.clip(escaped) == "tap(\"a\\\"" + String(repeating: "x", count: 58)
                + "…\" (1002 characters)) in \"home\": no element")
        // Under the limit nothing changes.
        let short = "skip(\"" + String(repeating: "y", count: 500) + "\"): bad"
        #expect(MessageClip.clip(short) == short)
    }

    @Test func manyLinesAreCut() {
        let message = (1...250).map { "line \($0)" }.joined(separator: "\n")
        let clipped = MessageClip.clip(message)
        #expect(clipped.split(separator: "\n").count == MessageClip.maxLines + 1)
        #expect(clipped.hasSuffix("\n… (\(250 - MessageClip.maxLines) more lines)"))
    }
}
