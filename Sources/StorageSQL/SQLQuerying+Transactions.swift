import Foundation
import PaymentCore
import Storage

extension SQLQuerying {
    func transaction(id: String, merchantId: String) async throws -> Transaction? {
        try await fetch(SQLTables.transactions, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)]).first
    }

    func followUps(of parentId: String, merchantId: String) async throws -> [Transaction] {
        try await fetch(
            SQLTables.transactions, where: SQLJobIndexes.followUpsOfParent, [.text(parentId), .text(merchantId)],
            orderBy: "created_at, id")
    }

    func pendingTransactions(updatedBefore cutoff: Date) async throws -> [Transaction] {
        try await fetch(
            SQLTables.transactions, where: SQLJobIndexes.pendingUpdatedBefore, [SQLValue.date(cutoff)], orderBy: "updated_at, id")
    }

    func authorizations(createdBefore cutoff: Date) async throws -> [Transaction] {
        try await fetch(
            SQLTables.transactions, where: SQLJobIndexes.authorizationsCreatedBefore, [SQLValue.date(cutoff)], orderBy: "created_at, id")
    }

    func achDebitsInClearing(submittedBefore cutoff: Date, limit: Int) async throws -> [Transaction] {
        try await fetch(
            SQLTables.transactions, where: SQLJobIndexes.achDebitsSettledBefore, [SQLValue.date(cutoff)],
            orderBy: "settled_at, id LIMIT \(max(0, limit))")
    }

    func paymentsAwaitingPIN(expiredBy date: Date) async throws -> [Transaction] {
        try await fetch(
            SQLTables.transactions, where: SQLJobIndexes.pinChallengesExpiredBy, [SQLValue.date(date)], orderBy: "pin_expires_at, id")
    }

    func transactions(_ query: TransactionQuery) async throws -> TransactionPage {
        var (from, condition, binds) = ("transactions", "", [SQLValue]())
        if let text = query.search {
            // Search text too short for a trigram and no amount finds nothing: no need to ask.
            guard let clause = session.textSearch.clause(text: text, amount: query.searchAmount) else { return TransactionPage(items: [], total: 0) }
            var others = query
            others.search = nil
            let (otherCondition, otherBinds) = SQLTransactionFilter.condition(of: others)
            (from, condition, binds) = session.textSearch.searched(condition: otherCondition, binds: otherBinds, clause: clause)
        } else {
            (condition, binds) = SQLTransactionFilter.condition(of: query)
        }
        // The kept counts answer the lists without a filter of rows (SQLite 34, PostgreSQL 28);
        // any other filter counts its rows, through the index its condition uses.
        let (countSQL, countBinds) = SQLTransactionFilter.keptCount(of: query)
            ?? ("SELECT COUNT(*) AS total FROM \(from) WHERE \(condition)", binds)
        let counted = try await session.rows(countSQL, countBinds)
        let total = try counted.first.map { try SQLRowReader($0, table: "transactions").int("total") } ?? 0

        let window = query.pageWindow
        let items = try await fetch(
            SQLTables.transactions, where: condition,
            binds + [SQLValue.integer(window.limit), SQLValue.integer(window.offset)],
            orderBy: "\(SQLTransactionFilter.order(of: query)) LIMIT ? OFFSET ?", from: from)
        return TransactionPage(items: items, total: total)
    }
}
