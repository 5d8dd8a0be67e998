import Foundation

/// The SVG chart `sceneflow timing FILE.json --svg chart.svg` draws: per run, one lane per
/// scene; each transition is a bar in the incoming scene's lane from start to completion
/// (measured; amber past the requested end), a dashed outline for the requested duration, a
/// faint bar in the outgoing
/// scene's lane, a label with kind and requested vs measured milliseconds, and a tick per
/// presented frame (red, with a red band over the late interval, for hitches). Idle time
/// between transitions is cut out of the axis (marked `≈`); the axis is in seconds of the
/// run's clock. Grey bands show which scene was on screen, inferred from the transitions; a
/// dashed purple line marks each hot reload of a `play` session (its `reload` events).
public enum TimelineChart {
    static let left = 170.0
    static let right = 40.0
    static let laneHeight = 64.0
    static let measuredColor = "#3b6fd4"
    static let hitchColor = "#d62728"
    static let lateColor = "#f0a030"
    static let reloadColor = "#8e44ad"

    /// The most transitions one chart draws (2 000): the first ones of the file, in run order;
    /// the title says how many were left out (the `timing` table lists them all). 50 000 made a
    /// chart of 126 MB in 16.6 s that no viewer opens (red-team 31 B5).
    public static let maxDrawn = 2_000

