import SceneflowCore
import SceneflowOCR
import Testing

/// A scene image too thin to hold a line of text (1 or 3 px on one side, 16384 on the other)
/// yields no words; Tesseract's recognition failed on it and `detect` exited 70 without naming
/// the scene.
@Suite struct ThinImageRecognitionTests {
    @Test(arguments: [(1, 16384), (3, 16384), (16384, 1), (16384, 3), (7, 200)])
    func aTooThinImageHasNoWords(_ size: (Int, Int)) throws {
        let recognizer = try TextRecognizer()
        let image = GrayImage(width: size.0, height: size.1, pixels: [UInt8](repeating: 255, count: size.0 * size.1))
        #expect(try recognizer.words(in: image).isEmpty, "\(size)")
    }
}
