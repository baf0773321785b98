import Foundation
import Storage

extension SQLTables {
    /// The fleet's heartbeats (SQLite migration 29, PostgreSQL migration 23).
    static let gatewayInstances = SQLTable<GatewayInstance>("gateway_instances", key: ["id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "started_at") { SQLValue.date($0.startedAt) },
        Column(name: "seen_at") { SQLValue.date($0.seenAt) },
    ]) { row in
        GatewayInstance(id: try row.text("id"), startedAt: try row.date("started_at"), seenAt: try row.date("seen_at"))
    }
}

extension SQLQuerying {
    func liveInstances(seenSince date: Date) async throws -> [GatewayInstance] {
        try await fetch(SQLTables.gatewayInstances, where: "seen_at >= ?", [SQLValue.date(date)], orderBy: "started_at, id")
    }
}

// The heartbeats, and the reversal queue's lease.
extension SQLWriter {
    func recordHeartbeat(_ instance: GatewayInstance) async throws {
        // One statement, so a first beat racing nothing and a later one are the same write;
        // the start stays the first beat's.
        try await session.run(
            """
            INSERT INTO gateway_instances (id, started_at, seen_at) VALUES (?, ?, ?) \
            ON CONFLICT (id) DO UPDATE SET seen_at = excluded.seen_at
            """,
            [.text(instance.id), SQLValue.date(instance.startedAt), SQLValue.date(instance.seenAt)],
            subject: "gateway instance \(instance.id)")
    }

    func deleteInstances(seenBefore date: Date) async throws -> Int {
        try await session.rows("DELETE FROM gateway_instances WHERE seen_at < ? RETURNING 1 AS deleted", [SQLValue.date(date)]).count
    }

    // The condition is in the UPDATE, so of two instances claiming at once the second finds
    // it no longer due (PostgreSQL re-checks it on the row the first changed).
    func claimPendingReversal(id: String, dueAt date: Date, until: Date) async throws -> Bool {
        try await !session.rows(
            "UPDATE pending_reversals SET next_attempt_at = ? WHERE id = ? AND next_attempt_at <= ? RETURNING 1 AS claimed",
            [SQLValue.date(until), .text(id), SQLValue.date(date)], subject: "pending reversal \(id)").isEmpty
    }

    func releasePendingReversal(id: String, dueAt date: Date) async throws {
        try await session.run(
            "UPDATE pending_reversals SET next_attempt_at = ? WHERE id = ?",
            [SQLValue.date(date), .text(id)], subject: "pending reversal \(id)")
    }
}
