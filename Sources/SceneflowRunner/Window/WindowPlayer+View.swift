import SceneflowCore
import SceneflowSDL

/// The wheel and the pan keys in the window (`sceneflow play` / `record`).
///
/// The wheel scrolls a scroll region (as a finger would; `record` writes it as `scroll`) when
/// the pointer is over its scrolling band, or anywhere while the whole screen shows. When the
/// screen is larger than the window (1:1 or 50 % of a tall device: the window is clamped to the
/// display), the wheel elsewhere, or past the end of the region, pans the view instead;
/// Shift+wheel and a sideways wheel pan sideways; the arrow keys (when no star rating has
/// keyboard focus) pan a tenth of the window, Page Up / Page Down nine tenths. Panning only moves
/// the view: the prototype and the recorded script do not change.
extension WindowPlayer {
    /// Handles one wheel turn: scroll the region or pan the view (see above).
    static func wheel(_ turn: WheelTurn, _ session: Session, _ window: Window) {
        let perPoint = window.view.scale * window.device.scale  // window pixels per point
        if turn.shift || turn.right != 0 {
            window.pan(byWindowPixels: (turn.shift ? turn.down : turn.right) * perPoint, 0)
            return
        }
        if session.wheel(turn.down, at: turn.at, viewCropped: window.view.isCropped) { return }
        window.pan(byWindowPixels: 0, turn.down * perPoint)  // Core's rule: the view is cropped
    }

    /// Pans for an arrow or Page Up / Page Down key; returns false for other keys (and when
    /// the whole screen shows).
    @discardableResult
    static func panKey(_ name: String, _ window: Window) -> Bool {
        guard window.view.isCropped else { return false }
        let size = window.view.window
        switch name {
        case "Up": window.pan(byWindowPixels: 0, -size.height / 10)
        case "Down": window.pan(byWindowPixels: 0, size.height / 10)
        case "Left": window.pan(byWindowPixels: -size.width / 10, 0)
        case "Right": window.pan(byWindowPixels: size.width / 10, 0)
        case "PageUp": window.pan(byWindowPixels: 0, -size.height * 0.9)
        case "PageDown": window.pan(byWindowPixels: 0, size.height * 0.9)
        default: return false
        }
        return true
    }

    /// The title's note while the device is turned: " — landscape", and when the scene on
    /// top has no landscape look, that it stays upright (a portrait-only scene).
    static func orientationNote(_ session: Session) -> String {
        guard session.orientation == .landscape else { return "" }
        return session.showsLandscape(session.currentScene) ? " — landscape" : " — landscape (portrait-only scene)"
    }

    /// What key `O` printed: the new orientation, or why the turn was refused.
    static func turnNote(_ session: Session, turned: Bool) -> String {
        guard turned else { return "O: not turned while a transition runs; press it again when it ends" }
        let scene = session.currentScene
        if session.orientation == .portrait { return "turned to portrait" }
        return session.showsLandscape(scene)
            ? "turned to landscape" : "turned to landscape; scene \(scene) is portrait-only and stays upright"
    }

    /// The title's note while the view is cropped: " — 1:1 cropped (wheel, arrows pan)".
    static func cropNote(_ view: WindowView) -> String {
        guard view.isCropped else { return "" }
        return " — \(view.zoom == .half ? "50 %" : "1:1") cropped (wheel, arrows pan)"
    }

    /// A panel at the bottom of what shows, after a zoom key leaves the screen cropped (while it
    /// is: `DesignerState.showsCropHint`); `PanelLayout` wraps it to the shown part's width.
    static func cropHint(_ window: Window) -> OverlayPanel {
        let zoom = window.view.zoom == .half ? "50 %" : "1:1"
        let text =
            "\(zoom) is larger than the display: the view is cropped. Wheel (outside a scroll region), "
            + "Shift+wheel, arrows, PgUp/PgDn pan; 0 fits."
        return OverlayPanel(lines: [text], placement: .bottom)
    }

    /// What `event` is for the key list (`DesignerState.keyListTakes`): nil for events it
    /// never takes (Q, which quits; the wheel; closing the window; redraws).
    static func listInput(_ event: WindowEvent) -> DesignerState.ListInput? {
        switch event {
        case .key("Q"): return nil
        case .key, .back: return .key
        case .pointerDown: return .pointerDown
        case .pointerMoved: return .pointerMoved
        case .pointerUp: return .pointerUp
        case .wheel, .quit, .exposed: return nil
        case .text, .composition, .edit, .paste: return nil  // only while a text field has the keyboard
        }
    }
}
