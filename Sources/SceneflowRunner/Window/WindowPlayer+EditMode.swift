import Foundation
import SceneflowCore
import SceneflowSDL

/// The window's edit mode (`E` in `play`; `EditMode` in Core decides, this carries out): pointer
/// events and keys go to the edit mode instead of the prototype, detected text is read in the
/// background (`SceneTextReader`), and each change is written with `HotspotWriter` (the
/// write-back of `sceneflow hotspot`) and shown through hot reload at once. Ctrl+Z puts back
/// the file's bytes from before the last write (only while the file is as that write left it).
final class EditSession {
    /// The edit mode while it is on.
    var mode: EditMode?
    /// Reads scenes' text in the background (made on the first `E`).
    var reader: SceneTextReader?
    /// For each write still undoable: the file's bytes before and after it.
    var undo: [(before: Data, after: Data)] = []
    /// Why `E` was refused, shown until the next input.
    var notice: String?
    /// True after a write: check for the changed file on this pass, not after the poll interval.
    var reloadNow = false
    /// True while the label field has the keyboard (the edit mode started SDL text input).
    var ownsTextInput = false
    /// Writes (and undos) waiting for the prototype folder's lock, which another process holds
    /// (a `hotspot` command, another window's edit mode), in the order they were made: tried
    /// again every pass (`WindowPlayer.retryWaitingEdits`), refused after
    /// `HotspotWriter.longestLockWait`. The window never waits for them (red-team finding R2).
    var waiting: [EditCommand] = []
    /// When the first of `waiting` began waiting (wall-clock seconds).
    var waitingSince = 0.0
}

extension WindowPlayer {
    /// The title's note while the edit mode is on.
    var editTitleNote: String { edit.mode == nil ? "" : " — edit mode" }

    /// `E`: turns the edit mode on or off, or says why it cannot be on (recording, no hot
    /// reload, the device turned).
    func toggleEditMode() {
        edit.notice = nil
        if edit.mode != nil {
            edit.mode = nil
            log("edit mode off")
            return
        }
        let refusal: String? =
            if let editModeRefusal { editModeRefusal } else if watchFolder == nil {
                "Edit mode needs hot reload to show each change: play without --no-reload."
            } else if session.orientation == .landscape {
                "Edit mode edits the portrait scene: press O to turn the device back first."
            } else { nil }
        if let refusal {
            edit.notice = refusal
            log("E: \(refusal)")
            return
        }
        edit.mode = EditMode(scene: session.currentScene)
        if edit.reader == nil { edit.reader = SceneTextReader() }
        log("edit mode on (scene \(session.currentScene)): drag to draw a hotspot, click a dashed box, E to leave")
    }

    /// What the edit mode needs from the session now (`EditContext`).
    func editContext() -> EditContext {
        let placed = session.placedElements
        let placement = session.currentScenePlacement
        let scrolls = placement.scroll != nil
        let hotspots = placed.map { element, spot in
            EditHotspot(
                label: element.label, frame: element.frame, placed: spot.frame, visible: spot.visible,
                clip: scrolls ? spot.area : nil, action: element.onTap)
        }
        var detected: [DetectionProposal]?
        if let scene = session.scene(session.currentScene) {
            switch edit.reader?.reading(for: scene, in: loaded.prototype) {
            case .read(let proposals)?: detected = proposals
            case .failed?: detected = []
            case nil: detected = nil
            }
        }
        return EditContext(
            hotspots: hotspots, detected: detected, placement: placement, scenes: loaded.prototype.sceneOrder,
            screen: Size(width: loaded.prototype.device.width, height: loaded.prototype.device.height))
    }

