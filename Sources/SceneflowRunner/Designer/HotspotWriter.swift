import Foundation
import SceneflowCore
import SceneflowLua

/// Makes one hotspot change to a prototype's `prototype.lua` on disk (issue 16.2; used by
/// `sceneflow hotspot` and the window's edit mode): loads the prototype, checks the scene and
/// label, edits the text with `HotspotEditor`, loads the edited text with the normal
/// `PrototypeLoader`, checks that it gives exactly the old elements with that one change,
/// and only then replaces the file atomically. A result that does not load, or that loads
/// into something else, is never written.
public enum HotspotWriter {
    /// What was written.
    public struct Outcome: Equatable, Sendable {
        /// The edited file (`<folder>/prototype.lua`).
        public let file: String
        /// The 1-based line of the change in the new file.
        public let line: Int
        /// One line for the console: `added "Settings" to scene "home" (line 42)`.
        public let summary: String
    }

    /// Why nothing was written.
    public struct Failure: Error, CustomStringConvertible {
        /// How the command should exit.
        public enum Kind: Sendable {
            /// The command line asks for something the prototype does not have (exit 64).
            case usage
            /// The prototype cannot be loaded or edited safely (exit 65).
            case input
            /// The file system failed writing (exit 70).
            case system
            /// Another process held the prototype folder's lock (another `hotspot` edit, a
            /// window's edit mode writing) for the whole wait: nothing was tried, the same
            /// edit may simply be made again (exit 75, `EX_TEMPFAIL`).
            case busy
        }
        /// How the command should exit.
        public let kind: Kind
        /// The message lines (diagnostics name the file and place).
        public let lines: [String]
        /// What to paste by hand instead (the element line), when there is one.
        public let paste: String?
        /// The message lines joined.
        public var description: String { lines.joined(separator: "\n") }
    }

    /// The longest `apply` may be asked to wait for another process's lock on the folder, in
    /// seconds of real time (`sceneflow hotspot` waits this long; the window retries an edit
    /// frame by frame for as long).
    public static let longestLockWait = PrototypeFolderLock.longestWait

    /// Applies `edit` to scene `scene` of the prototype in `folder`, holding the folder's lock
    /// (`PrototypeFolderLock`). While another process holds it, waits at most `seconds` of real
    /// time (0: not at all), calling `onWait` once when the wait begins; never blocks for
    /// longer, so a caller that must not wait (the window) asks again later.
    ///
    /// - Throws: `Failure` — `.busy` when the lock was still held after `seconds` (nothing
    ///   read or written); `.usage` for an unknown scene or target scene, an `add` whose
    ///   label the scene already has, a `move`/`remove` label it does not have (each with a
    ///   did-you-mean); `.input` for a prototype that does not load, a label on several
    ///   elements, a scene built by code (`HotspotRefusal`) or an edit that would not load or
    ///   would change more than the element; `.system` when writing fails.
    public static func apply(
        _ edit: HotspotEdit, scene: String, folder: String, waitingAtMost seconds: Double = 0,
        onWait: () -> Void = {}
    ) throws(Failure) -> Outcome {
        // One edit at a time per prototype: read, check and write under the folder's lock.
        let outcome = try PrototypeFolderLock.holding(folder, waitingAtMost: seconds, onWait: onWait) {
            () throws(Failure) -> Outcome in
            try applyLocked(edit, scene: scene, folder: folder)
        }
        guard let outcome else {
            throw Failure(kind: .busy, lines: [heldMessage(folder, seconds: seconds)], paste: nil)
        }
        return outcome
    }

    /// Why an edit was refused after waiting `seconds` for the lock on `folder`: `P was held by
    /// another process for 10 s (…), so nothing was written; make the edit again`.
    public static func heldMessage(_ folder: String, seconds: Double) -> String {
        "\(folder.isEmpty ? "." : folder) was held by another process for \(formatNumber(seconds)) s (another "
            + "`sceneflow hotspot` or a window's edit mode writing its prototype.lua?), so nothing was written; "
            + "make the edit again"
    }

