import Foundation
import SceneflowCore

/// Where a baseline may be read and written: inside the script's `__screenshots__` folder,
/// as a file, under one spelling.
extension ScreenshotChecker {
    /// Why the baseline at `path` may be neither read nor written: it, its folder or
    /// `__screenshots__` itself leads outside the script's `__screenshots__` folder through a
    /// symbolic link (or a dangling one), as scene images may not leave the prototype folder
    /// (`FolderContainment`), or is not a file (a FIFO, a folder, a device node). Nil when it
    /// stays inside and is a file or nothing yet.
    /// Every baseline of a script whose baseline folder is a `.lua` script's beside it is refused
    /// (`baselineFolderOwner`: `s` beside `s.lua`).
    func baselineEscape(_ path: String) -> String? {
        if let owner = baselineFolderOwner {
            let script = PathText.lastComponent(of: self.script)
            return
                "the baseline folder \(baselineFolder) is also the script \(owner)'s baseline folder (a script named without the .lua ending keeps its whole name, \(script)): nothing was read or written; rename one of the two scripts"
        }
        // Something other than a file at the baseline's name (a FIFO, a folder, a device node)
        // is neither read nor written: a write into a device was reported as recorded and kept
        // nothing (red-team 15 F5).
        if let kind = RegularFile.kind(atPath: path) {
            return "the baseline \(path) is \(kind), not a file: nothing was read or written; remove it"
        }
        guard
            let outside = FolderContainment.writeEscape(of: screenshotsFolder, from: scriptFolder)
                ?? FolderContainment.writeEscape(of: path, from: screenshotsFolder)
        else { return nil }
        return
            "the baseline \(path) leads outside the script's __screenshots__ folder through a symbolic link (to \"\(outside)\"); nothing was read or written"
    }

    /// Why the file at `path` may not be written or read: a file beside it whose name differs
    /// from its own only in case or in how accents are encoded ("Home.png" beside "home.png",
    /// é composed beside e + U+0301) is the same file on macOS and Windows, where baselines
    /// are shared, so one would replace the other (red-team 14 F8). Nil when there is none.
    static func spellingClash(_ path: String, kind: String) -> String? {
        let folder = PathText.folder(of: path)
        let name = PathText.lastComponent(of: path)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)
        else { return nil }
        let folded = name.lowercased()  // String == compares canonically: é composed == decomposed
        for entry in entries where Array(entry.utf8) != Array(name.utf8) && entry.lowercased() == folded {
            return
                "\(LuaStringLiteral.quoted(name)) and the \(kind) \(LuaStringLiteral.quoted(entry)) beside it differ only in case or in how accents are encoded: on macOS and Windows, where baselines are shared, they are one file; use one spelling"
        }
        return nil
    }

    /// `spellingClash(_:kind:)` once per path for the run.
    func spellingClash(_ path: String, kind: String) -> String? {
        let bytes = Array(path.utf8)
        if spellingsChecked.contains(bytes) { return nil }
        let clash = Self.spellingClash(path, kind: kind)
        if clash == nil { spellingsChecked.insert(bytes) }
        return clash
    }
}
