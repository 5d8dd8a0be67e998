/// A star rating in a recording: its scene and accessibility label.
struct RatingKey: Hashable, Sendable {
    var scene: String
    var label: String
}

/// A scroll region in a recording: its scene, whether it is the landscape variant's, the
/// session's key for its offset, and its geometry.
struct ScrollRegionRef {
    var scene: String
    var landscape: Bool
    var key: String
    var geometry: ScrollGeometry
}

/// What `ScriptRecorder` holds back until the next line: scroll bursts and star-rating values.
///
/// Scroll offsets are not timeline events (the wheel calls `Session.scroll(by:)`), so the
/// recorder compares each scroll scene's offset with the offset its script has reached and
/// writes the difference as one `scroll` line, rounded to 0.1 point; the script's own offset
/// follows the rounded amounts (clamped as a replay clamps), so rounding never adds up.
extension ScriptRecorder {
    /// Writes the pending scroll bursts, then the star-rating values stepped but not committed.
    func flushPending(_ session: Session) {
        flushScroll(session)
        flushRatings(session)
        flushTexts(session)
    }

    /// Notes whether a scroll offset changed since the last frame; once the offsets have
    /// rested `scrollBurstGap` seconds with no finger down, the burst is written.
    ///
    /// The rest is the sum of the frame intervals (session clock, seconds) since the last change,
    /// each capped at `restPerFrameLimit`: the player takes input once a frame, so a frame that
    /// came late (the machine loaded) only proves the user rested for as long as an on-time
    /// frame would have; wheel notches the player could not read meanwhile stay in the burst.
    /// (QA: under load, 30 notches 0.1 s apart were written as 27 `scroll` lines.)
    func noteScrollBurst(_ session: Session) {
        let interval = lastObserved.map { min(max(session.now - $0, 0), Self.restPerFrameLimit) } ?? 0
        lastObserved = session.now
        scrollRest += interval
        for region in scrollRegions(session) {
            let offset = session.scrollOffset(region.scene, landscape: region.landscape)
            if seenOffsets[region.key] != offset {
                seenOffsets[region.key] = offset
                scrollRest = 0
            }
        }
        if fingerDown { scrollRest = 0 }
        if scrollRest >= Self.scrollBurstGap - 1e-9 { flushScroll(session) }
    }

    /// One `scroll("down" | "up", points)` line per scroll region whose offset differs from the
    /// script's by half a point or more. A scene's portrait and landscape regions keep their own
    /// offsets, so a scroll made before turning the device is written before the `rotate`.
    func flushScroll(_ session: Session) {
        for region in scrollRegions(session) {
            let written = scriptOffsets[region.key] ?? 0
            let delta = session.scrollOffset(region.scene, landscape: region.landscape) - written
            let amount = (abs(delta) * 10).rounded() / 10
            guard abs(delta) >= 0.5 else { continue }
            lines.append("scroll(\(delta > 0 ? "\"down\"" : "\"up\""), \(formatNumber(amount, decimals: 1)))")
            scriptOffsets[region.key] = region.geometry.clamp(written + (delta > 0 ? amount : -amount))
        }
    }

    /// Every scroll region of the prototype (in scene order, portrait before landscape), with
    /// the session's key for its offset.
    private func scrollRegions(_ session: Session) -> [ScrollRegionRef] {
        var regions: [ScrollRegionRef] = []
        for scene in session.prototype.orderedScenes {
            for landscape in [false, true] {
                guard let g = session.prototype.scrollGeometry(scene.name, landscape: landscape),
                    !regions.contains(where: { $0.key == session.scrollKey(scene.name, landscape: landscape) })
                else { continue }
                regions.append(
                    ScrollRegionRef(
                        scene: scene.name, landscape: landscape,
                        key: session.scrollKey(scene.name, landscape: landscape),
                        geometry: g))
            }
        }
        return regions
    }

    /// A star rating's new stored value: a commit (`changed`: a release or Return) becomes
    /// `rate`, anything else waits in `pendingValues`.
    func noteRating(_ key: RatingKey, value: Double, committed: Bool, _ session: Session) {
        pendingValues.removeAll { $0.key == key }
        guard committed else {
            pendingValues.append((key, value))
            return
        }
        flushPending(session)
        let label = Self.quote(key.label)
        if abs(scriptValue(key, session) - value) < 1e-9 {
            // The replay's control already shows `value`, where `rate` would do nothing: move it
            // away first, so the rate drag commits `value` (and fires on_change) as the designer's did.
            let away = rating(key, session).map { value == $0.minimum ? $0.maximum : $0.minimum } ?? 0
            lines.append("set_value(\(label), \(formatNumber(away, decimals: 4)))")
        }
        lines.append("rate(\(label), \(formatNumber(value, decimals: 4)))")
        scriptValues[key] = value
    }

    /// `set_value` for each stepped value the script does not hold yet. Values of a rating
    /// whose keyboard value is dropped later in the events being read (`droppingRatings`: its
    /// scene is being left before a commit) stay pending: the drop replaces them.
    func flushRatings(_ session: Session) {
        let pending = pendingValues.filter { !droppingRatings.contains($0.key) }
        pendingValues.removeAll { !droppingRatings.contains($0.key) }
        for (key, value) in pending where abs(scriptValue(key, session) - value) >= 1e-9 {
            lines.append("set_value(\(Self.quote(key.label)), \(formatNumber(value, decimals: 4)))")
            scriptValues[key] = value
        }
    }

    /// The value the script leaves the rating at: the last written one, else its initial value.
    private func scriptValue(_ key: RatingKey, _ session: Session) -> Double {
        if let value = scriptValues[key] { return value }
        guard let element = ratingElement(key, session), let rating = element.control?.starRating else { return 0 }
        return StarRatingTracker(rating, frame: element.frame).value
    }

    private func rating(_ key: RatingKey, _ session: Session) -> StarRating? {
        ratingElement(key, session)?.control?.starRating
    }

    /// The star-rating element `key` names (portrait elements first, then landscape ones).
    private func ratingElement(_ key: RatingKey, _ session: Session) -> Element? {
        guard let scene = session.scene(key.scene) else { return nil }
        return (scene.elements + (scene.design.landscape?.elements ?? [])).first {
            $0.label == key.label && $0.control?.starRating != nil
        }
    }
}
