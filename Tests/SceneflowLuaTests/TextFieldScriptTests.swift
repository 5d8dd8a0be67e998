import Foundation
import SceneflowCore
import Testing

@testable import SceneflowLua

/// Text fields loaded from `prototype.lua` and driven by scripts: `type_text` taps the field
/// and types, `clear_text` empties it, `expect.value` and `element().value` read the text (dots
/// for a secure field), `on_change` / `on_submit` receive the text, bad declarations are
/// refused with their place, and what a person types in the window is recorded as
/// `type_text` / `clear_text` lines that replay to the same text.
@Suite("Text fields from Lua scripts")
struct TextFieldScriptTests {
    static func prototype(_ email: String = "") -> String {
        """
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "signin",
          state = { typed = 0, submitted = "" },
          scenes = {
            signin = { image = "signin.png", elements = {
              { label = "Email", control = "text_field", frame = { 20, 100, 320, 44 },
                placeholder = "you@example.com", keyboard = "email", \(email)
                on_change = function(app, text) app.state.typed = app.state.typed + 1 end,
                on_submit = function(app, text) app.state.submitted = text; app:go("done") end },
              { label = "Password", control = "text_field", frame = { 20, 160, 320, 44 }, secure = true,
                value = "hunter2", on_change = function(app, text) app.state.password = text end },
              { label = "Off", control = "text_field", frame = { 20, 220, 320, 44 }, enabled = false },
              { label = "Continue", frame = { 20, 400, 320, 50 }, on_tap = go("done") },
            } },
            done = { image = "signin.png", elements = { { label = "Back", frame = { 0, 0, 50, 50 }, on_tap = back() } } },
          },
        }
        """
    }

    static func run(_ lua: String, prototype: String = prototype()) throws -> [String: ScriptAPIHarness.Result] {
        try ScriptAPIHarness.run(lua, prototype: prototype, images: ["signin"])
    }

    /// type_text and clear_text return once the field's on_change actions ran, as tap returns
    /// once its action ran: the state reads the new text on the next line (red-team 13 F4: it
    /// read the text before, and a key on_change creates was not there yet).
    @Test func typeTextAndClearTextReturnOnceOnChangeRan() throws {
        let result = try Self.run(
            """
            test("at once", function()
              type_text("Password", "cats")
              expect(state.password).to_be("hunter2cats")
              local typed = state.typed
              type_text("Email", "ab")
              expect(state.typed).to_be(typed + 2)
              clear_text("Password")
              expect(state.password).to_be("")
            end)
            """)
        #expect(result["at once"]?.failure == nil, "\(result["at once"]?.failure ?? "")")
    }

    @Test func typeTextClearTextAndExpectValueDriveTheField() throws {
        let result = try Self.run(
            """
            test("walk", function()
              expect.value("Email", "")
              local e = element("Email")
              assert(e.kind == "text_field", e.kind)
              assert(e.placeholder == "you@example.com")
              assert(e.secure == false)
              assert(e.accessibility_value == "", e.accessibility_value)
              type_text("Email", "a@b.example")
              expect.value("Email", "a@b.example")
              expect.state("typed", 11)
              type_text("Email", " 東京 👩‍💻")
              expect.value("Email", "a@b.example 東京 👩‍💻")
              clear_text("Email")
              expect.value("Email", "")
              expect.state("typed", 17)
              type_text("Email", "né\\n")
              expect.scene "done"
              expect.state("submitted", "né")
              back()
              expect.value("Email", "né")
            end)
            """)["walk"]
        #expect(result?.step == .passed, "\(result?.failure ?? "")")
    }

