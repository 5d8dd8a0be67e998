extension Session {
    /// The clock time (seconds) at which the current scene's timed action (`after` /
    /// `on_after`) is due; `now` when it is pending but not armed yet (the next step arms it);
    /// nil when none is pending. A window waiting for events wakes by then.
    public var timedActionDue: Double? {
        guard timedActionPending else { return nil }
        return design.timerDue ?? now
    }
}
