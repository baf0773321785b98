import PaymentCore
import Storage

/// A batch's totals counted from its members (``BatchTotals``, the same lines the stores
/// keep for an open batch): net per currency, per card brand and per kind of movement.
/// A close counts them this way, from the members it settles.
struct BatchSummary {
    let totals: BatchTotals

    /// Throws when a total would not fit Int64. Each member is at most
    /// ``Money/largestMinorUnits``, so that takes some 90 million of the largest payments in
    /// one batch; the check makes it an error instead of a crash or a wrong total.
    init(members: [Transaction]) throws {
        do {
            totals = try BatchTotals(members: members)
        } catch StoreError.batchTotalsTooLarge {
            throw GatewayFailure.batchTotalsTooLarge
        }
    }

    /// Writes the totals onto `batch`.
    func apply(to batch: inout Batch) {
        totals.apply(to: &batch)
    }

    /// `a + b`, or an error instead of a crash when the total would not fit Int64.
    static func sum(_ a: Int64, _ b: Int64) throws -> Int64 {
        do {
            return try BatchTotals.sum(a, b)
        } catch StoreError.batchTotalsTooLarge {
            throw GatewayFailure.batchTotalsTooLarge
        }
    }
}
