import Foundation
import GatewayAPI
import PaymentCore
import Storage

/// A change's events rendered and encoded before the write that records them
/// (``WebhookOutbox/prepare(before:after:operation:merchant:at:forAnswer:)``). Rendering and encoding are
/// most of an event's cost, and inside a write they would run on the store's one writer, where
/// every other write waits its turn. The write takes an event from here only when it is
/// rendered from exactly what the write found: the same payment after the change, the same
/// operation, the same merchant and time. Otherwise it renders its own, as it always did.
struct WebhookPreparedEvents: Sendable {
    struct Event: Sendable, Equatable {
        let id: String
        let payload: Data
        /// The payment as the payload shows it, encoded alone (nil for a batch's event).
        let transaction: Data?
    }

    let after: Transaction
    let operation: Transaction?
    let merchant: Merchant?
    let at: Date
    let events: [WebhookEventType: Event]

    /// The `type` event rendered from `payment`, `operation` and `merchant` at `now`, if it was prepared.
    func event(_ type: WebhookEventType, payment: Transaction, operation: Transaction?, merchant: Merchant?, at now: Date) -> Event? {
        guard let event = events[type], now == at, payment == after, operation == self.operation, merchant == self.merchant else {
            return nil
        }
        return event
    }
}
