import Foundation
import PaymentCore
import Storage

extension SQLQuerying {
    func transaction(id: String, merchantId: String) async throws -> Transaction? {
        try await fetch(SQLTables.transactions, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)]).first
    }

    func followUps(of parentId: String, merchantId: String) async throws -> [Transaction] {
        try await fetch(
            SQLTables.transactions, where: "parent_id = ? AND merchant_id = ?", [.text(parentId), .text(merchantId)],
            orderBy: "created_at, id")
    }

    func pendingTransactions(updatedBefore cutoff: Date) async throws -> [Transaction] {
        try await fetch(
            SQLTables.transactions, where: "status = ? AND updated_at < ?",
            [.text(TransactionStatus.pending.rawValue), SQLValue.date(cutoff)], orderBy: "updated_at, id")
    }

    func authorizations(createdBefore cutoff: Date) async throws -> [Transaction] {
        try await fetch(
            SQLTables.transactions, where: "status = ? AND parent_id IS NULL AND created_at < ?",
            [.text(TransactionStatus.authorized.rawValue), SQLValue.date(cutoff)], orderBy: "created_at, id")
    }

    func achDebitsInClearing(submittedBefore cutoff: Date, limit: Int) async throws -> [Transaction] {
        try await fetch(
            SQLTables.transactions, where: "type = ? AND status = ? AND settled_at < ?",
            [.text(TransactionType.achDebit.rawValue), .text(TransactionStatus.inProgress.rawValue), SQLValue.date(cutoff)],
            orderBy: "settled_at, id LIMIT \(max(0, limit))")
    }

    func paymentsAwaitingPIN(expiredBy date: Date) async throws -> [Transaction] {
        try await fetch(
            SQLTables.transactions, where: "status = ? AND pin_expires_at <= ?",
            [.text(TransactionStatus.pinRequired.rawValue), SQLValue.date(date)], orderBy: "pin_expires_at, id")
    }

    func transactions(_ query: TransactionQuery) async throws -> TransactionPage {
        let (condition, binds) = SQLTransactionFilter.condition(of: query)
        let counted = try await session.rows("SELECT COUNT(*) AS total FROM transactions WHERE \(condition)", binds)
        let total = try counted.first.map { try SQLRowReader($0, table: "transactions").int("total") } ?? 0

        let direction = query.ascending ? "ASC" : "DESC"
        // NULL sorts below every value, as on the memory store: SQLite's default, and
        // PostgreSQL's (which sorts NULL above) once told.
        let nulls = query.ascending ? "NULLS FIRST" : "NULLS LAST"
        let tieBreak = "created_at \(direction), id \(direction)"
        let order = Self.column(ordering: query.orderBy).map { "\($0) \(direction) \(nulls), \(tieBreak)" } ?? tieBreak
        let window = query.pageWindow
        let items = try await fetch(
            SQLTables.transactions, where: condition,
            binds + [SQLValue.integer(window.limit), SQLValue.integer(window.offset)],
            orderBy: "\(order) LIMIT ? OFFSET ?")
        return TransactionPage(items: items, total: total)
    }

    /// The column behind each order, nil for keys every row shares (the tie-break decides);
    /// the only way a query chooses SQL text.
    private static func column(ordering order: TransactionQuery.Order) -> String? {
        switch order {
        case .date: return "created_at"
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