    /// The chart as an SVG document (UTF-8 text) for `document`, titled with `title`: at most
    /// `maxDrawn` transitions are drawn.
    public static func svg(_ document: TimelineDocument, title: String) -> String {
        var body = ""
        var y = 84.0
        var room = maxDrawn
        let runs = document.runs.filter { !$0.transitions.isEmpty }.compactMap { run -> TimelineRun? in
            guard room > 0 else { return nil }
            var kept = run
            if kept.transitions.count > room { kept.transitions = Array(kept.transitions.prefix(room)) }
            room -= kept.transitions.count
            return kept
        }
        var width = 760.0
        for run in runs {
            let (panel, panelWidth, height) = runPanel(
                run, document: document, top: y, showName: document.runs.count > 1)
            body += panel
            y += height + 24
            width = max(width, panelWidth)
        }
        if runs.isEmpty {
            body += text(left, y + 20, "no transitions recorded", size: 14, fill: "#555")
            y += 48
        }
        let count = document.allTransitions.count
        let drawnNote = count > maxDrawn ? " (the first \(maxDrawn) of \(count) transitions are drawn)" : ""
        var head = text(
            20, 30, "\(title) — \(counted(count, "transition"))\(drawnNote)", size: 18, weight: "bold")
        head += legend(x: 20, y: 56)
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(f(width))" height="\(f(y))" viewBox="0 0 \(f(width)) \(f(y))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
            <rect x="0" y="0" width="\(f(width))" height="\(f(y))" fill="#ffffff"/>
            \(head)\(body)</svg>

            """
    }

    /// The legend row at (`x`, `y`).
    static func legend(x: Double, y: Double) -> String {
        var s = ""
        var cx = x
        s += rect(cx, y - 9, 28, 12, fill: measuredColor, extra: "fill-opacity=\"0.85\"")
        s += text(cx + 34, y + 1, "measured (start → completion)", size: 12)
        cx += 230
        s += rect(cx, y - 11, 28, 16, fill: "none", extra: "stroke=\"#222\" stroke-dasharray=\"4 3\"")
        s += text(cx + 34, y + 1, "requested", size: 12)
        cx += 110
        s += rect(cx, y - 9, 28, 12, fill: lateColor)
        s += text(cx + 34, y + 1, "past requested", size: 12)
        cx += 140
        s += line(cx + 4, y - 10, cx + 4, y + 4, stroke: "#222", width: 1.5)
        s += text(cx + 12, y + 1, "frame presented", size: 12)
        cx += 130
        s += line(cx + 4, y - 10, cx + 4, y + 4, stroke: hitchColor, width: 2.5)
        s += text(cx + 12, y + 1, "hitch (interval > 1.5 frames)", size: 12)
        cx += 210
        s += rect(cx, y - 9, 28, 12, fill: "#e4e4e4")
        s += text(cx + 34, y + 1, "scene on screen", size: 12)
        return s
    }

    /// One run's lanes and axis starting at `top`; returns the SVG, its width and height.
    static func runPanel(_ run: TimelineRun, document: TimelineDocument, top: Double, showName: Bool)
        -> (String, Double, Double)
    {
        let records = run.transitions
        var scenes: [String] = []
        for r in records {
            for name in [r.from, r.to] where !scenes.contains(name) { scenes.append(name) }
        }
        let spans = records.map { r in
            (r.start, max(r.completion ?? r.lastFrame ?? r.start, r.start + r.animatedDuration))
        }
        let axis = TimelineAxis(spans: spans, origin: left, widthLimit: TimelineAxis.maxWidth - left - right)
        let width = left + axis.width + right
        var s = ""
        var y = top
        if showName {
            s += text(
                20, y + 14, "\(run.name) (\(run.prototype), \(run.clock.rawValue) clock)", size: 13, weight: "bold")
            y += 24
        }
        let lanesTop = y
        func laneMid(_ scene: String) -> Double {
            lanesTop + (Double(scenes.firstIndex(of: scene) ?? 0) + 0.5) * laneHeight
        }
        for (i, scene) in scenes.enumerated() {
            let ly = lanesTop + Double(i) * laneHeight
            s += rect(left, ly, axis.width, laneHeight, fill: i % 2 == 0 ? "#f7f8fa" : "#ffffff")
            s += text(left - 12, ly + laneHeight / 2 + 4, scene, size: 13, anchor: "end")
        }
        let lanesBottom = lanesTop + Double(scenes.count) * laneHeight
        // Cuts in the axis.
        for (a, b) in zip(axis.segments, axis.segments.dropFirst()) {
            let cx = a.x + (a.end - a.start) * axis.pixelsPerSecond + axis.breakWidth / 2
            s += rect(
                cx - axis.breakWidth / 2 + 4, lanesTop, axis.breakWidth - 8, lanesBottom - lanesTop, fill: "#ffffff")
            // Cuts narrowed to fit thousands of transitions have no room for their labels.
            guard axis.breakWidth >= 24 else { continue }
            s += text(cx, lanesBottom + 18, "≈", size: 14, fill: "#888", anchor: "middle")
            s += text(
                cx, lanesTop - 4, "+\(formatNumber(b.start - a.end, decimals: 1)) s", size: 10, fill: "#888",
                anchor: "middle")
        }
        // Scene on screen, inferred from the transitions.
        var cursor = axis.segments.first?.start ?? 0
        let end = axis.segments.last?.end ?? 0
        for r in records {
            s += band(axis, r.from, cursor, r.start, laneMid(r.from))
            cursor = r.completion ?? end
        }
        if let last = records.last, last.completion != nil { s += band(axis, last.to, cursor, end, laneMid(last.to)) }
        // Axis.
        s += line(left, lanesBottom, left + axis.width, lanesBottom, stroke: "#444", width: 1)
        let ticks = axis.ticks()
        for t in ticks.times {
            let x = axis.x(t)
            s += line(x, lanesTop, x, lanesBottom, stroke: "#dde1e6", width: 1)
            s += line(x, lanesBottom, x, lanesBottom + 5, stroke: "#444", width: 1)
            s += text(
                x, lanesBottom + 18, formatNumber(t, decimals: 3) + " s", size: 11, fill: "#333", anchor: "middle")
        }
        for (i, r) in records.enumerated() {
            // Room for the label: up to the next transition drawn in the same lane.
            let next = records[(i + 1)...].first { $0.to == r.to }.map { axis.x($0.start) }
            let room = (next ?? left + axis.width + right) - axis.x(r.start) - 10
            s += transitionBars(
                r, axis: axis, fromMid: laneMid(r.from), toMid: laneMid(r.to), nominal: document.nominalFrameTime,
                factor: document.hitchFactor, labelRoom: room)
        }
        // Hot reloads (`play`): a dashed purple line across the lanes (in a cut of the axis
        // when the reload fell in idle time, as it mostly does).
        for event in run.events where event.type == "reload" {
            let x = axis.x(event.time)
            s +=
                "<line class=\"reload\" x1=\"\(f(x))\" y1=\"\(f(lanesTop))\" x2=\"\(f(x))\" y2=\"\(f(lanesBottom))\" "
                + "stroke=\"\(reloadColor)\" stroke-width=\"2.0\" stroke-dasharray=\"5 3\"/>\n"
            s += text(x, lanesTop + 12, "reload", size: 10, fill: reloadColor, weight: "bold", anchor: "middle")
        }
        return (s, width, lanesBottom + 28 - top)
    }

    static func band(_ axis: TimelineAxis, _ scene: String, _ a: Double, _ b: Double, _ mid: Double) -> String {
        guard b > a else { return "" }
        let x0 = axis.x(a)
        let x1 = axis.x(b)
        return x1 - x0 < 0.5 ? "" : rect(x0, mid - 4, x1 - x0, 8, fill: "#e4e4e4", extra: "rx=\"3\"")
    }

    /// The label of a transition that fits in `room` pixels (12 px bold text, about 7.6 px
    /// per character): `push_left: 350 ms requested, 361 ms measured`, else `push_left 350 →
    /// 361 ms`, else `350 → 361 ms`.
    static func label(_ r: TransitionRecord, room: Double) -> String {
        let requested = TimingReport.ms(r.animatedDuration)
        let measured = r.measuredDuration.map { TimingReport.ms($0) }
        let kind = TimingReport.kindLabel(r)
        let candidates = [
            "\(kind): \(requested) ms requested, " + (measured.map { "\($0) ms measured" } ?? "still running"),
            "\(kind) \(requested) → " + (measured.map { "\($0) ms" } ?? "running"),
            "\(requested) → " + (measured.map { "\($0) ms" } ?? "…"),
        ]
        return candidates.first { Double($0.count) * 7.6 <= room } ?? candidates[candidates.count - 1]
    }

    /// The bars, outline, label (fitted to `labelRoom` pixels) and frame ticks of one transition.
    static func transitionBars(
        _ r: TransitionRecord, axis: TimelineAxis, fromMid: Double, toMid: Double, nominal: Double, factor: Double,
        labelRoom: Double = .infinity
    ) -> String {
        var s = "<g class=\"transition\" data-from=\"\(escape(r.from))\" data-to=\"\(escape(r.to))\">\n"
        let x0 = axis.x(r.start)
        let xEnd = axis.x(r.completion ?? r.lastFrame ?? r.start)
        let xRequested = axis.x(r.start + r.animatedDuration)
        s += rect(x0, fromMid - 7, max(xEnd - x0, 1), 14, fill: measuredColor, extra: "fill-opacity=\"0.22\" rx=\"2\"")
        s += rect(
            x0, toMid - 9, max(xEnd - x0, 1), 18, fill: measuredColor,
            extra: "fill-opacity=\"0.85\" rx=\"2\" class=\"measured\"")
        s += rect(
            x0, toMid - 13, max(xRequested - x0, 1), 26, fill: "none",
            extra: "stroke=\"#222\" stroke-width=\"1.2\" stroke-dasharray=\"4 3\" class=\"requested\"")
        if let completion = r.completion, completion > r.start + r.animatedDuration + 0.0005 {
            s += rect(
                xRequested, toMid - 9, max(xEnd - xRequested, 1), 18, fill: lateColor,
                extra: "fill-opacity=\"0.9\" class=\"late\"")
        }
        let stats = r.stats
        s += text(x0, toMid - 18, label(r, room: labelRoom), size: 12, weight: "bold")
        let detail =
            counted(r.frameCount, "frame")
            + (stats.hitches > 0 ? ", \(counted(stats.hitches, "hitch", "hitches"))" : "")
        s += text(x0, toMid + 27, detail, size: 10, fill: stats.hitches > 0 ? hitchColor : "#555")
        let threshold = nominal * factor
        var previous: Double?
        for frame in r.frames {
            let t = frame.presented
            let x = axis.x(t)
            let hitch = previous.map { t - $0 > threshold } ?? false
            if hitch, let p = previous {
                let px = axis.x(p)
                s += rect(px, toMid - 9, x - px, 18, fill: hitchColor, extra: "fill-opacity=\"0.8\" class=\"hitch\"")
            }
            s += line(
                x, toMid + 9, x, toMid + (hitch ? 20 : 16), stroke: hitch ? hitchColor : "#222",
                width: hitch ? 2.5 : 1.2)
            previous = t
        }
        return s + "</g>\n"
    }

    static func f(_ v: Double) -> String { String(format: "%.1f", v) }

    static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String, extra: String = "") -> String {
        "<rect x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(w))\" height=\"\(f(h))\" fill=\"\(fill)\" \(extra)/>\n"
    }

    static func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double) -> String {
        "<line x1=\"\(f(x1))\" y1=\"\(f(y1))\" x2=\"\(f(x2))\" y2=\"\(f(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(f(width))\"/>\n"
    }

    static func text(
        _ x: Double, _ y: Double, _ content: String, size: Double, fill: String = "#111", weight: String = "normal",
        anchor: String = "start"
    ) -> String {
        "<text x=\"\(f(x))\" y=\"\(f(y))\" font-size=\"\(f(size))\" fill=\"\(fill)\" font-weight=\"\(weight)\" text-anchor=\"\(anchor)\">\(escape(content))</text>\n"
    }

    /// Escapes `&`, `<`, `>`, `"` and `'` for XML text and attributes (see `XMLText`).
    public static func escape(_ text: String) -> String { XMLText.escape(text) }
}
