import Foundation
import SceneflowCore
import SceneflowOCR
import SceneflowSDL

/// Reads scenes' text for the window's edit mode on a background thread, so the window never
/// waits for Tesseract: `proposals(for:in:)` answers at once with what was read, or nil while
/// the scene is being read (its first call queues it). Uses `TextDetector` with the user's
/// detection cache (`DetectionCache.userFolder()`), so a screen `sceneflow detect` or an
/// earlier session read is answered from the cache; proposals under
/// `TextDetector.defaultMinimum` confidence are left out, as `sceneflow detect` does.
public final class SceneTextReader: @unchecked Sendable {
    /// What reading one scene gave: the proposals, or why there are none.
    public enum Reading: Equatable, Sendable {
        /// The proposals, frames in the scene's points.
        case read([DetectionProposal])
        /// Reading failed (Tesseract missing, an image that cannot be decoded).
        case failed(String)
    }

    private let lock = NSLock()
    private var readings: [String: Reading] = [:]
    private var queue: [(key: String, scene: Scene, prototype: Prototype)] = []
    private var working = false
    private let detector: TextDetector
    /// Called on the reading thread after each scene is read (e.g. to wake the window).
    public var onRead: (@Sendable () -> Void)?

    /// A reader with `cache` (default: the user's detection cache).
    public init(cache: DetectionCache = DetectionCache(folder: DetectionCache.userFolder())) {
        detector = TextDetector(cache: cache)
    }

    /// The reading of `scene` (its screenshot in `prototype`'s folder), or nil while it is read:
    /// the first call for a screenshot starts reading it in the background.
    public func reading(for scene: Scene, in prototype: Prototype) -> Reading? {
        let key = Self.key(scene, prototype)
        lock.lock()
        defer { lock.unlock() }
        if let done = readings[key] { return done }
        if !queue.contains(where: { $0.key == key }) {
            queue.append((key, scene, prototype))
            if !working {
                working = true
                let thread = Thread { [self] in work() }
                thread.name = "sceneflow text detection"
                thread.start()
            }
        }
        return nil
    }

    /// True while a scene is being read or waits to be.
    public var isBusy: Bool {
        lock.lock()
        defer { lock.unlock() }
        return working
    }

    /// A scene's reading is per screenshot and screen area (a reload that keeps them keeps it).
    static func key(_ scene: Scene, _ prototype: Prototype) -> String {
        "\((prototype.directory as NSString).appendingPathComponent(scene.image))|\(scene.screen)"
    }

    /// Reads queued scenes one by one with one Tesseract (made on this thread, used only here).
    private func work() {
        var recognizer: TextRecognizer?
        while true {
            lock.lock()
            guard let next = queue.first else {
                working = false
                lock.unlock()
                return
            }
            lock.unlock()
            let reading: Reading
            do {
                let result = try detector.detect(next.scene, in: next.prototype) {
                    if let recognizer { return recognizer }
                    let made = try TextRecognizer()
                    recognizer = made
                    return made
                }
                reading = .read(result.proposals.filter { $0.confidence >= TextDetector.defaultMinimum })
            } catch {
                reading = .failed("\(error)")
            }
            lock.lock()
            readings[next.key] = reading
            queue.removeFirst()
            lock.unlock()
            onRead?()
        }
    }
}
