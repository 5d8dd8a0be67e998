import SceneflowSDL

extension WindowPlayer {
    /// Sets what happens when the display is lost under the window (the X server stops,
    /// another client kills the connection or destroys the window; `DisplayLoss`): `handler`
    /// gets a one-line message, writes what must not be lost and exits (70 by convention).
    /// Without one, the message is printed and the process exits 70.
    public static func onDisplayLost(_ handler: @escaping (String) -> Never) {
        DisplayLoss.onLost = handler
    }
}
