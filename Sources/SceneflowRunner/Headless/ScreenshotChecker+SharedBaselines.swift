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
        _ result: VisualCheckResult, kind: String, name: String, at path: String,
        writtenBy writer: (name: String, index: Int)?
    ) -> VisualCheckResult {
        guard let writer, !records.isEmpty else { return result }
        let who =
            writer == test
            ? "by an earlier check of this test"
            : "by the test \"\(writer.name)\" (test \(writer.index + 1) of the file)"
        switch result {
        case .passed:
            records[records.count - 1].status = "recorded"
            records[records.count - 1].message = "matches the baseline \(path), recorded in this run \(who)"
            return .recorded(path: path)
        case .failed(let why):
            let message =
                "the baseline \(path) was recorded in this run \(who) from another screen: \(why)\n"
                + "one \(kind) name is one baseline per script, so whichever check ran first would set the other's expectation; give each screen its own name"
            records[records.count - 1].message = message
            return .failed(message: message)
        case .recorded, .retry:
            return result
        }
    }
}
