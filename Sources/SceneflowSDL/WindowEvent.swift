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
    /// Any other key press, by SDL's key name (`"T"`, `"S"`, `"Space"`, `"Left"`).
    case key(String)
    /// The user closed the window or asked the app to quit.
    case quit
    /// The window needs redrawing (exposed, resized or restored).
    case exposed
    /// The mouse wheel turned: `points` of content to scroll (positive shows more below;
    /// one wheel notch is 40 points).
    case wheel(Double)
}

/// Drains SDL's event queue into `WindowEvent`s. Mouse coordinates arrive already mapped to
/// logical (device) pixels because the window renderer has a logical size (SDL's renderer
/// event watch rescales them); dividing by the device scale gives points.
enum EventPump {
    /// Appends the translated pending events to `events` (no allocation when it has room).
    static func poll(scale: Double, into events: inout [WindowEvent]) {
        var event = SDL_Event()
        while SDL_PollEvent(&event) != 0 {
            if let translated = translate(event, scale: scale) { events.append(translated) }
        }
    }

    /// Blocks until an event is queued or `seconds` pass; true when an event is waiting.
    static func wait(seconds: Double) -> Bool {
        SDL_WaitEventTimeout(nil, Int32(max(0, min(seconds, 86_400)) * 1000)) == 1
    }

    static func translate(_ event: SDL_Event, scale: Double) -> WindowEvent? {
        func point(_ x: Int32, _ y: Int32) -> Point { Point(x: Double(x) / scale, y: Double(y) / scale) }
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
            let notches = Double(event.wheel.y) * (event.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1 : 1)
            return .wheel(-notches * 40)
        case SDL_KEYDOWN.rawValue where event.key.repeat == 0:
            let sym = event.key.keysym.sym
            if [SDLK_ESCAPE, SDLK_BACKSPACE, SDLK_AC_BACK].contains(where: { Int32($0.rawValue) == sym }) {
                return .back
            }
            guard let name = SDL_GetKeyName(sym).map({ String(cString: $0) }), !name.isEmpty else { return nil }
            return .key(name)
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
