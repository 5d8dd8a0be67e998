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
                // Any count at or beyond the frame's pixels allows every pixel: 2^63 must not trap.
                request.maxDiffPixels = table?["max_diff_pixels"].number.map { Int(saturating: min($0, 1e15)) }
                request.maxDiffRatio = table?["max_diff_ratio"].number
                request.at = table?["at"].number
                if case .boolean(true) = table?["ignore_antialiasing"] { request.ignoreAntialiasing = true }
                let masks = table?["masks"].table?.sequence ?? []
                request.masks = masks.compactMap { rect($0) }
                request.region = table.flatMap { rect($0["region"]) }
                if request.masks.count != masks.count || (request.region == nil && !(table?["region"].isNone ?? true)) {
                    // A failure of the user's call (shown at its line), never an error raised
                    // inside Sceneflow's own Lua (`[sceneflow visual]:132:`).
                    return push(
                        .failed(message: "mask and region need finite numbers {x, y, w, h} in points (within ±1e9)"), s)
                }
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

    /// A rectangle `{x =, y =, w =, h =}` in points; nil unless all four are finite numbers
    /// within ±1e9, the range `visual.lua` accepts (it refuses others with a message; this
    /// keeps NaN and infinity out of the pixel arithmetic whatever reaches it).
    private static func rect(_ value: LuaValue) -> Rect? {
        guard let t = value.table, let x = t["x"].number, let y = t["y"].number, let w = t["w"].number,
            let h = t["h"].number, [x, y, w, h].allSatisfy({ $0.isFinite && abs($0) <= 1e9 })
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
