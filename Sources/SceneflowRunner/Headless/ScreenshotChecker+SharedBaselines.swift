import SceneflowCore

/// One baseline name used by two checks of a run (red-team finding m5): a baseline is one file
/// per script and name, so when two tests (or one test twice) check the same name and none
/// existed, the first check to run recorded it and the second was compared with it, and their
/// verdicts changed places with `--reverse`. A baseline this run wrote is never written again
/// by another check: that check is compared with it, is *recorded* too when it matches (it
/// rests on the same unreviewed baseline), and fails naming the check that wrote it when not.
extension ScreenshotChecker {
    /// `result` of a `kind` check of `name` against the baseline at `path`, which `writer` wrote
    /// earlier in this run (nil: no check did, `result` as it is): a pass becomes *recorded*,
    /// a failure says who wrote the baseline and why a name is one baseline.
    func shared(
        _ result: VisualCheckResult, kind: String, name: String, at path: String, writtenBy writer: EarlierWriter?
    ) -> VisualCheckResult {
        guard let writer, !records.isEmpty else { return result }
        let who =
            if let other = writer.script {
                "by the test \"\(writer.name)\" of \(other) (test \(writer.index + 1) of that file), through a link to the same file"
            } else if writer.name == test.name && writer.index == test.index {
                "by an earlier check of this test"
            } else {
                "by the test \"\(writer.name)\" (test \(writer.index + 1) of the file)"
            }
        switch result {
        case .passed where !writer.wrote:
            return result  // it passed against the same unchanged file
        case .passed:
            amendLast {
                $0.status = "recorded"
                $0.message = "matches the baseline \(path), recorded in this run \(who)"
            }
            return .recorded(path: path)
        case .failed(let why):
            let done = writer.wrote ? "was recorded in this run" : "was passed in this run, unchanged,"
            let message =
                "the baseline \(path) \(done) \(who) from another screen: \(why)\n"
                + (writer.script == nil
                    ? "one \(kind) name is one baseline per script, so whichever check ran first would set the other's expectation; give each screen its own name"
                    : "two baselines that are one file (a link) are one baseline, so whichever check ran first would set the other's expectation; give each screen a baseline of its own")
            amendLast { $0.message = message }
            return .failed(message: message)
        case .recorded, .retry:
            return result
        }
    }
    /// A check that wrote a baseline earlier in this run: the test's name and index in its
    /// file, and the script when it is another (nil: this checker's own script).
    typealias EarlierWriter = (name: String, index: Int, script: String?, wrote: Bool)

    /// The check that wrote the baseline at `path` earlier in this run: one of this script's
    /// (`writers`), or, through `RecordedBaselines`, another script's or an earlier worker's
    /// of this one (a stopped worker's successor knows nothing of what it wrote).
    func earlierWriter(of path: String) -> EarlierWriter? {
        if let local = writers[path] { return (local.name, local.index, nil, true) }
        // This test's own claim too, when this checker did not make it: the test's worker was
        // stopped and its after_each hooks run in a fresh one (red-team 47 A F1: they rewrote
        // the baseline the test had just recorded). A pass of this test's is for `shared` and
        // `claimPass` to weigh, as before.
        let me = RecordedBaselines.Writer(script: script, name: test.name, index: test.index)
        guard let first = recorded.writer(of: path), !first.isTest(me) || first.wrote else { return nil }
        return earlierWriter(first)
    }

    /// Claims the baseline at `path` for the running test and, when it is the test's, writes it
    /// with `write` before any other check can look (`RecordedBaselines.claim`). Returns the
    /// check of this run that claimed it first, when another did: nothing is written, and the
    /// file that check wrote is in place, to be compared with. Throws what `write` throws.
    func claim(_ path: String, thenWrite write: () throws -> Void) throws -> EarlierWriter? {
        let me = RecordedBaselines.Writer(script: script, name: test.name, index: test.index)
        return try recorded.claim(path, by: me, thenWrite: write).map(earlierWriter)
    }

    /// `writer` as `shared` names it: without its script when it is this checker's.
    private func earlierWriter(_ writer: RecordedBaselines.Writer) -> EarlierWriter {
        (writer.name, writer.index, writer.script == script ? nil : writer.script, writer.wrote)
    }

    /// Claims for the running test the baseline at `path` it has just passed against under
    /// `--update-baselines changed`, so a later check of another screen fails instead of
    /// rewriting it (red-team 43 B G1: it was rewritten, the run green, and the next run failed
    /// the test that had passed). Returns the check that wrote the baseline in this run when
    /// one claimed it first: another worker may have rewritten the file after this check read
    /// it, so the caller compares again with the file as it is now (`--jobs 2`: the pass was
    /// claimed after its comparison, and the run ended green).
    func claimPass(_ path: String) -> EarlierWriter? {
        let me = RecordedBaselines.Writer(script: script, name: test.name, index: test.index, wrote: false)
        guard let first = try? recorded.claim(path, by: me), first.wrote else { return nil }
        return earlierWriter(first)
    }

    /// Why the baseline at `path` may not be written: it is one of the prototype's own files
    /// (a prototype folder inside `__screenshots__`, or a link to a scene image; red-team 43 B
    /// G5: a scene image was replaced by a baseline). Nil when it is none.
    func replacesInput(_ path: String) -> String? {
        guard let input = PrototypeFiles(prototype).file(at: path) else { return nil }
        return
            "the baseline \(path) is \(input) of the prototype; a baseline never replaces a file the run reads: nothing was written"
    }
}