    /// `apply` once the folder's lock is held. The file keeps its permissions; a file the
    /// user may not write (read-only) is refused, as an editor refuses it (red-team finding m4:
    /// the rename made every edited file 0644, a read-only one included).
    private static func applyLocked(_ edit: HotspotEdit, scene: String, folder: String) throws(Failure) -> Outcome {
        let file = prototypeFilePath(in: folder)
        var info = stat()
        let found = stat(file, &info) == 0
        if found, access(file, W_OK) != 0 {
            // The whole file system is read-only (a read-only mount): no mode would help, and
            // it is the system refusing the write (red-team 9 m6: it was called "mode 644").
            if errno == EROFS {
                throw Failure(
                    kind: .system, lines: ["\(file) is on a read-only file system: nothing was written"],
                    paste: pasteText(edit))
            }
            throw Failure(
                kind: .input,
                lines: ["\(file) is read-only (mode \(String(info.st_mode & 0o777, radix: 8))): nothing was written"],
                paste: pasteText(edit))
        }
        let before: Prototype
        do {
            before = try PrototypeLoader.load(directory: folder).prototype
        } catch {
            throw Failure(kind: .input, lines: error.diagnostics.map(\.description), paste: nil)
        }
        guard let data = try? LuaSourceFile.read(file), let source = String(validating: data, as: UTF8.self) else {
            throw Failure(kind: .input, lines: ["\(file): cannot be read as UTF-8 text"], paste: nil)
        }
        let paste = pasteText(edit)
        let elements = try check(edit, scene: scene, in: before, folder: folder)
        let result: HotspotEditResult
        do {
            result = try HotspotEditor.edit(source, scene: scene, edit)
        } catch {
            throw Failure(kind: .input, lines: ["\(file): \(error)"], paste: paste)
        }
        let after: Prototype
        do {
            after = try PrototypeLoader.load(directory: folder, text: result.text).prototype
        } catch {
            let lines = ["\(file): the edited file would not load, so nothing was written:"]
            throw Failure(kind: .input, lines: lines + error.diagnostics.map { "  \($0)" }, paste: paste)
        }
        guard gives(after, before: before, scene: scene, elements: elements, edit: edit) else {
            let reason =
                "the edited file does not give the scene's elements with just this change (the file changes scenes.\(scene) with code), so nothing was written"
            throw Failure(
                kind: .input, lines: ["\(file): cannot edit scene \"\(scene)\" safely: \(reason)"], paste: paste)
        }
        do {
            try OutputTarget.write(Data(result.text.utf8), to: file)
        } catch {
            throw Failure(kind: .system, lines: [error.description], paste: paste)
        }
        if found { chmod(file, info.st_mode & 0o7777) }  // the new file is the old one's mode again
        let quoted = LuaStringLiteral.quoted(edit.label)
        let what: String
        switch edit {
        case .add: what = "added \(quoted) to"
        case .move(_, let frame): what = "moved \(quoted) to \(frame) in"
        case .remove: what = "removed \(quoted) from"
        case .link(_, let action): what = "linked \(quoted) to \(action?.lua() ?? "no action") in"
        }
        return Outcome(file: file, line: result.line, summary: "\(what) scene \"\(scene)\" (line \(result.line))")
    }

    /// What a person pastes by hand when the file cannot be edited: the element line for
    /// `add`, the frame for `move`, nil for `remove`.
    public static func pasteText(_ edit: HotspotEdit) -> String? {
        switch edit {
        case .add(let label, let frame, let action):
            return HotspotEditor.pasteLine(label: label, frame: frame, action: action)
        case .move(_, let frame): return "frame = { \(HotspotEditor.numbers(frame).joined(separator: ", ")) },"
        case .remove: return nil
        case .link(_, let action): return "on_tap = \(action?.lua() ?? "nil"),"
        }
    }

