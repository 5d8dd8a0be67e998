import Foundation
import SceneflowCore

/// Finds a file named in `prototype.lua` whatever the Unicode normalisation of its name on disk.
///
/// File systems store names as bytes: macOS writes `é` decomposed (`e` + U+0301, NFD), editors
/// and keyboards type it composed (U+00E9, NFC), and Linux keeps whichever arrived. Each path
/// component is looked up as written first; when it is missing, the folder's entries whose NFC
/// form equals the component's NFC form are taken instead (`UnicodeText.nfc`).
enum NormalisedFileName {
    /// The outcome of a lookup.
    enum Resolution: Equatable {
        /// The path as written exists (no change needed).
        case exact
        /// The path exists under these bytes (relative to the folder, as on disk).
        case found(String)
        /// Several entries of one folder match a component: each listed as on disk.
        case ambiguous([String])
        /// No entry matches.
        case missing
    }

    /// Looks `relative` (a `/`-separated path without `..`) up under `directory`.
    static func resolve(_ relative: String, in directory: String) -> Resolution {
        let fm = FileManager.default
        if fm.fileExists(atPath: (directory as NSString).appendingPathComponent(relative)) { return .exact }
        var resolved: [String] = []
        for component in relative.split(separator: "/").map(String.init) {
            let folder = ([directory] + resolved).joined(separator: "/")
            let here = (folder as NSString).appendingPathComponent(component)
            if fm.fileExists(atPath: here) {
                resolved.append(component)
                continue
            }
            let wanted = UnicodeText.nfc(component)
            let entries = ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).filter { UnicodeText.nfc($0) == wanted }
            switch entries.count {
            case 0: return .missing
            case 1: resolved.append(entries[0])
            default:
                // Sorted by bytes: canonically equivalent names compare equal as Swift strings.
                let sorted = entries.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                return .ambiguous(sorted.map { (resolved + [$0]).joined(separator: "/") })
            }
        }
        return .found(resolved.joined(separator: "/"))
    }
}
