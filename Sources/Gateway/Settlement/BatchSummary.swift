import PaymentCore
import Storage

/// A batch's totals, counted from its members: net per currency, per card brand and per
/// kind of movement. Captured payments add what they captured, approved refunds subtract;
/// voided payments and capture rows (counted on their payment) add nothing.
struct BatchSummary {
    private(set) var transactionCount = 0
    private(set) var totals: [String: Int64] = [:]
    private var brands: [GroupKey: BatchSubtotal] = [:]
    private var types: [GroupKey: BatchSubtotal] = [:]

    /// Throws when a total would not fit Int64. Each member is at most
    /// ``Money/largestMinorUnits``, so that takes some 90 million of the largest payments in
    /// one batch; the check makes it an error instead of a crash or a wrong total.
    init(members: [Transaction]) throws {
        for member in members { try add(member) }
    }

    /// Brand lines, then type lines, sorted by name and currency so a listing is stable.
    var byCardBrand: [BatchSubtotal] { Self.sorted(brands) }
    var byType: [BatchSubtotal] { Self.sorted(types) }

    /// Writes the totals onto `batch`.
    func apply(to batch: inout Batch) {
        batch.transactionCount = transactionCount
        batch.totals = totals
        batch.byCardBrand = byCardBrand
        batch.byType = byType
    }

    private mutating func add(_ member: Transaction) throws {
        guard let (kind, amount) = Self.movement(member) else { return }
        let currency = member.currency.code
        transactionCount += 1
        totals[currency] = try Self.sum(totals[currency] ?? 0, amount)
        // An ACH transaction has no card: its line is "ach".
        let brand = member.bankAccount == nil ? member.card?.brand ?? "unknown" : "ach"
        try Self.add(amount, to: &brands, name: brand, currency: currency)
        try Self.add(amount, to: &types, name: kind, currency: currency)
    }

    /// `a + b`, or an error instead of a crash when the total would not fit Int64.
    static func sum(_ a: Int64, _ b: Int64) throws -> Int64 {
        let (result, overflow) = a.addingReportingOverflow(b)
        guard !overflow else {
            throw GatewayFailure.batchTotalsTooLarge
        }
        return result
    }

    /// What a member moves, and under which kind: a sale, a captured authorization
    /// ("capture"), an ACH debit ("achDebit"), or a refund (negative; "achRefund" for an ACH one).
    static func movement(_ member: Transaction) -> (kind: String, amount: Int64)? {
        switch (member.type, member.status) {
        case (.sale, .captured), (.sale, .refunded):
            return ("sale", member.capturedAmount)
        case (.authorization, .captured), (.authorization, .refunded):
            return ("capture", member.capturedAmount)
        case (.refund, .approved):
            return (member.bankAccount == nil ? "refund" : "achRefund", -member.amount)
        // A debit with its cancel in flight is not submitted with this batch (ACHSubmission).
        case (.achDebit, .scheduled) where member.pendingOperationId == nil:
            return ("achDebit", member.capturedAmount)
        // A returned debit (`chargedBack`) was submitted, so counted, by the close that settled
        // it: a batch's members read again later (its CSV) still count it there.
        case (.achDebit, .inProgress), (.achDebit, .cleared), (.achDebit, .refunded), (.achDebit, .chargedBack):
            return ("achDebit", member.capturedAmount)
        default:
            return nil
        }
    }

    private struct GroupKey: Hashable {
        var name: String
        var currency: String
    }

    private static func add(_ amount: Int64, to groups: inout [GroupKey: BatchSubtotal], name: String, currency: String) throws {
        let key = GroupKey(name: name, currency: currency)
        var line = groups[key] ?? BatchSubtotal(name: name, currency: currency, count: 0, amount: 0)
        line.count += 1
        line.amount = try sum(line.amount, amount)
        groups[key] = line
    }

    private static func sorted(_ groups: [GroupKey: BatchSubtotal]) -> [BatchSubtotal] {
        groups.values.sorted { ($0.name, $0.currency) < ($1.name, $1.currency) }
    }
}
