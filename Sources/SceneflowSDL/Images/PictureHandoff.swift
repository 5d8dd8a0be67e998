import Foundation

/// Pictures decoded while a prototype's images were checked (`PictureLoader.checkAndLoad`),
/// kept for the texture cache that draws them next (`PictureLoader.load(path:)` takes them),
/// so a command that checks and then draws (`render`) decodes each screenshot once, not
/// twice. Red-team 40 B H2: a 100-megapixel 16-bit interlaced PNG cost `render` two full
/// decodes, about 14 s where one takes 7.
///
/// A picture is handed over only while its file is unchanged (device, inode, size, modified
/// and changed times, as `StructureVerdicts.identity` names them), and only once: the cache
/// owns it from then on. At most `byteBudget` bytes of pixels are held; a picture past it is
/// not kept (the drawing decodes it again, as before). A `reusable` handoff keeps what it
/// gives and every picture its loader decodes, for renderers drawing one screenshot again and
/// again (`graph`'s thumbnails, one offscreen renderer each). Thread-safe.
public final class PictureHandoff: @unchecked Sendable {
    /// The most pixel bytes held at once (4 bytes a pixel).
    public let byteBudget: Int
    /// Whether a picture stays after it is taken, and `PictureLoader.load(path:)` keeps what
    /// it decodes.
    public let reusable: Bool
    private let lock = NSLock()
    private var held: [String: (picture: DecodedPicture, identity: String, bytes: Int)] = [:]
    private var bytesHeld = 0

    /// Creates an empty handoff holding at most `byteBudget` bytes of pixels (default
    /// 512 MiB: one 100-megapixel screenshot and a few phone-sized ones).
    public init(byteBudget: Int = 512 << 20, reusable: Bool = false) {
        self.byteBudget = byteBudget
        self.reusable = reusable
    }

    /// The pixel bytes held now.
    public var bytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return bytesHeld
    }

    /// Keeps `picture`, decoded from the file at `path`, when it fits in the budget and the
    /// file can be identified; replaces one kept for the same path.
    func keep(_ picture: DecodedPicture, path: String) {
        guard let identity = StructureVerdicts.identity(path) else { return }
        let size = picture.width * picture.height * 4
        lock.lock()
        defer { lock.unlock() }
        if let old = held.removeValue(forKey: path) { bytesHeld -= old.bytes }
        guard bytesHeld + size <= byteBudget else { return }
        held[path] = (picture, identity, size)
        bytesHeld += size
    }

    /// The picture kept for `path` (removed from the handoff unless it is `reusable`), when
    /// the file is still the one it was decoded from; nil otherwise.
    func take(path: String) -> DecodedPicture? {
        lock.lock()
        let entry = reusable ? held[path] : held.removeValue(forKey: path)
        if let entry, !reusable { bytesHeld -= entry.bytes }
        lock.unlock()
        guard let entry, StructureVerdicts.identity(path) == entry.identity else { return nil }
        return entry.picture
    }
}
