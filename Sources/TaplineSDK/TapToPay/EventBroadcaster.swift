import Foundation
import PaymentCore

/// Hands each event to every open stream, in the order sent. Streams buffer without limit
/// so a slow reader of events never blocks a payment.
final class EventBroadcaster<Event: Sendable>: Sendable {
    private let subscribers = LockedBox<[UUID: AsyncStream<Event>.Continuation]>([:])

    func stream() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: id) }
        }
        return stream
    }

    func send(_ event: Event) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(event) }
    }

    deinit {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.finish() }
    }
}
