import Foundation
import SceneflowCore

/// `sceneflow record`: plays the prototype in the window and writes what the designer did as
/// a Lua script (`ScriptRecorder`) when the window closes. The script names its prototype
/// relative to its own folder, so it runs with `sceneflow test SCRIPT` unchanged.
public enum SessionRecording {
    /// The recorded script could not be written to its file (its folder removed during the
    /// session, the disk full): `script` holds everything recorded, so nothing is lost.
    public struct NotWritten: Error, CustomStringConvertible {
        /// The file system's error.
        public let reason: any Error
        /// The whole recorded script.
        public let script: String
        /// The reason, as the file system gave it.
        public var description: String { "\(reason)" }
    }

    /// Runs `player` until its window closes, recording into a script written to `output`
    /// (atomically; also after each new line, so an interrupted session leaves a script).
    ///
    /// `shouldStop` is asked after each frame (e.g. whether SIGINT or SIGTERM arrived); true
    /// closes the window as Q does, and the script is still finished and written.
    ///
    /// - Throws: the player's errors (no display), or `NotWritten` (with the whole script) when
    ///   `output` cannot be written.
    public static func record(
        _ player: WindowPlayer, prototype: Prototype, output: String, shouldStop: @escaping () -> Bool = { false }
    ) throws {
        let recorder = ScriptRecorder(start: prototype.start)
        player.editModeRefusal = editModeRefusal
        let path = relativePath(from: PathText.folder(of: PathText.absolute(output)), to: prototype.directory)
        var written = 0
        var last: Session?
        player.onFrame = { [weak player] session in
            last = session
            if shouldStop() { player?.stop() }
            recorder.observe(session)
            if recorder.lines.count != written {
                written = recorder.lines.count
                // Best effort: the write at the end says if the file cannot be written.
                try? AtomicFile.write(recorder.script(prototypePath: path), to: output)
            }
        }
        player.onActionError = { call, problem in  // the failed step is written as a comment
            recorder.actionFailed(element: call.element, message: problem.description)
            try? AtomicFile.write(recorder.script(prototypePath: path), to: output)
        }
        try AtomicFile.write(recorder.script(prototypePath: path), to: output)
        try player.run()
        if let last { recorder.finish(last) }  // a scroll burst or stepped rating not yet written
        let script = recorder.script(prototypePath: path)
        do { try AtomicFile.write(script, to: output) } catch { throw NotWritten(reason: error, script: script) }
    }

    /// Why `E` does nothing while recording, shown in the window.
    public static let editModeRefusal =
        "Edit mode is off while recording: a change to prototype.lua would not be in the recorded script, so it would not replay what you saw. Record after editing (sceneflow play, E)."

    /// The path of folder `to` relative to folder `from` (both absolute): `../Prototypes/X`.
    public static func relativePath(from: String, to: String) -> String {
        let a = PathText.absolute(from).split(separator: "/")
        let b = PathText.absolute(to).split(separator: "/")
        var common = 0
        while common < a.count, common < b.count, a[common] == b[common] { common += 1 }
        let ups = Array(repeating: "..", count: a.count - common)
        let parts = ups + b[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
