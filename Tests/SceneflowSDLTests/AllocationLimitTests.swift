import Foundation
import Testing

@testable import SceneflowSDL

/// SDL's allocations are capped, so a decoder fooled by a damaged file fails cleanly.
@Suite struct AllocationLimitTests {
    @Test func aGIFFrameClaimingGigabytesFailsAsCorrupt() throws {
        // Found by fuzzing: an 8x6 px GIF whose header walk ends early, while SDL_image later
        // finds a 65530 x 36608 px frame and asks for 2.4 GB.
        let data = try #require(Data(base64Encoded: "R0lGODlhCAAGAAAAACH5BAAAMAAALAAAAAAAAAAAAADCAAAAAAAAAAAAAAAsAAAAAPr/AI8AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAEdJRjg5YQgAAP8AAAAh+QQAAAAAACwAAAAA+v8AjwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAWwAAAAAAAAAAAAAALACpywYAAAJ9QAUABjs="))
        #expect(throws: ImageLoadError.self) { try PictureLoader().load(data: data, path: "fuzz.gif") }
        do {
            _ = try PictureLoader().load(data: data, path: "fuzz.gif")
        } catch let error as ImageLoadError {
            #expect(error == .corrupt(path: "fuzz.gif", reason: "GIF: Out of memory"))
        }
        #expect(SDLAllocationLimit.installed)
    }
}
