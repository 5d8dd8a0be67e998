import Foundation
import SceneflowCore
import SceneflowSDL

/// Compares two PNG files as `expect.screenshot` compares frames. Byte-identical files are
/// equal without decoding; otherwise both files are decoded at once on two threads (one when
/// no second thread can be had) and compared with `ImageComparison`.
public enum FileComparison {
    /// The difference between the images in `expectedPath` and `actualPath`.
    /// - Throws: `ImageLoadError` / `SDLError` for a file that cannot be decoded;
    ///   `ImageComparison.SizeMismatch` when the sizes differ.
    public static func compare(
        _ expectedPath: String, _ actualPath: String, options: ImageCompareOptions = ImageCompareOptions()
    ) throws -> ImageDifference {
        if let x = FileManager.default.contents(atPath: expectedPath),
            let y = FileManager.default.contents(atPath: actualPath), x == y,
            let size = PNGSize.read(x)
        {
            return ImageDifference(
                width: size.width, height: size.height, differentPixels: 0, antialiasedPixels: 0, bounds: nil)
        }
        let paths = [expectedPath, actualPath]
        let results = Decoded(count: 2)
        ParallelWork.perform(iterations: 2) { index in
            do {
                results.set(index, .success(try PictureLoader().load(path: paths[index]).rgbaImage()))
            } catch {
                results.set(index, .failure(error))
            }
        }
        let a = try results.get(0)
        let b = try results.get(1)
        return try ImageComparison.compare(expected: a, actual: b, options: options)
    }

    /// Two decode results written from two threads.
    private final class Decoded: @unchecked Sendable {
        private var items: [Result<RGBAImage, any Error>?]
        private let lock = NSLock()
        init(count: Int) { items = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ value: Result<RGBAImage, any Error>) {
            lock.lock()
            items[index] = value
            lock.unlock()
        }
        func get(_ index: Int) throws -> RGBAImage {
            lock.lock()
            defer { lock.unlock() }
            return try items[index]!.get()
        }
    }
}

/// The width and height in a PNG's IHDR chunk.
enum PNGSize {
    static func read(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0] == 0x89, bytes[1] == 0x50, bytes[12...15].elementsEqual("IHDR".utf8) else {
            return nil
        }
        let w = bytes[16...19].reduce(0) { $0 << 8 | Int($1) }
        let h = bytes[20...23].reduce(0) { $0 << 8 | Int($1) }
        return (w, h)
    }
}
