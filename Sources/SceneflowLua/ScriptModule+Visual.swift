import SceneflowCore

extension ScriptModule {
    /// Native functions of the visual checks (`sf.screenshot(name, request, final)`,
    /// `sf.capture(name)`, `sf.tree(name, text, final)`; `final` false: a failing attempt that
    /// a later frame may retry, not recorded). Each returns `status, message` with status
    /// `"passed"`, `"recorded"`, `"failed"` or (not final) `"retry"`.
    nonisolated(unsafe) static let visualNatives: [Native] = [
        (
            "screenshot",
            { module, session, s in
                guard let checks = module.visualChecks else { return unavailable(s) }
                guard let name = s.string(1) else { return .error("screenshot: expected a name") }
                let table = s.snapshot(2, actionRef: -2).table
                var request = ScreenshotRequest(name: name)
                request.threshold = table?["threshold"].number ?? 0
                request.maxDiffPixels = table?["max_diff_pixels"].number.map { Int($0.rounded(.down)) }
                request.maxDiffRatio = table?["max_diff_ratio"].number
                request.at = table?["at"].number
                if case .boolean(true) = table?["ignore_antialiasing"] { request.ignoreAntialiasing = true }
                request.masks = (table?["masks"].table?.sequence ?? []).compactMap { rect($0) }
                request.region = table.flatMap { rect($0["region"]) }
                return push(checks.screenshot(request, session: session, final: s.isTruthy(3)), s)
            }
        ),
        (
            "capture",
            { module, session, s in
                guard let checks = module.visualChecks else { return unavailable(s) }
                return push(checks.capture(s.string(1) ?? "capture", session: session), s)
            }
        ),
        (
            "tree",
            { module, session, s in
                guard let checks = module.visualChecks else { return unavailable(s) }
                return push(
                    checks.tree(name: s.string(1), expected: s.string(2), session: session, final: s.isTruthy(3)), s)
            }
        ),
    ]

    private static func rect(_ value: LuaValue) -> Rect? {
        guard let t = value.table, let x = t["x"].number, let y = t["y"].number, let w = t["w"].number,
            let h = t["h"].number
        else { return nil }
        return Rect(x: x, y: y, width: w, height: h)
    }

    private static func push(_ result: VisualCheckResult, _ s: LuaStack) -> LuaCallbackResult {
        switch result {
        case .passed(let note):
            s.push("passed")
            s.push(note)
        case .recorded(let path):
            s.push("recorded")
            s.push(path)
        case .failed(let message):
            s.push("failed")
            s.push(message)
        case .retry(let message):
            s.push("retry")
            s.push(message)
        }
        return .values(2)
    }

    private static func unavailable(_ s: LuaStack) -> LuaCallbackResult {
        s.push("failed")
        s.push("visual checks are not available in this run")
        return .values(2)
    }
}
