internal import CSDL2
import Foundation
import SceneflowCore
import Testing

@testable import SceneflowSDL

/// Text input in the window (SDL's dummy video driver): typed text, compositions, editing
/// keys and pastes while a text field has the keyboard; shortcuts otherwise. In `WindowTests`
/// because SDL's event queue is process-wide and that suite runs one test at a time.
extension WindowTests {
    func pushText(_ text: String, window: Window) {
        var event = SDL_Event()
        event.text.type = SDL_TEXTINPUT.rawValue
        event.text.windowID = window.id
        withUnsafeMutableBytes(of: &event.text.text) { raw in
            for (i, byte) in text.utf8.prefix(31).enumerated() { raw[i] = byte }
        }
        SDL_PushEvent(&event)
    }

    func pushComposition(_ text: String, start: Int32, window: Window) {
        var event = SDL_Event()
        event.edit.type = SDL_TEXTEDITING.rawValue
        event.edit.windowID = window.id
        event.edit.start = start
        event.edit.length = 0
        withUnsafeMutableBytes(of: &event.edit.text) { raw in
            for (i, byte) in text.utf8.prefix(31).enumerated() { raw[i] = byte }
        }
        SDL_PushEvent(&event)
    }

    func pushKey(_ code: SDL_KeyCode, mod: SDL_Keymod = KMOD_NONE, repeating: Bool = false, window: Window) {
        var event = SDL_Event()
        event.key.type = SDL_KEYDOWN.rawValue
        event.key.windowID = window.id
        event.key.keysym.sym = Int32(code.rawValue)
        event.key.keysym.mod = UInt16(mod.rawValue)
        event.key.repeat = repeating ? 1 : 0
        SDL_PushEvent(&event)
    }

    @Test func textInputReportsTypedTextCompositionsEditKeysAndPastes() throws {
        let window = try Window(title: "Sign in", device: device)
        _ = window.pollEvents()
        #expect(!window.isTextInputActive && SDL_IsTextInputActive() == SDL_FALSE, "off until a field asks")
        window.startTextInput(at: Rect(x: 20, y: 100, width: 320, height: 44))
        #expect(window.isTextInputActive && SDL_IsTextInputActive() == SDL_TRUE)
        try Clipboard.set("p\u{E4}ste\u{1F469}\u{200D}\u{1F4BB}")
        pushKey(SDLK_t, window: window)  // swallowed: its character arrives as text
        pushText("t", window: window)
        pushText("\u{E9}\u{1F44D}\u{1F3FD}", window: window)
        // An input method composes にほ with its caret after に (SDL counts scalars).
        pushComposition("\u{306B}\u{307B}", start: 1, window: window)
        pushComposition("e\u{301}x", start: 2, window: window)
        pushComposition("", start: 0, window: window)
        pushKey(SDLK_BACKSPACE, window: window)
        pushKey(SDLK_BACKSPACE, repeating: true, window: window)  // held keys repeat while editing
        pushKey(SDLK_LEFT, mod: KMOD_LSHIFT, window: window)
        pushKey(SDLK_HOME, window: window)
        pushKey(SDLK_a, mod: KMOD_LCTRL, window: window)
        pushKey(SDLK_v, mod: KMOD_LCTRL, window: window)
        pushKey(SDLK_INSERT, mod: KMOD_LSHIFT, window: window)
        pushKey(SDLK_RETURN, window: window)
        pushKey(SDLK_ESCAPE, window: window)
        pushKey(SDLK_TAB, window: window)  // not an editing key: passes through
        pushKey(SDLK_SPACE, window: window)
        let events = window.pollEvents()
        let paste = WindowEvent.paste("p\u{E4}ste\u{1F469}\u{200D}\u{1F4BB}")
        #expect(
            events == [
                .text("t"), .text("\u{E9}\u{1F44D}\u{1F3FD}"), .composition("\u{306B}\u{307B}", caret: 1),
                .composition("e\u{301}x", caret: 1), .composition("", caret: 0), .edit(.backspace), .edit(.backspace),
                .edit(.left(extending: true)), .edit(.home(extending: false)), .edit(.selectAll), paste, paste,
                .edit(.submit), .edit(.cancel), .key("Tab"),
            ], "\(events)")

        window.stopTextInput()
        #expect(!window.isTextInputActive && SDL_IsTextInputActive() == SDL_FALSE)
        pushKey(SDLK_t, window: window)
        pushKey(SDLK_ESCAPE, window: window)
        pushKey(SDLK_BACKSPACE, repeating: true, window: window)
        pushText("ignored", window: window)
        #expect(window.pollEvents() == [.key("T"), .back], "shortcuts again; repeats dropped as before")
    }

    @Test func anEmptyClipboardPastesNothing() throws {
        let window = try Window(title: "Sign in", device: device)
        _ = window.pollEvents()
        window.startTextInput(at: Rect(x: 0, y: 0, width: 10, height: 10))
        defer { window.stopTextInput() }
        try Clipboard.set("")
        #expect(Clipboard.text == nil)
        pushKey(SDLK_v, mod: KMOD_LCTRL, window: window)
        #expect(window.pollEvents().isEmpty)
    }

    @Test func theCandidateWindowSitsOverTheFieldAtEveryZoom() throws {
        let window = try Window(title: "Sign in", device: device)
        _ = window.pollEvents()
        let field = Rect(x: 60, y: 120, width: 240, height: 40)
        for zoom in [WindowZoom.fit, .half, .actual] {
            window.setZoom(zoom)
            let rect = window.textInputRect(field)
            // The field's corners map back to its points through the mouse's mapping.
            let topLeft = window.pointFromWindow(Double(rect.x), Double(rect.y))
            let bottomRight = window.pointFromWindow(Double(rect.x + rect.w), Double(rect.y + rect.h))
            let tolerance = 1.5 / (window.view.scale * device.scale) + 1e-9
            #expect(
                abs(topLeft.x - field.x) <= tolerance && abs(topLeft.y - field.y) <= tolerance, "\(zoom) \(topLeft)")
            #expect(
                abs(bottomRight.x - field.maxX) <= tolerance && abs(bottomRight.y - field.maxY) <= tolerance,
                "\(zoom) \(bottomRight)")
        }
        window.setZoom(.fit)
    }
}
