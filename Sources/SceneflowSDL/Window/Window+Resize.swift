internal import CSDL2
import SceneflowCore

extension Window {
    /// Most black frames `settleAfterResize` presents, and the longest it waits, milliseconds.
    static let settleFrames = 6
    static let settleMilliseconds: UInt64 = 150

    /// Presents an all-black frame (before a resize: X11 keeps a resized window's old contents
    /// in its top-left corner until the next frame, so they had better be black).
    func blackOut() {
        renderer.clearToBlack()
        renderer.present()
    }

    /// Shows black after the window changed size until the renderer draws at the new size:
    /// X11 resizes asynchronously, and the first frame or two after `SDL_SetWindowSize` are
    /// still drawn into the old-sized back buffer (OpenGL) or surface (software renderer),
    /// which shows a frame at its old size in the corner of the resized window (QA: a turn
    /// drew the portrait frame in the top-left of the landscape window). Presents at least two
    /// cleared frames, then more until the renderer's output size is the window's size in
    /// pixels (at most `settleFrames` frames or `settleMilliseconds`). Events stay queued for
    /// `pollEvents`. Called where the screen is black anyway: at the midpoint of a turn.
    func settleAfterResize() {
        let start = SDL_GetTicks64()
        var presented = 0
        while presented < Self.settleFrames && SDL_GetTicks64() - start < Self.settleMilliseconds {
            SDL_PumpEvents()  // the software renderer resizes its surface on SDL_WINDOWEVENT_SIZE_CHANGED
            let output = renderer.outputSize
            let wanted = handle.pixelSize
            if presented >= 2 && output == wanted { break }
            blackOut()
            presented += 1
        }
        refreshView()
    }
}

extension WindowHandle {
    /// The window's size in pixels (screen coordinates × the display's pixel density).
    var pixelSize: (width: Int, height: Int) {
        var w: Int32 = 0
        var h: Int32 = 0
        withUnsafeWindow { SDL_GetWindowSizeInPixels($0, &w, &h) }
        return (Int(max(w, 1)), Int(max(h, 1)))
    }
}

extension RendererHandle {
    /// Clears the whole target to opaque black (ignoring the viewport).
    func clearToBlack() {
        withUnsafeRenderer { r in
            SDL_SetRenderDrawColor(r, 0, 0, 0, 255)
            SDL_RenderClear(r)
        }
    }
}
