import SceneflowCore

extension ScriptModule {
    /// Native functions of the visual checks (`sf.screenshot`, `sf.capture`, `sf.tree`). Each
    /// returns `status, message` with status `"passed"`, `"recorded"` or `"failed"`.
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
                return push(checks.screenshot(request, session: session), s)
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
                return push(checks.tree(name: s.string(1), expected: s.string(2), session: session), s)
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
        }
        return .values(2)
    }

    private static func unavailable(_ s: LuaStack) -> LuaCallbackResult {
        s.push("failed")
        s.push("visual checks are not available in this run")
        return .values(2)
    }
}
