/// ``SimulatedProcessor``'s call log: the latest `capacity` calls, oldest first. A ring that
/// overwrites its oldest call once full, so a simulator that runs for ever (`tapline serve`)
/// keeps a fixed amount while a test still sees every call it made.
struct CallLog: Sendable {
    let capacity: Int
    private var ring: [ProcessorCall] = []
    /// Where the oldest call is once the ring is full.
    private var oldest = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
        ring.reserveCapacity(min(self.capacity, 1_024))
    }

    mutating func append(_ call: ProcessorCall) {
        guard capacity > 0 else { return }
        guard ring.count == capacity else {
            ring.append(call)
            return
        }
        ring[oldest] = call
        oldest = (oldest + 1) % capacity
    }

    /// The calls kept, oldest first.
    var calls: [ProcessorCall] { Array(ring[oldest...] + ring[..<oldest]) }
}
