import Foundation
import SceneflowCore
import SceneflowLua
import SceneflowSDL

/// Hot reload: loading the prototype again (keeping decoded images when the file names no new
/// one) and the files the watcher follows.
extension WindowPlayer {
    /// How often a settled window looks whether the reload check under way ended, in seconds.
    static let reloadCheckPollInterval = 0.02

    /// Starts checking the changed prototype in `folder` (`reloadProbe`), cancelling a check
    /// still under way for an older change: the newest edit wins. Returns `.loads` at once
    /// when no check can run elsewhere (the reload then runs here), else nil: the check's
    /// verdict comes from `finishedReloadCheck(_:at:)` on a later pass.
    func startReloadCheck(_ folder: String, at now: Double) -> (verdict: ReloadVerdict, afterEdit: Bool)? {
        let afterEdit = edit.reloadNow
        edit.reloadNow = false
        cancelReloadCheck()
        guard let check = reloadProbe?(folder) else { return (.loads, afterEdit) }
        pendingReload = (check, now, afterEdit)
        return nil
    }

    /// The verdict of the reload check under way once it ended, or once it ran past
    /// `reloadCheckDeadline` (then it is cancelled and the reload fails, saying so); nil while
    /// it runs or when none runs.
    func finishedReloadCheck(_ folder: String, at now: Double) -> (verdict: ReloadVerdict, afterEdit: Bool)? {
        guard let pending = pendingReload else { return nil }
        if let verdict = pending.check.verdict() {
            pendingReload = nil
            return (verdict, pending.afterEdit)
        }
        guard now - pending.started >= Self.reloadCheckDeadline else { return nil }
        cancelReloadCheck()
        let seconds = formatNumber(Self.reloadCheckDeadline)
        return (
            .fails(
                "\(prototypeFilePath(in: folder)): checking it in a separate process did not finish within \(seconds) s "
                    + "(the process was stopped or frozen from outside?); save the file again to retry"),
            pending.afterEdit
        )
    }

    /// Ends the reload check under way, if any.
    func cancelReloadCheck() {
        pendingReload?.check.cancel()
        pendingReload = nil
    }

    /// Whether the reload check found that the changed prototype does not load (its Lua
    /// stuck in one library call, an error, a check that did not finish): then the error is
    /// shown, as `reload` shows a failed load, and the last good prototype stays.
    func refuseReload(_ verdict: ReloadVerdict) -> Bool {
        guard case .fails(let problem) = verdict else { return false }
        designer.reloadError = problem
        log("reload failed, keeping the last good prototype:\n\(problem)")
        return true
    }

    /// Loads the prototype again, with the bytes of the images it checked; nil (with the
    /// error shown in the window) when it is broken.
    func reload(_ folder: String) -> (prototype: LoadedPrototype, files: ImageFileStore)? {
        let started = clock.now
        let files = ImageFileStore()
        do {
            let fresh = try PrototypeOpener.open(folder, images: .decode, loader: PictureLoader(files: files))
            designer.reloadError = nil
            files.keep(imagePaths(of: fresh.prototype))  // the decode check read them all already
            let ms = Int(((clock.now - started) * 1000).rounded())
            let kept = String(format: "%.1f", Double(files.byteCount) / 1_048_576)
            log(
                "reload: \(folder) loaded and its images decoded in \(ms) ms; \(files.count) image files (\(kept) MB) kept"
            )
            return (fresh, files)
        } catch {
            designer.reloadError = error.description
            log("reload failed, keeping the last good prototype:\n\(error)")
            return nil
        }
    }

    /// Loads the prototype again after an edit mode write, which changed only `prototype.lua`:
    /// when it draws no image the last good prototype did not, its images are not decoded
    /// again (their headers are checked from the bytes kept in `imageFiles`) and the texture
    /// cache stays, so the change shows at once. Nil (then `reload` does the whole work) when
    /// it draws another image or does not load.
    func reloadKeepingImages(_ folder: String) -> (prototype: LoadedPrototype, files: ImageFileStore)? {
        let started = clock.now
        guard
            let fresh = try? PrototypeOpener.open(folder, images: .header, loader: PictureLoader(files: imageFiles)),
            fresh.prototype.device == loaded.prototype.device,
            Set(imagePaths(of: fresh.prototype)).isSubset(of: Set(imagePaths(of: loaded.prototype)))
        else { return nil }
        designer.reloadError = nil
        let ms = Int(((clock.now - started) * 1000).rounded())
        log("reload: \(folder) loaded in \(ms) ms after an edit; its images are unchanged and stay decoded")
        return (fresh, imageFiles)
    }

    /// Switches to `fresh` (its images read into `images`) and `next`, the session that took
    /// over from the current one (`Session.restore(from:)`: the history's scenes that still
    /// exist, each scene's scroll offset, the timeline); `dropped` are the scenes it lost and
    /// `ready` the screenshots decoded for it before the swap and the milliseconds that took.
    func adopt(
        _ fresh: LoadedPrototype, images: ImageFileStore, session next: Session, dropped: [String],
        ready: (screens: Int, ms: Int)
    ) {
        loaded = fresh
        imageFiles = images
        session = next
        session.textMeasure = FontMeasure()
        let note = dropped.isEmpty ? "" : " (dropped from the history, scenes gone: \(dropped.joined(separator: ", ")))"
        log(
            "reloaded \(fresh.prototype.name): scene \(session.currentScene)\(note); "
                + "\(counted(ready.screens, "screen")) decoded before the swap in \(ready.ms) ms")
    }

    /// What hot reload watches: the prototype file and every image the last good prototype
    /// draws (scene and landscape screenshots, pressed looks, star images).
    func watchedFiles(_ folder: String) -> [String] {
        [prototypeFilePath(in: folder)] + imagePaths(of: loaded.prototype)
    }

    /// The files of every image `prototype` draws, inside its folder.
    func imagePaths(of prototype: Prototype) -> [String] {
        prototype.imageReferences.map { (prototype.directory as NSString).appendingPathComponent($0.image) }
    }

    /// Keys that move keyboard focus between controls and text fields (Tab, Shift+Tab: reading
    /// order) and step the focused star rating.
    static let controlKeys: [String: ControlKey] = [
        "Tab": .focusNext, "Shift+Tab": .focusPrevious, "Right": .increment, "Up": .increment, "Left": .decrement,
        "Down": .decrement,
        "Home": .minimum, "End": .maximum, "Return": .commit, "Space": .commit, "Keypad Enter": .commit,
    ]
}
