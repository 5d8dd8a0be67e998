import Foundation
import Testing

/// `sceneflow record` stopped by a signal under Xvfb: as `play`, SIGINT exits 130 (also when
/// started as a background job, with SIGINT ignored) and SIGTERM 143, after writing the script
/// with everything done so far. Skips (printing why) when Xvfb, xdotool or ImageMagick is missing.
@Suite(.serialized) struct RecordSignalWindowTests {
    @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
    func aSignalWritesTheScriptAndExitsAsPlayDoes(signal: Int32, status: Int32) throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try WindowDesignerTests.prototype(tmp, name: "Stopped")
        let out = tmp.file("stopped.lua")
        let w = try PlayingWindow(
            display, ["record", dir, "--out", out, "--no-hints"], title: "Stopped", ignoringSIGINT: signal == SIGINT)
        let open = WindowDesignerTests.at(75, 250, w.geometry)
        w.click(open.0, open.1)
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "\(w.log)")
        usleep(300_000)
        w.send(signal)
        #expect(w.status == status, "exit status after signal \(signal): \(String(describing: w.status))\n\(w.log)")
        let script = (try? String(contentsOfFile: out, encoding: .utf8)) ?? ""
        #expect(script.contains("tap \"Open\"") && script.contains("expect.scene \"detail\""), "\(script)")
        #expect(w.log.contains("wrote \(out)"), "\(w.log)")
    }
}

/// A recording whose file cannot be written at the end (its folder removed during the session)
/// loses nothing: the script is saved in the temporary folder and printed on standard error,
/// exit 70 (red-team finding p11: every recorded click was gone).
@Suite(.serialized) struct RecordFolderRemovedWindowTests {
    @Test func theRecordedScriptSurvivesItsFolder() throws {
        guard let display = XvfbDisplay.start() else { return }
        let tmp = try TempFolder()
        let dir = try WindowDesignerTests.prototype(tmp, name: "Gone")
        try FileManager.default.createDirectory(atPath: tmp.file("recdir"), withIntermediateDirectories: true)
        let out = tmp.file("recdir/r.lua")
        let w = try PlayingWindow(display, ["record", dir, "--out", out, "--no-hints"], title: "Gone")
        let open = WindowDesignerTests.at(75, 250, w.geometry)
        w.click(open.0, open.1)
        #expect(poll(timeout: 20) { w.title.contains("detail") }, "\(w.log)")
        try FileManager.default.removeItem(atPath: tmp.file("recdir"))
        usleep(300_000)
        w.send(SIGTERM)
        #expect(w.status == 70, "\(String(describing: w.status))\n\(w.log)")
        #expect(w.log.contains("tap \"Open\"") && w.log.contains("the recorded script is saved as"), "\(w.log)")
        let saved = try #require(
            w.log.firstMatch(of: /saved as (\S+\.lua)/).map { String($0.1) }, "no saved copy named: \(w.log)")
        let script = (try? String(contentsOfFile: saved, encoding: .utf8)) ?? ""
        #expect(script.contains("tap \"Open\"") && script.contains("expect.scene \"detail\""), "\(script)")
        try? FileManager.default.removeItem(atPath: saved)
    }
}