    /// Gives `event` to the edit mode when it is on; true when it took it (the prototype does
    /// not see it).
    func editTakes(_ event: WindowEvent) -> Bool {
        guard var mode = edit.mode else {
            if edit.notice != nil, Self.listInput(event) != nil { edit.notice = nil }
            return false
        }
        mode.show(scene: session.currentScene)
        let context = editContext()
        var command = EditCommand.none
        switch event {
        case .pointerDown(let p): mode.pointerDown(p, context)
        case .pointerMoved(let p): mode.pointerMoved(p)
        case .pointerUp(let p): command = mode.pointerUp(p, context)
        case .back: command = mode.key("Escape", context)
        case .key(let name):
            // Keys the edit mode has no use for (Q, zoom, ?, S) keep their play meaning.
            guard mode.draft != nil || EditMode.keys.contains(name) else { return false }
            command = mode.key(name, context)
        // While the label field has the keyboard (`syncTextInput`): SDL's text input.
        case .text(let typed): mode.type(typed)
        case .composition(let marked, let caret): mode.compose(marked, caret: caret)
        case .paste(let pasted): mode.paste(pasted)
        case .edit(let key): command = mode.edit(key, context)
        case .quit, .wheel, .exposed: return false
        }
        edit.mode = mode
        perform(command)
        return true
    }

    /// Carries out what the edit mode asked for. A write or undo while another process holds
    /// the folder's lock waits in `edit.waiting`, behind any already waiting.
    func perform(_ command: EditCommand) {
        guard let folder = watchFolder else { return }
        switch command {
        case .none: break
        case .leave: toggleEditMode()
        case .back: session.perform(.back, source: "key Escape")
        case .copy(let text): try? Clipboard.set(text)
        case .write, .undo:
            if edit.waiting.isEmpty, attempt(command, folder: folder) { return }
            if edit.waiting.isEmpty { edit.waitingSince = clock.now }
            edit.waiting.append(command)
            let seconds = formatNumber(HotspotWriter.longestLockWait)
            edit.mode?.say([
                "Waiting for another edit of \(folder)…",
                "Another process holds the folder's lock: this edit is written once it is free, or refused after \(seconds) s.",
            ])
            log("edit: waiting for another edit of \(folder)… (another process holds the folder's lock)")
        }
    }

    /// Tries the edits waiting for the folder's lock again, in order: each written once the lock
    /// is free; those still waiting `HotspotWriter.longestLockWait` after the first began are
    /// refused, nothing written (the same edit can be made again).
    func retryWaitingEdits() {
        guard let folder = watchFolder, !edit.waiting.isEmpty else { return }
        while let next = edit.waiting.first, attempt(next, folder: folder) {
            edit.waiting.removeFirst()
            edit.waitingSince = clock.now
        }
        guard !edit.waiting.isEmpty, clock.now - edit.waitingSince >= HotspotWriter.longestLockWait else { return }
        let count = edit.waiting.count
        edit.waiting.removeAll()
        let message = HotspotWriter.heldMessage(folder, seconds: HotspotWriter.longestLockWait)
        let edits = count == 1 ? "" : " (\(count) edits)"
        edit.mode?.say([message + edits], error: true)
        log("edit: nothing written: \(message)\(edits)")
    }

    /// Says which edits were still waiting for the folder's lock as the window closed.
    func dropWaitingEdits() {
        guard let folder = watchFolder, !edit.waiting.isEmpty else { return }
        log(
            "edit: not written: the window closed while another process held \(folder) (\(counted(edit.waiting.count, "edit")))"
        )
        edit.waiting.removeAll()
    }

