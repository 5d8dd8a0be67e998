internal import CSDL2
import SceneflowCore

/// An input or window event from SDL, translated for Core. Positions are in **points**
/// (device pixels ÷ scale), measured from the top-left of the device screen.
public enum WindowEvent: Equatable, Sendable {
    /// The left mouse button (or a finger) went down.
    case pointerDown(Point)
    /// The pointer moved (with or without a button held).
    case pointerMoved(Point)
    /// The left mouse button (or a finger) went up.
    case pointerUp(Point)
    /// Escape, Backspace or the Android/AC back key: go back.
    case back
    /// Any other key press, by SDL's key name (`"T"`, `"S"`, `"Space"`, `"Left"`), prefixed
    /// with `"Ctrl+"` while Control is held (`"Ctrl+Z"`; Q quits with or without it); Tab with
    /// Shift held is `"Shift+Tab"`.
    case key(String)
    /// The user closed the window or asked the app to quit.
    case quit
    /// The window needs redrawing (exposed, resized or restored).
    case exposed
    /// The mouse wheel turned (see `WheelTurn`).
    case wheel(WheelTurn)
    /// Text typed while text input is on (`Window.startTextInput`): one key's character, a
    /// dead key's accented letter, or what an input method committed (SDL_TEXTINPUT).
    case text(String)
    /// An input method's composition (marked text) changed while text input is on, with its
    /// caret in graphemes; empty when the composition ended (SDL_TEXTEDITING).
    case composition(String, caret: Int)
    /// An editing key while text input is on (Backspace, Delete, arrows, Home, End, Return,
    /// Escape, Ctrl+A/C/X); held keys repeat.
    case edit(TextEditKey)
    /// Ctrl+V or Shift+Insert while text input is on, with the clipboard's text (never empty).
    case paste(String)
}

/// A turn of the mouse wheel, in points of content: one notch is 40 points.
public struct WheelTurn: Equatable, Sendable {
    /// Vertical: positive shows more below (the wheel turned toward the user).
    public var down: Double
    /// Horizontal (a tilt wheel or touchpad): positive shows more to the right.
    public var right: Double
    /// Where the pointer was, in points.
    public var at: Point
    /// True when Shift was held (pan sideways, by convention).
    public var shift: Bool
    /// Creates a turn.
    public init(down: Double, right: Double = 0, at: Point, shift: Bool = false) {
        self.down = down
        self.right = right
        self.at = at
        self.shift = shift
    }
}

/// Drains SDL's event queue into `WindowEvent`s. Mouse coordinates arrive in window
/// coordinates (the window renderer sets no SDL logical size); `map` turns them into points
/// through the window's `WindowView`, so they land where they are drawn at every zoom and pan.
enum EventPump {
    /// Appends the translated pending events to `events` (no allocation when it has room).
    /// `resized` runs when a size-change event is taken, before later events are mapped.
    /// `textInput` is true while a text field has the keyboard (`Window.startTextInput`).
    static func poll(
        into events: inout [WindowEvent], textInput: Bool = false, map: (Double, Double) -> Point,
        resized: () -> Void = {}
    ) {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            let window = event.type == SDL_WINDOWEVENT.rawValue
            if window && UInt32(event.window.event) == SDL_WINDOWEVENT_SIZE_CHANGED.rawValue { resized() }
            if let translated = translate(event, textInput: textInput, map: map) { events.append(translated) }
        }
    }

    /// Blocks until an event is queued or `seconds` pass; true when an event is waiting.
    static func wait(seconds: Double) -> Bool {
        SDL_WaitEventTimeout(nil, Int32(max(0, min(seconds, 86_400)) * 1000)) == 1
    }

    static func translate(_ event: SDL_Event, textInput: Bool = false, map: (Double, Double) -> Point) -> WindowEvent? {
        func point(_ x: Int32, _ y: Int32) -> Point { map(Double(x), Double(y)) }
        if textInput, let typed = TextInputEvents.translate(event) { return typed }
        switch event.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_MOUSEBUTTONDOWN.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .pointerDown(point(event.button.x, event.button.y))
        case SDL_MOUSEBUTTONUP.rawValue where event.button.button == UInt8(SDL_BUTTON_LEFT):
            return .pointerUp(point(event.button.x, event.button.y))
        case SDL_MOUSEMOTION.rawValue:
            return .pointerMoved(point(event.motion.x, event.motion.y))
        case SDL_MOUSEWHEEL.rawValue:
            let flip = event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1.0 : 1.0
            var x: Int32 = 0
            var y: Int32 = 0
            SDL_GetMouseState(&x, &y)  // the wheel event's own mouseX/Y need SDL 2.26
            let shift = SDL_GetModState().rawValue & KMOD_SHIFT.rawValue != 0
            return .wheel(
                WheelTurn(
                    down: -Double(event.wheel.y) * flip * 40, right: Double(event.wheel.x) * flip * 40,
                    at: point(x, y), shift: shift))
        case SDL_KEYDOWN.rawValue where event.key.repeat == 0:
            let sym = event.key.keysym.sym
            if [SDLK_ESCAPE, SDLK_BACKSPACE, SDLK_AC_BACK].contains(where: { Int32($0.rawValue) == sym }) {
                return .back
            }
            guard let name = SDL_GetKeyName(sym).map({ String(cString: $0) }), !name.isEmpty else { return nil }
            let control = UInt32(event.key.keysym.mod) & KMOD_CTRL.rawValue != 0
            let shift = UInt32(event.key.keysym.mod) & KMOD_SHIFT.rawValue != 0
            if name == "Tab" && shift && !control { return .key("Shift+Tab") }  // focus goes backwards
            return .key(control && name != "Q" ? "Ctrl+" + name : name)
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(event.window.event) {
            case SDL_WINDOWEVENT_CLOSE.rawValue: return .quit
            case SDL_WINDOWEVENT_EXPOSED.rawValue, SDL_WINDOWEVENT_SIZE_CHANGED.rawValue,
                SDL_WINDOWEVENT_RESTORED.rawValue:
                return .exposed
            default: return nil
            }
        default:
            return nil
        }
    }
}
