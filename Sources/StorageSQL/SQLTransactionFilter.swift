import Foundation
import PaymentCore
import Storage

/// The WHERE clause of a transaction list, apart from its order and page, so a test can ask
/// the database how it would run it (which index).
package enum SQLTransactionFilter {
    /// The WHERE clause of a query: fixed SQL fragments, every value bound.
    package static func condition(of query: TransactionQuery) -> (String, [SQLValue]) {
        var clauses = ["merchant_id = ?"]
        var binds: [SQLValue] = [.text(query.merchantId)]
        func add(_ clause: String, _ value: SQLValue) {
            clauses.append(clause)
            binds.append(value)
        }
        if let method = query.createMethod { add("create_method = ?", SQLValue.integer(method.rawValue)) }
        if let creator = query.createdById { add("created_by_id = ?", .text(creator)) }
        if let reference = query.referenceId { add("reference_id = ?", .text(reference)) }
        if let batch = query.batchId { add("batch_id = ?", .text(batch)) }
        if query.noBatch == true { clauses.append("settled_at IS NULL") }
        if let status = query.status { add("status = ?", .text(status.rawValue)) }
        if let type = query.type { add("type = ?", .text(type.rawValue)) }
        if query.originalsOnly { clauses.append("parent_id IS NULL") }
        if let least = query.minAmount { add("amount >= ?", SQLValue.integer(least)) }
        if let most = query.maxAmount { add("amount <= ?", SQLValue.integer(most)) }
        if let digits = query.lastFour, digits.count == 4, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) {
            // Digits only, so the pattern has no wildcard of the client's.
            clauses.append("(masked_pan LIKE ? OR bank_account_masked LIKE ?)")
            binds += [.text("%" + digits), .text("%" + digits)]
        }
        // Ranges, not LIKE, so each is one index range (the id's key; the merchant's traces).
        if let prefix = query.idPrefix, TransactionQuery.isIdPrefix(prefix) {
            clauses.append("id >= ? AND id < ?")
            binds += [.text(prefix), .text(prefix + TransactionQuery.prefixRangeEnd)]
        }
        if let stan = query.stan, TransactionQuery.isSTAN(stan) {
            clauses.append("processor_trace IS NOT NULL AND processor_trace >= ? AND processor_trace < ?")
            binds += [.text(stan), .text(stan + TransactionQuery.prefixRangeEnd)]
        }
        if let text = query.search {
            clauses.append("(id = ? OR reference_id = ? OR customer_name = ? OR customer_email = ?)")
            binds += Array(repeating: .text(text), count: 4)
        }
        if let from = query.createdFrom { add("created_at >= ?", SQLValue.date(from)) }
        if let to = query.createdTo { add("created_at < ?", SQLValue.date(to)) }
        return (clauses.joined(separator: " AND "), binds)
    }
}
