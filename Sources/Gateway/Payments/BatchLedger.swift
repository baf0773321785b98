import Foundation
import Storage

/// Every captured payment and every refund joins its merchant's open batch.
enum BatchLedger {
    /// The id of the merchant's open batch, opening one if there is none. A merchant has at
    /// most one open batch (a unique index): when another instance opened one first, this
    /// insert is a duplicate and the batch it opened is joined instead.
    static func openBatchId(merchantId: String, in writer: any StoreWriter, now: Date, makeId: () -> String) async throws -> String {
        if let open = try await writer.openBatchId(merchantId: merchantId) { return open }
        let batch = Batch(id: makeId(), merchantId: merchantId, openedAt: now)
        do {
            try await writer.insert(batch)
            return batch.id
        } catch StoreError.duplicate {
            guard let open = try await writer.openBatchId(merchantId: merchantId) else { throw StoreError.duplicate("batch \(batch.id)") }
            return open
        }
    }
}
