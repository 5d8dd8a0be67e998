import SceneflowCore
import SceneflowSDL

extension WindowPlayer {
    /// Gives SDL's text input to the text field that has the keyboard in `session` and takes
    /// it back when none has: `Window.startTextInput(at:)` with the field's frame (the input
    /// method's candidate window goes under it; moved when the field moves), `stopTextInput()`
    /// otherwise. `shown` is the frame last given, kept by the caller.
    static func followTextFocus(_ session: Session, _ window: Window, _ shown: inout Rect?) {
        if let field = session.focusedTextField {
            if !window.isTextInputActive || shown != field.frame {
                window.startTextInput(at: field.frame)
                shown = field.frame
            }
        } else if window.isTextInputActive {
            window.stopTextInput()
            shown = nil
        }
    }
}
