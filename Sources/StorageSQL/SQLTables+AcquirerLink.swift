import Foundation
import Storage

extension SQLTables {
    /// The acquirer link's reversal queue (SQLite migration 14, PostgreSQL migration 8; the owing link's `processor_id` since 31 and 25). The
    /// message is the link's opaque text; it never holds card data (see ``PendingReversal``).
    static let pendingReversals = SQLTable<PendingReversal>("pending_reversals", key: ["id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "terminal_id") { .text($0.terminalId) },
        Column(name: "message") { .text($0.message) },
        Column(name: "attempts") { SQLValue.integer($0.attempts) },
        Column(name: "created_at") { SQLValue.date($0.createdAt) },
        Column(name: "next_attempt_at") { SQLValue.date($0.nextAttemptAt) },
        Column(name: "processor_id") { .text($0.processorId) },
    ]) { row in
        PendingReversal(
            id: try row.text("id"), merchantId: try row.text("merchant_id"), terminalId: try row.text("terminal_id"),
            message: try row.text("message"), attempts: try row.int("attempts"), createdAt: try row.date("created_at"),
            nextAttemptAt: try row.date("next_attempt_at"), processorId: try row.text("processor_id"))
    }
}

extension SQLQuerying {
    func pendingReversal(id: String) async throws -> PendingReversal? {
        try await fetch(SQLTables.pendingReversals, where: "id = ?", [.text(id)]).first
    }

    // Claimed in a write as due webhook deliveries are (see `SQLDialect.deliveryClaim`).
    func duePendingReversals(at date: Date, processorId: String, limit: Int) async throws -> [PendingReversal] {
        try await fetch(
            SQLTables.pendingReversals, where: "next_attempt_at <= ? AND processor_id = ?",
            [SQLValue.date(date), .text(processorId), SQLValue.integer(max(0, limit))],
            orderBy: "next_attempt_at, created_at, id LIMIT ?", lock: deliveryClaim)
    }
}
