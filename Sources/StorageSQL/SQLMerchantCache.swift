import PaymentCore
import Storage

/// Each merchant's row and live webhook endpoints as writes last read them, so the writes of
/// a payment (its settings, its events' deliveries) do not read and decode them again.
///
/// An entry is used only under the merchant's current cache token, which a write reads from
/// `merchant_cache_tokens`: one indexed row, read once per write and merchant
/// (``SQLWriteTokens``). Database triggers give the merchant a new random token whenever its
/// row or one of its endpoints changes, whoever changes it: this process, another instance
/// on PostgreSQL, another process on the SQLite file. So a cached value is exactly what the
/// write would have read, on both stores, with no timer and no signal to miss.
///
/// The token is read before the rows it labels: rows read after it are at least as new, so a
/// value is never kept under a token older than itself. A value kept under an older token than
/// the one a later write reads is simply read again.
package final class SQLMerchantCache: Sendable {
    /// Merchants kept at most; past it an arbitrary entry makes room (a platform with more
    /// active merchants than this reads some of them again, as it did before the cache).
    package static let defaultLimit = 4_096

    private struct Entry {
        var token: Int64
        /// Read and found (`.some(merchant)`) or read and missing (`.some(nil)`).
        var merchant: Merchant??
        var endpoints: [WebhookEndpoint]?
    }

    private let entries = LockedBox([String: Entry]())
    private let limit: Int

    package init(limit: Int = SQLMerchantCache.defaultLimit) {
        precondition(limit > 0, "a cache keeps at least one merchant")
        self.limit = limit
    }

    /// The merchant kept under `token`: `.some(nil)` when it was read and not found, nil when
    /// nothing current is kept.
    func merchant(id: String, token: Int64) -> Merchant?? {
        entries.withLock { entries in entries[id].flatMap { $0.token == token ? $0.merchant : nil } }
    }

    /// The merchant's live endpoints kept under `token`, or nil.
    func endpoints(merchantId: String, token: Int64) -> [WebhookEndpoint]? {
        entries.withLock { entries in entries[merchantId].flatMap { $0.token == token ? $0.endpoints : nil } }
    }

    /// The merchant as the last write that read it found it, whatever its token now; nil when
    /// none is kept. For rendering a write's answer right after that write.
    package func lastWritten(id: String) -> Merchant? {
        entries.withLock { $0[id]?.merchant ?? nil }
    }

    func keep(_ merchant: Merchant?, id: String, token: Int64) {
        update(id, token: token) { $0.merchant = .some(merchant) }
    }

    func keep(_ endpoints: [WebhookEndpoint], merchantId: String, token: Int64) {
        update(merchantId, token: token) { $0.endpoints = endpoints }
    }

    /// How many merchants are kept (tests).
    package var count: Int {
        entries.withLock { $0.count }
    }

    private func update(_ id: String, token: Int64, _ change: (inout Entry) -> Void) {
        entries.withLock { entries in
            var entry = entries[id].flatMap { $0.token == token ? $0 : nil } ?? Entry(token: token)
            change(&entry)
            if entries[id] == nil, entries.count >= limit, let victim = entries.keys.first {
                entries[victim] = nil
            }
            entries[id] = entry
        }
    }
}
