import Foundation
import PaymentCore
import Storage

/// Payments as the API shows them, already encoded: the `transaction` of an event rendered
/// before its write (``WebhookPreparedEvents``), kept so the answer to the same request can
/// send the same bytes instead of encoding the payment again (encoding is the largest part of
/// a sale's CPU after SQLite). An answer takes the bytes only for the row and merchant they
/// were rendered from; anything else is encoded afresh.
final class EncodedTransactions: Sendable {
    /// Payments kept at most: one per request between its phase 3 and its answer, so about
    /// as many as requests in flight. Past it the memo starts again (a miss costs an
    /// encoding). Routes that answer in another shape (Halo, Koard) never take theirs: with
    /// 1,024 their leftovers held 3.8 MB after a load of taps (heaptrack), now under 1 MB.
    static let limit = 256

    private struct Entry {
        let transaction: Transaction
        let merchant: Merchant?
        let json: Data
    }

    private let entries = LockedBox([String: Entry]())

    func keep(_ transaction: Transaction, merchant: Merchant?, json: Data) {
        entries.withLock { entries in
            if entries.count >= Self.limit, entries[transaction.id] == nil { entries.removeAll(keepingCapacity: true) }
            entries[transaction.id] = Entry(transaction: transaction, merchant: merchant, json: json)
        }
    }

    /// The bytes kept for exactly `transaction` shown with `merchant`, which are then forgotten.
    func take(_ transaction: Transaction, merchant: Merchant?) -> Data? {
        entries.withLock { entries in
            guard let entry = entries.removeValue(forKey: transaction.id) else { return nil }
            return entry.transaction == transaction && entry.merchant == merchant ? entry.json : nil
        }
    }
}