    @Test func aSecureFieldReadsAsDotsButItsCodeGetsTheText() throws {
        let result = try Self.run(
            """
            test("secure", function()
              expect.value("Password", "•••••••")
              assert(element("Password").secure == true)
              assert(element("Password").accessibility_value == "•••••••")
              type_text("Password", "!")
              expect.value("Password", "••••••••")
              expect.state("password", "hunter2!")
              expect.value("Password", "hunter2!")
            end)
            """)["secure"]
        guard case .failed(let failure) = result?.step else {
            Issue.record("expect.value with the plain text must fail for a secure field")
            return
        }
        #expect(failure.line == 9, "\(failure.message)")  // the harness's `prototype` line is line 1
        #expect(!failure.message.contains("hunter2!") || failure.message.contains("expected value \"hunter2!\""))
        #expect(!failure.message.contains("has \"hunter"), "the field's text is never printed: \(failure.message)")
    }

    @Test func typeTextFailsAtItsLineForADisabledOrUnknownField() throws {
        let results = try Self.run(
            """
            test("disabled", function()
              type_text("Off", "x")
            end)
            test("unknown", function()
              type_text("Emial", "x")
            end)
            test("not text", function()
              type_text("Email", 42)
            end)
            """)
        guard case .failed(let disabled) = results["disabled"]?.step else {
            Issue.record("expected a failure")
            return
        }
        #expect(disabled.message.contains("disabled") && disabled.line == 3, "\(disabled.message)")
        guard case .failed(let unknown) = results["unknown"]?.step else {
            Issue.record("expected a failure")
            return
        }
        #expect(unknown.message.contains("Emial") && unknown.line == 6, "\(unknown.message)")
        guard case .failed(let number) = results["not text"]?.step else {
            Issue.record("expected a failure")
            return
        }
        #expect(number.message.contains("expected the text to type"), "\(number.message)")
    }

    static func load(_ text: String) -> [Diagnostic] { TestFolders.problems(text, images: ["signin.png"]) }

    /// A prototype whose one element is `element`.
    static func single(_ element: String) -> String {
        """
        return {
          device = { width = 360, height = 800, scale = 1 },
          start = "signin",
          scenes = {
            signin = { image = "signin.png", elements = {
              \(element),
            } },
          },
        }
        """
    }

    static let field =
        ##"{ label = "Email", control = "text_field", frame = { 20, 100, 320, 44 }, font_size = 17, color = "#1C1B1F", placeholder = "Email", value = "a@b", max_length = 40, keyboard = "email", padding = 8 }"##

    @Test func aGoodDeclarationLoads() throws {
        let folder = TestFolders.prototype(Self.single(Self.field), images: ["signin.png"])
        let prototype = try PrototypeLoader.load(directory: folder).prototype
        let element = try #require(prototype.scenes["signin"]?.elements.first)
        #expect(element.kind == "text_field")
        let field = try #require(element.control?.textField)
        #expect(field.fontSize == 17 && field.color == OverlayColor(28, 27, 31) && field.placeholder == "Email")
        #expect(field.initialText == "a@b" && field.maxLength == 40 && field.keyboard == .email && field.padding == 8)
        #expect(!field.secure && field.background == nil && field.onChange == nil)
    }

