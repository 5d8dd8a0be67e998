internal import CSDL2

/// A failed SDL or SDL_image call: the C function that failed and the message SDL gave
/// (`SDL_GetError()`), plus the file involved when there is one.
///
/// Every C result in this module is checked where it is called and turned into this error.
public struct SDLError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The C function that failed, e.g. `"SDL_CreateSoftwareRenderer"`.
    public let function: String
    /// The message from `SDL_GetError()` at the time of the failure (may be empty).
    public let message: String
    /// The file being read or written, when the call concerned one.
    public let path: String?

    /// Creates an error with an explicit message.
    public init(function: String, message: String, path: String? = nil) {
        self.function = function
        self.message = message
        self.path = path
    }

    /// `SDL_CreateWindow failed: No available video device` (with `(file "x.png")` when a
    /// path is known).
    public var description: String {
        let text = message.isEmpty ? "unknown error" : message
        if let path { return "\(function) failed for file \"\(path)\": \(text)" }
        return "\(function) failed: \(text)"
    }

    /// Captures `SDL_GetError()` for a failure of `function`, then clears SDL's error slot so
    /// a stale message never shows up in a later error.
    static func last(_ function: String, path: String? = nil) -> SDLError {
        let message = SDL_GetError().map { String(cString: $0) } ?? ""
        SDL_ClearError()
        return SDLError(function: function, message: message, path: path)
    }

    /// Throws `last(function)` when an SDL status code is negative.
    static func check(_ status: Int32, _ function: String, path: String? = nil) throws {
        if status < 0 { throw last(function, path: path) }
    }
}
