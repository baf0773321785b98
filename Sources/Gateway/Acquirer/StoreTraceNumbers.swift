import ProcessingISO8583
import Storage

/// STAN blocks from the gateway's database: one write per block, shared by every instance
/// on the database, so no two of them ever send the same STAN for a terminal.
struct StoreTraceNumbers: ISO8583TraceNumberSource {
    let store: any Store

    func reserve(terminalId: String, count: Int) async throws -> Int64 {
        try await store.reserveTraceNumbers(terminalId: terminalId, count: count)
    }
}
