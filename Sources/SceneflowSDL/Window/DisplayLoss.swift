import Foundation

/// What happens when the display goes away under an open window (issue 15.4): the X server
/// dies, another client kills the connection (`xkill`) or destroys the window. Xlib's default
/// handlers print a line and call `exit(1)` from deep inside an SDL call, so `play --timeline`
/// lost its timeline and exited 1. Sceneflow installs its own handlers (looked up in the
/// libX11 that SDL loaded, so there is no link-time dependency on X11) which call `onLost`,
/// where the caller writes what it must and exits 70 (a system failure, as documented).
public enum DisplayLoss {
    /// Called once when the display connection is lost or the window destroyed from
    /// outside; must not return. The default prints `message` and exits 70.
    nonisolated(unsafe) public static var onLost: (String) -> Never = { message in
        let line = Array("sceneflow: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
        exit(70)
    }

    /// The message given to `onLost` when the connection breaks.
    public static let connectionMessage =
        "the connection to the display was lost (the X server stopped, or another client closed the window's connection)"
    /// The message given to `onLost` when the window was destroyed by another client.
    public static let destroyedMessage = "the window was destroyed by another client"

    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var firing = false

    /// X protocol error codes that mean the window or its drawable is gone.
    private static let badWindow: UInt8 = 3
    private static let badDrawable: UInt8 = 9

    /// Installs the X11 handlers once, after SDL has opened a window (and so loaded libX11).
    /// Does nothing under other video drivers (Wayland, the dummy driver).
    static func installIfX11() {
        guard !installed else { return }
        guard let library = dlopen("libX11.so.6", RTLD_NOW | RTLD_NOLOAD),
            let setIO = dlsym(library, "XSetIOErrorHandler"),
            let setError = dlsym(library, "XSetErrorHandler")
        else { return }
        installed = true
        typealias IOHandler = @convention(c) (OpaquePointer?) -> Int32
        typealias ErrorHandler = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32
        typealias SetIO = @convention(c) (IOHandler?) -> IOHandler?
        typealias SetError = @convention(c) (ErrorHandler?) -> ErrorHandler?
        let ioHandler: IOHandler = { _ in DisplayLoss.fire(DisplayLoss.connectionMessage) }
        let errorHandler: ErrorHandler = { _, event in
            // XErrorEvent: int type; Display *display; XID resourceid; unsigned long serial;
            // unsigned char error_code; … (error_code at byte 32 on 64-bit Linux).
            guard let event else { return 0 }
            let code = event.load(fromByteOffset: 4 * MemoryLayout<Int>.size, as: UInt8.self)
            if code == DisplayLoss.badWindow || code == DisplayLoss.badDrawable {
                DisplayLoss.fire(DisplayLoss.destroyedMessage)
            }
            return 0  // other protocol errors are not fatal to a prototype window
        }
        _ = unsafeBitCast(setIO, to: SetIO.self)(ioHandler)
        _ = unsafeBitCast(setError, to: SetError.self)(errorHandler)
    }

    private static func fire(_ message: String) -> Never {
        if firing { _exit(70) }  // lost again while writing: give up at once
        firing = true
        onLost(message)
    }
}
