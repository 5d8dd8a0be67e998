import CVideoShim
import Foundation
import SceneflowCore

/// An MP4 (H.264) file written frame by frame through FFmpeg's libraries (`CVideoShim`).
///
/// Frames carry their own time in 1/60 s (the virtual clock's frame ticks), so the video plays
/// in real time while a still screen is stored once: only frames that differ are encoded
/// (variable frame rate, 60 fps nominal). H.264 from x264's `ultrafast` preset with
/// `zerolatency` is the cheapest well-kept encoder FFmpeg offers (about half the time of VP8
/// with libvpx's fastest realtime settings on the sample suite's frames) and, in MP4, what every
/// browser plays in the HTML report's `<video>` (Safari included, which WebM is not).
/// FFmpeg's libraries (Debian `libavcodec`, `libavformat`, `libswscale`) are used rather than
/// the `ffmpeg` program so that frames need no pipe and no re-timing.
/// `@unchecked Sendable`: the FFmpeg state is touched only on `queue`, the failure and the
/// spare pictures only under `lock`.
final class VideoEncoder: @unchecked Sendable {
    /// Frames a second of the time stamps (the virtual clock's rate).
    static let framesPerSecond = 60
    /// The largest video side in pixels: frames are scaled to fit 800x800, as Playwright's
    /// videos are.
    static let largestSide = 800

    /// Where the video is written.
    let path: String
    /// The FFmpeg side (`sf_video`): its encoder used only on `queue` once open, its colour
    /// conversion on the thread calling `add`. Set to nil on `queue` by `finish` and `abandon`,
    /// which the thread calling `add` waits for (`queue.sync`).
    private var video: OpaquePointer?
    /// Encodes on its own thread, so that a run on one core of two overlaps drawing the next
    /// frames with encoding the last ones.
    private let queue = DispatchQueue(label: "sceneflow.video")
    /// At most this many frames wait for the encoder (each holds its picture, ~0.4 MB).
    private let waiting = DispatchSemaphore(value: 4)
    private let lock = NSLock()
    private var failure: VideoError?
    /// YUV 4:2:0 pictures the encoder is done with, converted into again by `add`.
    private var spare: [[UInt8]] = []
    /// Pictures waiting for the encoder, oldest first: YUV 4:2:0 planes
    /// (`sf_video_picture_bytes`) and tick.
    private var pending: [(picture: [UInt8], tick: Int)] = []

    /// The video size in pixels for frames of `width` x `height` pixels: fitted into
    /// `largestSide` on both sides, aspect kept, each side even (4:2:0 chroma is halved; a
    /// frame that fits loses its odd last column or row rather than being scaled).
    static func size(width: Int, height: Int) -> (width: Int, height: Int) {
        let scale = min(1, Double(largestSide) / Double(max(width, height, 1)))
        let even = { (side: Int) in max(2, Int((Double(side) * scale).rounded()) & ~1) }
        return (even(width), even(height))
    }

    /// Opens `path` for frames of `width` x `height` pixels.
    /// - Throws: `VideoError` naming the path when FFmpeg cannot write it.
    init(path: String, width: Int, height: Int) throws(VideoError) {
        self.path = path
        let size = Self.size(width: width, height: height)
        var error = [CChar](repeating: 0, count: 256)
        video = sf_video_open(path, Int32(size.width), Int32(size.height), Int32(Self.framesPerSecond), &error, 256)
        if video == nil { throw VideoError(path: path, reason: String(cString: error)) }
    }

    deinit {
        queue.sync {}
        if let video { sf_video_abandon(video) }
    }

    /// Adds a `width` x `height` px picture of B,G,R,X bytes, `pitch` bytes a row
    /// (`OffscreenRenderer.withBGRXPixels`), shown from frame tick `tick` on (ticks must grow).
    /// The colours are converted to YUV 4:2:0 here, on the caller's (drawing) thread, into a
    /// buffer the encoder is done with, so `pixels` may change as soon as this returns;
    /// encoding happens on the encoder's thread and a failure there is thrown by the next call.
    /// - Throws: `VideoError` when the conversion, or encoding or writing an earlier frame, failed.
    func add(_ pixels: UnsafeRawPointer, width: Int, height: Int, pitch: Int, tick: Int) throws(VideoError) {
        if let failure = takeFailure() { throw failure }
        guard let open = video else { return }
        waiting.wait()
        lock.lock()
        var picture = spare.popLast() ?? []
        lock.unlock()
        let bytes = sf_video_picture_bytes(open)
        if picture.count != bytes { picture = [UInt8](repeating: 0, count: bytes) }
        var error = [CChar](repeating: 0, count: 256)
        let converted = picture.withUnsafeMutableBufferPointer { out in
            sf_video_convert(
                open, pixels.assumingMemoryBound(to: UInt8.self), Int32(SF_VIDEO_BGRX), Int32(width), Int32(height),
                Int32(pitch), out.baseAddress, &error, 256)
        }
        if converted < 0 {
            waiting.signal()
            throw VideoError(path: path, reason: String(cString: error))
        }
        lock.lock()
        pending.append((picture, tick))
        lock.unlock()
        queue.async { [self] in
            defer { waiting.signal() }
            lock.lock()
            var entry = pending.removeFirst()
            lock.unlock()
            if let video, failureIsNil() {
                var error = [CChar](repeating: 0, count: 256)
                let status = entry.picture.withUnsafeBufferPointer {
                    sf_video_add_picture(video, $0.baseAddress, Int64(entry.tick), &error, 256)
                }
                if status < 0 { record(VideoError(path: path, reason: String(cString: error))) }
            }
            // The spare list keeps the only reference, so the next conversion writes in place.
            lock.lock()
            spare.append(entry.picture)
            entry.picture = []
            lock.unlock()
        }
    }

    /// Stops without finishing the file: waits for the encoder and frees it (the caller
    /// removes the file).
    func abandon() {
        queue.sync { [self] in
            if let open = video { sf_video_abandon(open) }
            video = nil
        }
    }

    /// Ends the video at frame tick `tick` (the last picture is held until then), waits for
    /// every frame to be encoded and closes the file.
    /// - Throws: `VideoError` when a frame or the end cannot be written.
    func finish(tick: Int) throws(VideoError) {
        queue.sync { [self] in
            guard let open = video else { return }
            video = nil
            var error = [CChar](repeating: 0, count: 256)
            if sf_video_close(open, Int64(tick), &error, 256) < 0, failureIsNil() {
                record(VideoError(path: path, reason: String(cString: error)))
            }
        }
        if let failure = takeFailure() { throw failure }
    }

    private func record(_ error: VideoError) {
        lock.lock()
        defer { lock.unlock() }
        if failure == nil { failure = error }
    }

    private func failureIsNil() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return failure == nil
    }

    private func takeFailure() -> VideoError? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }
}

/// A video that could not be written: its path and FFmpeg's reason.
struct VideoError: Error, CustomStringConvertible {
    /// The video file.
    let path: String
    /// What FFmpeg said.
    let reason: String
    var description: String { "could not write the video \(path): \(reason)" }
}
