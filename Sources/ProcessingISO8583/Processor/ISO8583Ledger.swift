import PaymentCore
import Processing

/// What the processor remembers per transaction id, in memory and bounded: the decisions
/// it got (a repeated request gets the same answer, `lookup` finds it) and the last request
/// it sent, stripped of card data, so `cancel` can name it in a reversal.
final class ISO8583Ledger: Sendable {
    struct Entry: Sendable {
        /// Only the fields a reversal repeats (3, 4, 7, 11, 32, 37, 41, 42, 49): no card data.
        var lastSent: ISO8583Message?
        /// Tapline's merchant the request was for.
        var merchantId: String?
        /// By PIN try (0 without a PIN).
        var decisions: [Int: ProcessorResponse] = [:]
        var latest: ProcessorResponse?
        var isReversed = false
    }

    private struct State: Sendable {
        var entries: [String: Entry] = [:]
        var order = RecencyOrder<String>()
    }

    private static let reversalFields = [3, 4, 7, 11, 32, 37, 41, 42, 49]
    private let capacity: Int
    private let state = LockedBox(State())

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    func decision(_ transactionId: String, attempt: Int) -> ProcessorResponse? {
        state.withLock { $0.entries[transactionId]?.decisions[attempt] }
    }

    func entry(_ transactionId: String) -> Entry? {
        state.withLock { $0.entries[transactionId] }
    }

    func recordSent(_ transactionId: String, _ message: ISO8583Message, merchantId: String) {
        var kept = ISO8583Message(mti: message.mti)
        for field in Self.reversalFields { kept.fields[field] = message.fields[field] }
        update(transactionId) {
            $0.lastSent = kept
            $0.merchantId = merchantId
        }
    }

    func recordDecision(_ transactionId: String, attempt: Int, _ response: ProcessorResponse) {
        update(transactionId) {
            $0.decisions[attempt] = response
            $0.latest = response
        }
    }

    func markReversed(_ transactionId: String) {
        update(transactionId) { $0.isReversed = true }
    }

    private func update(_ transactionId: String, _ change: (inout Entry) -> Void) {
        let capacity = capacity
        state.withLock { state in
            change(&state.entries[transactionId, default: Entry()])
            state.order.use(transactionId)
            while state.entries.count > capacity, let oldest = state.order.removeOldest() {
                state.entries[oldest] = nil
            }
        }
    }
}
