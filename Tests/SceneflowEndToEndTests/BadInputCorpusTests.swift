import Foundation
import Testing

/// Runs `sceneflow` on every case of the bad-input corpus (`Tests/BadInput/*/case.txt`) and
/// checks the exact exit code, standard output and standard error, and that nothing crashed.
/// `SCENEFLOW_RECORD_BAD_INPUT=1` rewrites each manifest from the observed run instead (review
/// the diff before committing it).
@Suite struct BadInputCorpusTests {
    @Test func theCorpusCoversTheIssueList() {
        let names = Set(BadInputCase.all.map(\.name))
        for needed in [
            "lua-syntax-error", "wrong-types", "present-dismiss-cycle", "png-empty", "png-truncated-in-chunk",
            "png-huge-header", "jpeg-named-png", "image-path-parent", "image-path-absolute",
            "image-symlink-absolute", "image-symlink-relative", "label-newline-and-invalid-utf8",
            "nan-inf-frames-and-durations", "ten-thousand-elements", "before-each-error", "script-never-returns",
            "sandbox-script", "sandbox-action",
            // Issue 14.3 and 14.4: files as phones, editors, tools and file systems write them.
            "image-exif-orientation", "image-cmyk-jpeg", "image-png-16-bit", "image-webp", "image-tiff",
            "image-tiff-damaged", "image-webp-animated", "image-heic", "image-avif", "image-psd", "image-xcf",
            "image-cgbi-png", "lua-byte-order-mark", "unicode-nfd-image-name", "unicode-labels",
            "unicode-look-alike-scene",
            // GIF data that crashed SDL_image 2.6.3's GIF decoder.
            "image-gif-lzw-cycle",
            // issue 15
            "test-name-not-utf8", "test-state-isolation", "device-scale-out-of-range", "screenshot-region-off-screen",
            "lua-stuck-in-script", "lua-stuck-in-action", "lua-stuck-in-prototype", "lua-handler-loops-in-prototype",
            "lua-flood-log-and-error",
            // Red-team round two: one verdict for damaged images, names and labels that cannot blow up.
            "control-characters-in-names", "label-too-long", "ten-thousand-controls",
            // Red-team 50 B N1: a declared size whose byte count overflows.
            "png-header-overflow",
        ] {
            #expect(names.contains(needed), "missing corpus case \(needed)")
        }
    }

    @Test(arguments: BadInputCase.all)
    func caseGivesItsExactMessageAndExitCode(_ c: BadInputCase) throws {
        let r = try Sceneflow.run(c.arguments, in: c.folder, timeout: c.timeout)
        #expect(r.didNotCrash && r.status < 128, "\(c.name): \(r)")
        if ProcessInfo.processInfo.environment["SCENEFLOW_RECORD_BAD_INPUT"] == "1" {
            let path = c.folder.appendingPathComponent("case.txt")
            let old = try String(contentsOf: path, encoding: .utf8)
            let comment = old.components(separatedBy: "\n").filter { $0.hasPrefix("#") }.map { $0 + "\n" }.joined()
            try c.manifest(comment: comment, stdout: r.stdout, stderr: r.stderr, status: r.status)
                .write(to: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(r.status == c.exitCode, "\(c.name): \(r)")
        if let expected = c.stdout { #expect(c.normalise(r.stdout) == expected, "\(c.name) stdout") }
        if let expected = c.stderr { #expect(c.normalise(r.stderr) == expected, "\(c.name) stderr") }
        #expect(c.stdout != nil || c.stderr != nil, "\(c.name): the manifest gives no expected output")
    }
}
