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

    /// The columns ``sqliteWords(_:)`` reads: an update that sets none of them leaves the
    /// words alone (SQLite's update trigger watches these, its 41).
    package static let sqliteWordColumns = [
        "id", "reference_id", "customer_name", "customer_email", "processor_authorization_code", "masked_pan",
        "bank_account_masked", "amount", "authorized_amount",
    ]

    /// ``TransactionQuery/searchWords(_:)`` in SQLite's SQL, of the row `prefix` names
    /// (`new.`): the tokenizer folds case, so the words need no `lower`.
    package static func sqliteWords(_ prefix: String) -> String {
        let text = ["id", "reference_id", "customer_name", "customer_email", "processor_authorization_code"]
            .map { "coalesce(\(prefix)\($0), '')" }
        let lastFour = "coalesce(substr(coalesce(\(prefix)masked_pan, \(prefix)bank_account_masked), -4), '')"
        let amounts = "'¤' || \(prefix)amount || '¤ ¤' || \(prefix)authorized_amount || '¤'"
        return "(" + (text + [lastFour, amounts]).joined(separator: " || ' ' || ") + ")"
    }

    /// The clause matching `text` (from ``TransactionQuery/searchMinimum`` characters) or the
    /// amount; nil when neither can match anything.
    package func clause(text: String, amount: Int64?) -> (String, [SQLValue])? {
        let words = text.count >= TransactionQuery.searchMinimum ? [text.lowercased()] : []
        let phrases = words + (amount.map { ["¤\($0)¤"] } ?? [])
        guard !phrases.isEmpty else { return nil }
        switch self {
        case .fts5:
            // One MATCH: each phrase quoted (a quote inside doubled), the phrases OR'ed. The
            // rows noted but not indexed yet (payments waiting for the processor, see
            // `SQLiteSearchIndex`) are a handful: their words are matched as they are.
            let match = phrases.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }.joined(separator: " OR ")
            let patterns = Self.likePatterns(phrases)
            let noted = "(SELECT transaction_search_keys.id FROM transaction_search_pending "
                + "CROSS JOIN transaction_search_keys ON transaction_search_keys.key = transaction_search_pending.key "
                + "CROSS JOIN transactions AS noted ON noted.id = transaction_search_keys.id WHERE "
                + patterns.map { _ in "\(Self.sqliteWords("noted.")) LIKE ? ESCAPE '\\'" }.joined(separator: " OR ") + ")"
            return ("(id IN (SELECT id FROM transaction_search_keys WHERE key IN "
                + "(SELECT rowid FROM transaction_search WHERE transaction_search MATCH ?)) OR id IN \(noted))",
                [.text(match)] + patterns.map { .text($0) })
        case .trigramLike:
            let patterns = Self.likePatterns(phrases)
            return ("(" + patterns.map { _ in "search_words LIKE ?" }.joined(separator: " OR ") + ")", patterns.map { .text($0) })
        }
    }

    /// `%phrase%` for LIKE, the phrase's own `%`, `_` and `\` escaped, so only the added `%`
    /// are wildcards.
    static func likePatterns(_ phrases: [String]) -> [String] {
        phrases.map { phrase in
            "%" + phrase.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
                .replacingOccurrences(of: "_", with: "\\_") + "%"
        }
    }
}
