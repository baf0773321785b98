import Foundation
import Storage

// What the ISO 8583 acquirer link keeps: trace number counters.
extension SQLWriter {
    // One statement that creates the counter or moves it on, so two writers (two instances on
    // PostgreSQL) never read the same value: the second waits on the row the first changed
    // and moves it on from there.
    func reserveTraceNumbers(terminalId: String, count: Int) async throws -> Int64 {
        TraceNumberBlock.requireValid(count)
        let size = Int64(count)
        let rows = try await session.rows(
            """
            INSERT INTO trace_number_blocks (terminal_id, next_number) VALUES (?, ?) \
            ON CONFLICT (terminal_id) DO UPDATE SET next_number = trace_number_blocks.next_number + ? \
            RETURNING next_number
            """,
            [.text(terminalId), .integer(TraceNumberBlock.firstNumber + size), .integer(size)],
            subject: "trace numbers of terminal \(terminalId)")
        guard let row = rows.first else { throw StoreError.corrupt("trace_number_blocks: no counter came back for a reservation") }
        return try SQLRowReader(row, table: "trace_number_blocks").int64("next_number") - size
    }
}
