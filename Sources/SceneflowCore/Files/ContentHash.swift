/// A 128-bit hash of a file's bytes, as 32 hexadecimal digits: two 64-bit FNV-1a style
/// hashes with different offsets and primes over the bytes read eight at a time, plus the
/// byte count. Names one version of a file's content in caches (`check`'s checked images);
/// not cryptographic (~1 ms per MB in a release build).
public enum ContentHash {
    /// The hash of `bytes`: equal bytes give equal hashes; any change almost surely changes it.
    public static func of(_ bytes: UnsafeRawBufferPointer) -> String {
        var a: UInt64 = 0xcbf2_9ce4_8422_2325
        var b: UInt64 = 0x6c62_272e_07bb_0142
        let primeA: UInt64 = 0x0000_0100_0000_01b3
        let primeB: UInt64 = 0x0000_0001_0000_0193 &* 0x9e37_79b9
        func mix(_ word: UInt64) {
            a = (a ^ word) &* primeA
            b = (b ^ (word &+ 0x9e37_79b9_7f4a_7c15)) &* primeB
            b ^= b >> 29
        }
        mix(UInt64(bytes.count))
        let words = bytes.count / 8
        for index in 0..<words { mix(bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) }
        for index in (words * 8)..<bytes.count { mix(UInt64(bytes[index]) | 0x100) }
        func hex(_ v: UInt64) -> String {
            let digits = String(v, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex(a) + hex(b)
    }

    /// The hash of `bytes` (see `of(_:)` for raw bytes).
    public static func of(_ bytes: [UInt8]) -> String { bytes.withUnsafeBytes { of($0) } }
}
