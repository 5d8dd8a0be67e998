internal import CSDL2
import Foundation

/// A cap on every single allocation SDL and SDL_image make (through `SDL_SetMemoryFunctions`),
/// so a decoder that believes a damaged file (a GIF frame claiming 65530 x 36608 px, found by
/// fuzzing) fails with "Out of memory" instead of allocating gigabytes. The cap, 512 MiB, is
/// above the largest image Sceneflow accepts (`ImageLimits.standard`: 100 megapixels × 4 bytes
/// = 400 MB). The functions wrap the C library's, so blocks SDL allocated before the cap was
/// installed are freed correctly.
enum SDLAllocationLimit {
    /// The largest single allocation allowed, in bytes.
    static let maxBytes = 512 << 20

    /// Installs the cap once per process (true when SDL accepted it); read before decoding.
    static let installed: Bool = {
        SDL_SetMemoryFunctions(
            { size in size > SDLAllocationLimit.maxBytes ? nil : malloc(size) },
            { count, size in
                count > 0 && size > SDLAllocationLimit.maxBytes / count ? nil : calloc(count, size)
            },
            { pointer, size in size > SDLAllocationLimit.maxBytes ? nil : realloc(pointer, size) },
            { pointer in free(pointer) }) == 0
    }()
}
