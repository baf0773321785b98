import Storage

/// How a store finds ``TransactionQuery/search`` text through its trigram index (SQLite's
/// FTS5 table, PostgreSQL's `pg_trgm` column): the clause and its binds.
package enum SQLTextSearch: Sendable {
    /// SQLite 36: `transaction_search`, keyed through `transaction_search_keys`.
    case fts5
    /// PostgreSQL 31: `transactions.search_words` under a GIN trigram index.
    case trigramLike

    /// The FROM and WHERE of a search's list and count, given the list's other conditions
    /// and the search's ``clause(text:amount:)``. Either way the plan must start from the
    /// search's matches: walking the merchant's rows in date order and testing each, which
    /// both databases otherwise choose for a page of 25, reads all 100,000 of them when few
    /// match (SQLite 24 ms, PostgreSQL 284 ms, against a few). SQLite is told to find the
    /// rows by id (the primary key's index, fed by the FTS5 matches); on PostgreSQL the
    /// search is a subquery of its own (`OFFSET 0` keeps it from being merged into the
    /// outer query), planned without the page's LIMIT, so through the trigram index.
    package func searched(condition: String, binds: [SQLValue], clause: (String, [SQLValue])) -> (from: String, where: String, binds: [SQLValue]) {
        switch self {
        case .fts5:
            return ("transactions INDEXED BY sqlite_autoindex_transactions_1", "\(condition) AND \(clause.0)", binds + clause.1)
        case .trigramLike:
            return ("(SELECT * FROM transactions WHERE \(clause.0) OFFSET 0) AS transactions", condition, clause.1 + binds)
        }
    }

    /// The clause matching `text` (from ``TransactionQuery/searchMinimum`` characters) or the
    /// amount; nil when neither can match anything.
    package func clause(text: String, amount: Int64?) -> (String, [SQLValue])? {
        let words = text.count >= TransactionQuery.searchMinimum ? [text.lowercased()] : []
        let phrases = words + (amount.map { ["¤\($0)¤"] } ?? [])
        guard !phrases.isEmpty else { return nil }
        switch self {
        case .fts5:
            // One MATCH: each phrase quoted (a quote inside doubled), the phrases OR'ed.
            let match = phrases.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " OR ")
            return ("id IN (SELECT id FROM transaction_search_keys WHERE key IN "
                + "(SELECT rowid FROM transaction_search WHERE transaction_search MATCH ?))", [.text(match)])
        case .trigramLike:
            // The text's own % _ and \ escaped, so only the added % are wildcards.
            let patterns = phrases.map { phrase in
                "%" + phrase.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                    .replacingOccurrences(of: "_", with: "\\_") + "%"
            }
            return ("(" + patterns.map { _ in "search_words LIKE ?" }.joined(separator: " OR ") + ")", patterns.map { .text($0) })
        }
    }
}
