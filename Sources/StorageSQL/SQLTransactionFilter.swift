import Foundation
import PaymentCore
import Storage

/// The WHERE clause of a transaction list, apart from its order and page, so a test can ask
/// the database how it would run it (which index).
package enum SQLTransactionFilter {
    /// The WHERE clause of a query: fixed SQL fragments, every value bound.
    package static func condition(of query: TransactionQuery, search: SQLTextSearch = .fts5) -> (String, [SQLValue]) {
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
            // Text too short for a trigram and no amount: nothing matches.
            let (clause, values) = search.clause(text: text, amount: query.searchAmount) ?? ("FALSE", [])
            clauses.append(clause)
            binds += values
        }
        if let from = query.createdFrom { add("created_at >= ?", SQLValue.date(from)) }
        if let to = query.createdTo { add("created_at < ?", SQLValue.date(to)) }
        return (clauses.joined(separator: " AND "), binds)
    }

    /// The query's count from the kept `transaction_counts` lines (a few rows per merchant),
    /// when it filters by nothing but status, type and originals only; nil for any other
    /// filter, which counts its rows. Decided by comparing with the same query rebuilt from
    /// those three alone, so a filter added to ``TransactionQuery`` later counts its rows
    /// until it is taught here.
    package static func keptCount(of query: TransactionQuery) -> (String, [SQLValue])? {
        var plain = TransactionQuery(merchantId: query.merchantId)
        (plain.page, plain.pageSize, plain.orderBy, plain.ascending) = (query.page, query.pageSize, query.orderBy, query.ascending)
        (plain.status, plain.type, plain.originalsOnly) = (query.status, query.type, query.originalsOnly)
        guard plain == query else { return nil }
        var clauses = ["merchant_id = ?"]
        var binds: [SQLValue] = [.text(query.merchantId)]
        if query.originalsOnly { clauses.append("original = 1") }
        if let status = query.status {
            clauses.append("status = ?")
            binds.append(.text(status.rawValue))
        }
        if let type = query.type {
            clauses.append("type = ?")
            binds.append(.text(type.rawValue))
        }
        let sql = "SELECT CAST(COALESCE(SUM(count), 0) AS BIGINT) AS total FROM transaction_counts WHERE "
            + clauses.joined(separator: " AND ")
        return (sql, binds)
    }

    /// The ORDER BY of a query's page, its tie-break (date, then id) last.
    package static func order(of query: TransactionQuery) -> String {
        let direction = query.ascending ? "ASC" : "DESC"
        // NULL sorts below every value, as on the memory store: SQLite's default, and
        // PostgreSQL's (which sorts NULL above) once told.
        let nulls = query.ascending ? "NULLS FIRST" : "NULLS LAST"
        let tieBreak = "created_at \(direction), id \(direction)"
        return Self.column(ordering: query.orderBy).map { "\($0) \(direction) \(nulls), \(tieBreak)" } ?? tieBreak
    }

    /// The column behind each order, nil for keys every row shares and for the date (the
    /// tie-break decides); the only way a query chooses SQL text. By date the tie-break alone:
    /// `created_at` twice made SQLite 3.54 sort all of the merchant's rows instead of walking
    /// `(merchant_id, created_at, id)` for a page.
    private static func column(ordering order: TransactionQuery.Order) -> String? {
        switch order {
        case .date: return nil
        case .totalAmount: return "amount"
        case .status: return "status"
        case .id: return "id"
        case .customerPan: return "masked_pan"
        case .customerName: return "customer_name"
        case .type: return "type"
        case .operationMode: return "card_entry_mode"
        case .customerCompany: return "contact_company_name"
        // ARISE numbers a card 1 and an electronic check 2: card rows first when ascending.
        case .paymentMethodType: return "(bank_routing_number IS NOT NULL)"
        case .cardTokenType, .merchant: return nil
        }
    }
}
