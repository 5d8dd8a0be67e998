import SceneflowCore
import SceneflowSDL

extension WindowPlayer {
    /// Gives SDL's text input to the text field that has the keyboard in `session` and takes
    /// it back when none has: `Window.startTextInput(at:)` with the field's frame (the input
    /// method's candidate window goes under it; moved when the field moves), `stopTextInput()`
    /// once none has (text input another part of the window started is left alone). `shown` is
    /// the frame last given (nil when this did not start text input), kept by the caller.
    static func followTextFocus(_ session: Session, _ window: Window, _ shown: inout Rect?) {
        if let field = session.focusedTextField {
            if !window.isTextInputActive || shown != field.frame {
                window.startTextInput(at: field.frame)
                shown = field.frame
            }
        } else if shown != nil {  // only what it started: the edit mode's label field has its own
            window.stopTextInput()
            shown = nil
        }
    }
}