    @Test(arguments: [
        ("font_size = 17", "font_size = 0", "elements[1].font_size", "expected a number of points from 1 to 200"),
        ("font_size = 17", #"font_size = "big""#, "elements[1].font_size", "expected a number of points"),
        (##"color = "#1C1B1F""##, #"color = "red""#, "elements[1].color", ##"expected a colour "#RRGGBB""##),
        (##"color = "#1C1B1F""##, ##"color = "#12345""##, "elements[1].color", "expected a colour"),
        (#"placeholder = "Email""#, "placeholder = 3", "elements[1].placeholder", "expected a string"),
        (
            #"value = "a@b""#, #"value = "a\nb""#, "elements[1].value",
            #"must be one line of text, found a line break (\n) at character 2"#
        ),
        ("max_length = 40", "max_length = 2", "elements[1].value", "more than max_length 2"),
        ("max_length = 40", "max_length = 1.5", "elements[1].max_length", "expected a whole number from 1 to 10000"),
        (#"keyboard = "email""#, #"keyboard = "emial""#, "elements[1].keyboard", #"did you mean "email"?"#),
        ("padding = 8", "padding = 200", "elements[1].padding", "leaves no room for text"),
        (#"control = "text_field""#, #"control = "textfield""#, "elements[1].control", #"did you mean "text_field"?"#),
        ("padding = 8", "secure = 1", "elements[1].secure", "expected true or false"),
        ("padding = 8", "on_submit = 3", "elements[1].on_submit", "expected"),
        ("padding = 8", "palceholder = 1", "elements[1]", #"unknown key "palceholder""#),
    ])
    func badDeclarationsNameTheirPlaceAndLine(old: String, new: String, path: String, message: String) throws {
        let element = Self.field.replacingOccurrences(of: ", ", with: ",\n      ")
        let text = Self.single(element.replacingOccurrences(of: old, with: new))
        #expect(text != Self.single(element), "the case changes the element")
        let diagnostics = Self.load(text)
        let hit = diagnostics.first { $0.path?.hasSuffix(path) == true && $0.message.contains(message) }
        #expect(hit != nil, "\(diagnostics.map(\.description))")
        #expect(hit?.line != nil, "the error names its line: \(diagnostics.map(\.description))")
    }

    @Test func coloursParseAsCSSHex() {
        #expect(PrototypeValidator.parseColour("#1C1B1F") == OverlayColor(28, 27, 31))
        #expect(PrototypeValidator.parseColour("#fff") == OverlayColor(255, 255, 255))
        #expect(PrototypeValidator.parseColour("#00000080") == OverlayColor(0, 0, 0, 128))
        for bad in ["1C1B1F", "#1C1B1", "#GGGGGG", "#", "#ＦＦＦ"] { #expect(PrototypeValidator.parseColour(bad) == nil) }
    }

    /// Record → replay: a click on a field and typing in the window are written as `type_text`
    /// / `clear_text` lines; running them gives the same text and scene.
    @Test func recordedTypingReplaysToTheSameText() throws {
        let path = ScriptAPIHarness.write("", prototype: Self.prototype(), images: ["signin"])
        let folder = (path as NSString).deletingLastPathComponent + "/proto"
        let prototype = try PrototypeLoader.load(directory: folder).prototype
        let session = Session(prototype: prototype)
        let recorder = ScriptRecorder(start: session.currentScene)
        func frames(_ n: Int = 40) {
            for _ in 0..<n {
                session.step(to: session.now + 1.0 / 60)
                session.framePresented()
                recorder.observe(session)
            }
        }
        func tap(_ x: Double, _ y: Double) {
            session.handle(InputEvent(.down, Point(x: x, y: y), at: session.now))
            session.handle(InputEvent(.up, Point(x: x, y: y), at: session.now + 0.05))
            frames()
        }
        tap(100, 120)  // Email takes the keyboard
        for typed in ["h", "e", "l", "l", "o", " ", "w", "ö", "r", "l", "d"] { session.typeText(typed) }
        session.editText(.backspace)
        session.composeText("\u{3042}", caret: 1)  // an open composition is not text
        frames()
        tap(100, 180)  // Password: the Email line is written before
        session.editText(.selectAll)
        session.editText(.backspace)
        session.typeText("s3cret")
        frames()
        tap(100, 120)
        session.editText(.home(extending: false))
        session.typeText(">")
        session.editText(.submit)  // Return: written at once, with "\n" (its Lua on_submit runs only on replay)
        frames()
        recorder.finish(session)
        #expect(
            recorder.lines == [
                #"expect.scene "signin""#, #"type_text("Email", "hello wörl")"#, #"clear_text("Password")"#,
                #"type_text("Password", "s3cret")"#, #"clear_text("Email")"#, #"type_text("Email", ">hello wörl\n")"#,
            ], "\(recorder.lines)")
        let body = recorder.lines.joined(separator: "\n")
        let replay = try Self.run(
            "test(\"replay\", function()\n\(body)\nback()\nexpect.value(\"Email\", \">hello wörl\")\nexpect.value(\"Password\", \"••••••\")\nexpect.state(\"password\", \"s3cret\")\nend)"
        )["replay"]
        #expect(replay?.step == .passed, "\(replay?.failure ?? "")")
    }
}
