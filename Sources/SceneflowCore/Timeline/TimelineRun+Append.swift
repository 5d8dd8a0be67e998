extension TimelineRun {
    /// This run followed by `later`, whose times (clock seconds from its own zero) are moved
    /// `offset` seconds on, taken to whole clock ticks (`ClockTicks`) so that the shifted
    /// times are the ones one clock running through both would have read. `sceneflow test`
    /// starts each test's clock at 0 and joins the tests of a file this way for `--timeline`.
    public func appending(_ later: TimelineRun, shiftedBy offset: Double) -> TimelineRun {
        let ticks = ClockTicks.ticks(offset)
        let shift = { (time: Double) in time.isFinite ? ClockTicks.seconds(ClockTicks.ticks(time) + ticks) : time }
        var run = self
        run.events += later.events.map {
            var entry = $0
            entry.time = shift(entry.time)
            return entry
        }
        run.transitions += later.transitions.map {
            var record = $0
            record.start = shift(record.start)
            record.completion = record.completion.map(shift)
            record.frames = record.frames.map {
                var frame = $0
                frame.clock = shift(frame.clock)
                return frame
            }
            return record
        }
        return run
    }
}
