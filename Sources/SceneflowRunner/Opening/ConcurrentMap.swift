/// `items.map(transform)` with the calls spread over every core (`ParallelWork`, which does
/// without threads it cannot get); the results keep the items' order. For work that is
/// independent per item and much longer than a thread hand-off, such as decoding images.
enum ConcurrentMap {
    /// The transformed items, in order. `transform` runs concurrently on several threads.
    static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        guard items.count > 1 else { return items.map(transform) }
        let results = Results<R>(count: items.count)
        ParallelWork.perform(iterations: items.count) { index in
            results.set(index, transform(items[index]))
        }
        results.collect()
        return results.values.map { $0! }
    }

    /// One slot per item; each index is written by exactly one iteration, and read only after
    /// `ParallelWork.perform` returns (its threads are joined, which orders the writes before
    /// the reads).
    private final class Results<R>: @unchecked Sendable {
        var values: [R?]
        private let base: UnsafeMutableBufferPointer<R?>
        init(count: Int) {
            base = .allocate(capacity: count)
            base.initialize(repeating: nil)
            values = []
        }
        func set(_ index: Int, _ value: R) { base[index] = value }
        deinit {
            base.deinitialize()
            base.deallocate()
        }
        /// Moves the slots into `values`.
        func collect() { values = Array(base) }
    }
}
