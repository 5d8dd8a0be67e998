/// File names as the file system holds them (bytes), shown as text: a name that is not valid
/// UTF-8 keeps each bad byte as `\xff`, so two such names stay two paths (decoding them with
/// U+FFFD made `a\xffb.lua` and `a\xfeb.lua` one path, and one of the files vanished).
extension PathText {
    /// `bytes` as text: valid UTF-8 as it is, every byte of an invalid sequence as `\xHH`
    /// (two lowercase hex digits).
    public static func shown(bytes: [UInt8]) -> String {
        var text = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] {
                    let hex = String(byte, radix: 16)
                    text += "\\x" + (hex.count == 1 ? "0" + hex : hex)
                }
                offset += length
            case .emptyInput:
                return text
            }
        }
    }

    /// True when `path` holds a byte shown as `\xHH` by `shown(bytes:)`: a file of that name
    /// can only be the text form of a name that is not valid UTF-8 when no file has the name
    /// as written.
    public static func holdsShownBytes(_ path: String) -> Bool {
        let scalars = Array(path.unicodeScalars)
        guard scalars.count >= 4 else { return false }
        for index in 0...(scalars.count - 4) where scalars[index] == "\\" && scalars[index + 1] == "x" {
            if scalars[index + 2].properties.isASCIIHexDigit && scalars[index + 3].properties.isASCIIHexDigit {
                return true
            }
        }
        return false
    }
}
