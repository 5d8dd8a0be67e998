/// What a JPEG's entropy coding costs the decoder (red-team 36 J1): an arithmetic-coded frame
/// (SOF9-SOF15, what `cjpeg -arithmetic` writes) decodes about 15 times slower than a
/// Huffman-coded one, per component: one scan over 100 megapixels of RGB took `check` 43 s.
extension ImageStructure {
    /// The pixel passes one arithmetic-coded scan of one component costs, in Huffman passes
    /// over the image (`maxJPEGScanPixels` counts those): measured 15.6 s for a grey
    /// 100-megapixel scan and 43 s for an RGB one, and 9.3 s for 36 megapixels of grey noise
    /// on a loaded machine; at 128 a grey one may have about 19 megapixels, an RGB one 6.5.
    static let arithmeticPassesPerComponent = 128

    /// The component count of the JPEG's frame when it is arithmetic-coded (its start-of-frame
    /// marker is one of SOF9-SOF11, SOF13-SOF15), or nil for a Huffman-coded one (or none found).
    static func arithmeticComponents(_ bytes: [UInt8]) -> Int? {
        var index = 2  // after SOI
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF {
                index += 1
                continue
            }
            if [0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF].contains(marker) { return max(1, Int(bytes[index + 9])) }
            if (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC { return nil }
            if marker == 0xDA || marker == 0xD9 { return nil }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                index += 2
                continue
            }
            index += 2 + (Int(bytes[index + 2]) << 8 | Int(bytes[index + 3]))
        }
        return nil
    }

    /// Why an arithmetic-coded JPEG of `scans` scans over `width` x `height` px costs more than
    /// `maxJPEGScanPixels` passes, counting `arithmeticPassesPerComponent` a component; nil when
    /// it does not, or when it is Huffman-coded.
    static func arithmeticJPEGProblem(_ bytes: [UInt8], scans: Int, width: Int, height: Int) -> ImageProblem? {
        guard let components = arithmeticComponents(bytes) else { return nil }
        let pixels = max(1, width) * max(1, height)
        let cost = max(1, scans) * pixels * components * arithmeticPassesPerComponent
        guard cost > maxJPEGScanPixels else { return nil }
        return
            .costly(
                "the JPEG is arithmetic-coded (\(components) component\(components == 1 ? "" : "s"), \(scans) scan\(scans == 1 ? "" : "s") over \(width)x\(height) px), which costs the decoder about \(arithmeticPassesPerComponent) passes a component: more than the 2.5 billion pixel passes (\(maxJPEGScanPixels)) an image may cost here; save it Huffman-coded (the default of every encoder)"
            )
    }
}
