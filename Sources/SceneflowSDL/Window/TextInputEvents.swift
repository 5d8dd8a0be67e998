internal import CSDL2
import SceneflowCore

/// The events a text field takes while it has the keyboard (`Window.startTextInput`):
/// SDL_TEXTINPUT, SDL_TEXTEDITING, the editing keys and the paste shortcuts. Character keys
/// are swallowed (their characters arrive as SDL_TEXTINPUT), so typing never triggers the
/// window's one-letter shortcuts; Tab, the function keys and the other keys pass through.
enum TextInputEvents {
    /// `.some(event)` for an event text input owns (`.some(nil)` when it swallows it); nil for
    /// one the window's usual translation handles.
    static func translate(_ event: SDL_Event) -> WindowEvent?? {
        switch event.type {
        case SDL_TEXTINPUT.rawValue:
            let typed = string(event.text.text)
            return .some(typed.isEmpty ? nil : .text(typed))
        case SDL_TEXTEDITING.rawValue:
            let composing = string(event.edit.text)
            // SDL counts the caret in characters (Unicode scalars); fields count graphemes.
            let scalars = max(0, Int(event.edit.start))
            let caret = String(String.UnicodeScalarView(composing.unicodeScalars.prefix(scalars))).count
            return .some(.composition(composing, caret: caret))
        case SDL_KEYDOWN.rawValue:
            return key(event.key)
        default:
            return nil
        }
    }

    /// The editing key for a key press, `.some(nil)` for a character key (swallowed), nil for
    /// the others (translated as usual: repeats dropped, names kept).
    static func key(_ key: SDL_KeyboardEvent) -> WindowEvent?? {
        let sym = key.keysym.sym
        let mod = UInt32(key.keysym.mod)
        let shift = mod & KMOD_SHIFT.rawValue != 0
        let ctrl = mod & (KMOD_CTRL.rawValue | KMOD_GUI.rawValue) != 0
        func code(_ k: SDL_KeyCode) -> Int32 { Int32(k.rawValue) }
        switch sym {
        case code(SDLK_BACKSPACE): return .edit(.backspace)
        case code(SDLK_DELETE): return .edit(.delete)
        case code(SDLK_LEFT): return .edit(.left(extending: shift))
        case code(SDLK_RIGHT): return .edit(.right(extending: shift))
        case code(SDLK_HOME): return .edit(.home(extending: shift))
        case code(SDLK_END): return .edit(.end(extending: shift))
        case code(SDLK_RETURN), code(SDLK_KP_ENTER), code(SDLK_RETURN2):
            return key.repeat == 0 ? .edit(.submit) : .some(nil)
        case code(SDLK_ESCAPE): return key.repeat == 0 ? .edit(.cancel) : .some(nil)
        case code(SDLK_INSERT) where shift: return .some(pasteEvent())
        case code(SDLK_a) where ctrl: return .edit(.selectAll)
        case code(SDLK_c) where ctrl: return key.repeat == 0 ? .edit(.copy) : .some(nil)
        case code(SDLK_x) where ctrl: return key.repeat == 0 ? .edit(.cut) : .some(nil)
        case code(SDLK_v) where ctrl: return .some(pasteEvent())
        default:
            // Keys with a character (letters, digits, Space, punctuation, accented keys on
            // other layouts) type it through SDL_TEXTINPUT; SDL gives them codes below 2^30.
            if sym >= 32 && sym & Int32(SDLK_SCANCODE_MASK) == 0 && sym != 127 { return .some(nil) }
            return nil
        }
    }

    /// A paste of the clipboard's text, or nil when it holds none.
    static func pasteEvent() -> WindowEvent? {
        guard let text = Clipboard.text, !text.isEmpty else { return nil }
        return .paste(text)
    }

    /// The NUL-terminated UTF-8 in an SDL event's fixed `char[32]` buffer (invalid bytes
    /// repaired as U+FFFD).
    static func string<T>(_ buffer: T) -> String {
        withUnsafeBytes(of: buffer) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
