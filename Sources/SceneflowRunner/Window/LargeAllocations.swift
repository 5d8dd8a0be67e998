internal import CProcessShim

/// How the window process gives memory back (glibc's malloc).
///
/// glibc serves an allocation of at least its mmap threshold (128 KiB at start) with its own
/// mapping, returned to the system when freed; but each such free raises the threshold to the
/// freed size (up to 32 MiB), so after the first screenshot buffer (10 MB for 1080x2400) is
/// freed, later ones come from the heap, and the heap keeps what is freed. Walking 100 scenes
/// of 1080x2400 in a window (decodes, texture uploads, llvmpipe's copies) then grew the heap
/// by one screenshot per scene: 1 207 MB peak resident where the textures held 237 MB.
/// A fixed threshold keeps every screenshot-sized buffer in its own mapping, so freeing it
/// (an evicted texture, a decode handed over) shrinks the process at once.
enum LargeAllocations {
    /// Allocations of at least this many bytes get their own mapping: 1 MiB, below any
    /// screenshot buffer (a 526x935 screen is 1.9 MB) and above text and glyph textures.
    static let threshold: Int32 = 1 << 20

    /// Fixes glibc's mmap threshold at `threshold` (which also stops its dynamic growth) for
    /// the rest of the process. Called when a window opens; harmless to call again.
    static func returnToTheSystem() {
        _ = sf_fix_mmap_threshold(threshold)
    }
}