    /// Writes or undoes under the folder's lock; false (nothing done) while another process
    /// holds it.
    private func attempt(_ command: EditCommand, folder: String) -> Bool {
        let file = prototypeFilePath(in: folder)
        switch command {
        case .write(let change, let scene, let select):
            let before = (try? LuaSourceFile.read(file)) ?? Data()
            do {
                let outcome = try HotspotWriter.apply(change, scene: scene, folder: folder)
                let after = (try? LuaSourceFile.read(file)) ?? Data()
                if after != before { edit.undo.append((before, after)) }
                edit.mode?.selected = select
                edit.mode?.say(["\(outcome.summary); Ctrl+Z undoes it."])
                edit.reloadNow = true
                log("edit: \(outcome.file): \(outcome.summary)")
            } catch {
                if error.kind == .busy { return false }
                var lines = error.lines
                if let paste = error.paste { lines += ["Nothing was written; paste this by hand:", paste] }
                edit.mode?.say(lines, error: true)
                log("edit: nothing written: \(error.lines.joined(separator: "; "))")
            }
        case .undo:
            // Read, compared and written under the lock, as a write is.
            return PrototypeFolderLock.ifFree(folder) { undoLast(file) } != nil
        default: break
        }
        return true
    }

    /// Ctrl+Z: puts back the file's bytes from before the last write, unless the file changed
    /// since (then that change stays).
    private func undoLast(_ file: String) {
        guard let last = edit.undo.last else {
            edit.mode?.say(["Nothing to undo: no change was written in this session."])
            return
        }
        let now = (try? LuaSourceFile.read(file)) ?? Data()
        guard now == last.after else {
            edit.undo.removeAll()
            edit.mode?.say(
                [
                    "prototype.lua changed since the last write (edited elsewhere): not undone, so that change stays."
                ],
                error: true)
            return
        }
        do {
            try OutputTarget.write(last.before, to: file)
            edit.undo.removeLast()
            edit.mode?.say(["Undone: prototype.lua is as it was before the last change."])
            edit.reloadNow = true
            log("edit: undid the last change to \(file)")
        } catch {
            edit.mode?.say(["Cannot write \(file): \(error.reason)"], error: true)
        }
    }

    /// What the edit mode draws now (nil when it is off).
    func editView(in window: Window) -> EditView? {
        guard var mode = edit.mode else {
            syncTextInput(window, field: nil)
            return nil
        }
        mode.show(scene: session.currentScene)
        edit.mode = mode
        syncTextInput(window, field: mode.draft?.screen)
        var context = editContext()
        context.pixelsPerPoint = window.view.scale * window.device.scale
        var view = mode.view(context, measure: window.textMeasure)
        if let scene = session.scene(session.currentScene),
            case .failed(let why)? = edit.reader?.reading(for: scene, in: loaded.prototype)
        {
            view.over.panels.append(
                OverlayPanel(lines: ["No detected text: \(why)"], placement: .bottom, background: .error))
        }
        return view
    }

    /// Gives the keyboard to the label field while it is open (SDL text input, the input
    /// method's candidate window under the drawn box) and takes it back when it closes.
    func syncTextInput(_ window: Window, field: Rect?) {
        if let field {
            if !edit.ownsTextInput { window.startTextInput(at: field) }
            edit.ownsTextInput = true
        } else if edit.ownsTextInput {
            window.stopTextInput()
            edit.ownsTextInput = false
        }
    }

    /// Draws the edit mode's view: boxes, the strip's thumbnails, then its borders, names and
    /// the panels.
    func draw(_ view: EditView, on window: Window) throws {
        try window.draw(view.under)
        try window.draw(view.stripBackground)
        if let strip = view.strip {
            let images = strip.scenes.compactMap { name -> (image: String, screen: ScreenArea, frame: Rect)? in
                guard let scene = loaded.prototype.scenes[name], let i = strip.scenes.firstIndex(of: name) else {
                    return nil
                }
                return (scene.image, scene.screen, strip.thumbnails[i])
            }
            try window.drawThumbnails(
                images, directory: loaded.prototype.directory, loader: PictureLoader(files: imageFiles))
        }
        try window.draw(view.over)
    }

    /// The panel saying why `E` was refused, while it shows.
    var editNoticePanel: OverlayPanel? {
        edit.notice.map { OverlayPanel(lines: [$0], placement: .center, background: .error) }
    }
}
