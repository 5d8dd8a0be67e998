internal import CSDL2
import SceneflowCore

extension Window {
    /// Gives the keyboard to a text field at `field` (screen points): SDL_StartTextInput, with
    /// the input method's candidate window placed under the field (SDL_SetTextInputRect).
    /// From now on `pollEvents` reports typed text, compositions, editing keys and pastes
    /// (`WindowEvent.text`, `.composition`, `.edit`, `.paste`) and swallows character keys,
    /// until `stopTextInput()`. Calling it again moves the candidate window.
    public func startTextInput(at field: Rect) {
        moveTextInput(to: field)
        if !isTextInputActive { SDL_StartTextInput() }
        textInputField = field
    }

    /// Moves the input method's candidate window to `field` (screen points), e.g. after the
    /// field scrolled or the window was zoomed.
    public func moveTextInput(to field: Rect) {
        var rect = textInputRect(field)
        SDL_SetTextInputRect(&rect)
        if isTextInputActive { textInputField = field }
    }

    /// Takes the keyboard back from the text field: SDL_StopTextInput (an open composition is
    /// dropped by the input method). Keys are the window's shortcuts again.
    public func stopTextInput() {
        if isTextInputActive { SDL_StopTextInput() }
        textInputField = nil
    }

    /// True while a text field has the keyboard (between `startTextInput` and `stopTextInput`).
    public var isTextInputActive: Bool { textInputField != nil }

    /// `field` (screen points) in window coordinates, as SDL_SetTextInputRect takes it:
    /// through the view's zoom, centring and pan, and the high-DPI ratio of pixels to
    /// coordinates (the inverse of `pointFromWindow`).
    func textInputRect(_ field: Rect) -> SDL_Rect {
        let pixels = view.windowRect(ofPoints: field, deviceScale: device.scale)
        let window = handle.size
        let output = view.window
        let rx = output.width > 0 ? Double(window.width) / output.width : 1
        let ry = output.height > 0 ? Double(window.height) / output.height : 1
        func int(_ v: Double) -> Int32 { Int32(max(-1e6, min(1e6, v.isFinite ? v : 0)).rounded()) }
        return SDL_Rect(
            x: int(pixels.x * rx), y: int(pixels.y * ry), w: int(pixels.width * rx), h: int(pixels.height * ry))
    }
}