    /// The scene's element lines (`ElementTree.line`) after checking the command line against
    /// the loaded prototype.
    static func check(_ edit: HotspotEdit, scene: String, in prototype: Prototype, folder: String) throws(Failure)
        -> [String]
    {
        guard let found = prototype.scenes[scene] else {
            let message =
                "no scene \"\(scene)\" in \(TerminalText.path(folder))"
                + NearestName.hint(for: scene, among: prototype.sceneOrder)
                + " (scenes: \(prototype.sceneOrder.joined(separator: ", ")))"
            throw Failure(kind: .usage, lines: [message], paste: nil)
        }
        let labels = declared(found).map(\.label)
        let quoted = LuaStringLiteral.quoted(edit.label)
        let count = labels.filter { $0 == edit.label }.count
        if let target = edit.targetScene, prototype.scenes[target] == nil {
            let message =
                "no scene \"\(target)\" to go to in \(TerminalText.path(folder))"
                + NearestName.hint(for: target, among: prototype.sceneOrder)
                + " (scenes: \(prototype.sceneOrder.joined(separator: ", ")))"
            throw Failure(kind: .usage, lines: [message], paste: nil)
        }
        switch edit {
        case .add:
            if count > 0 {
                throw Failure(
                    kind: .usage,
                    lines: [
                        "scene \"\(scene)\" already has an element labelled \(quoted); use `sceneflow hotspot move` to change its frame"
                    ], paste: nil)
            }
        case .move, .remove, .link:
            if count == 0 {
                let shown =
                    labels.isEmpty
                    ? "it has none"
                    : "labels: " + labels.map { "\"\(UnicodeText.escaped($0))\"" }.joined(separator: ", ")
                throw Failure(
                    kind: .usage,
                    lines: [
                        "no element labelled \(quoted) in scene \"\(scene)\""
                            + NearestName.hint(for: edit.label, among: labels)
                            + " (\(shown))"
                    ], paste: nil)
            }
            if count > 1 {
                throw Failure(
                    kind: .input,
                    lines: [
                        "\(count) elements in scene \"\(scene)\" are labelled \(quoted); edit the one you mean by hand"
                    ],
                    paste: pasteText(edit))
            }
        }
        return declared(found).map { ElementTree.line($0, value: $0.value) }
    }

    /// The elements `scene` writes in its own `elements` list: without the tab bar's tabs,
    /// which the loader adds to every scene of a tab's stack (`tabs = { … }` at the root).
    static func declared(_ scene: Scene) -> [Element] {
        scene.elements.filter { !($0.kind == "tab" && $0.path.hasPrefix("tabs[")) }
    }

    /// True when `after` has the same scenes as `before`, each with the same elements, but
    /// for `scene`, whose elements are `elements` with `edit` made.
    static func gives(_ after: Prototype, before: Prototype, scene: String, elements: [String], edit: HotspotEdit)
        -> Bool
    {
        guard after.sceneOrder == before.sceneOrder else { return false }
        for name in before.sceneOrder where name != scene {
            guard let a = after.scenes[name], let b = before.scenes[name], ElementTree.text(a) == ElementTree.text(b)
            else { return false }
        }
        guard let edited = after.scenes[scene].map(declared), let old = before.scenes[scene].map(declared) else {
            return false
        }
        let lines = edited.map { ElementTree.line($0, value: $0.value) }
        let index = old.firstIndex { $0.label == edit.label }
        switch edit {
        case .add(let label, let frame, let action):
            guard let added = edited.last, lines.dropLast() == elements[...] else { return false }
            return added.label == label && added.frame == frame && matches(added.onTap, action)
        case .move(_, let frame):
            guard let index, index < edited.count, lines.count == elements.count else { return false }
            var expected = old[index]
            expected.frame = frame
            var wanted = elements
            wanted[index] = ElementTree.line(expected, value: expected.value)
            return lines == wanted
        case .remove:
            guard let index else { return false }
            var wanted = elements
            wanted.remove(at: index)
            return lines == wanted
        case .link(_, let action):
            guard let index, index < edited.count, lines.count == elements.count, matches(edited[index].onTap, action)
            else { return false }
            var expected = old[index]
            expected.onTap = edited[index].onTap
            var wanted = elements
            wanted[index] = ElementTree.line(expected, value: expected.value)
            return lines == wanted
        }
    }

    /// True when a loaded action is what `action` asked for (scene and transition kind).
    static func matches(_ loaded: Action?, _ action: HotspotAction?) -> Bool {
        switch (loaded, action) {
        case (nil, nil), (.back?, .back?), (.dismiss?, .dismiss?): return true
        case (.go(let scene, let t)?, .go(let want, let kind, let duration)?),
            (.present(let scene, let t)?, .present(let want, let kind, let duration)?):
            return scene == want && (kind == nil || t.kind.rawValue == kind)
                && (duration == nil || t.kind == .none || abs(t.duration - duration!) < 1e-9)
        default: return false
        }
    }
}
