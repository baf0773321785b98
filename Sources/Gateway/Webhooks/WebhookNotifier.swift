import Foundation

/// Wakes the delivery worker when the outbox gains deliveries, so a webhook leaves at once
/// instead of at the next poll. Pokes are coalesced: many payments wake the worker once.
public final class WebhookNotifier: Sendable {
    private let continuation: AsyncStream<Void>.Continuation
    /// One element per wake-up (at most one waits).
    let wakes: AsyncStream<Void>

    public init() {
        (wakes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Says there is work. Called from inside the write that added it: the worker's claim is
    /// itself a write and the stores run writes one at a time, so the claim sees the commit
    /// (a rolled-back write only costs an empty pass).
    func poke() {
        continuation.yield()
    }

    /// Ends the wakes: the worker finishes the pass it is in, then returns (the gateway is stopping).
    func finish() {
        continuation.finish()
    }

    deinit {
        continuation.finish()
    }
}
