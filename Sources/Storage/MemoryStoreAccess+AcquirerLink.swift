import Foundation

// What the ISO 8583 acquirer link keeps: trace number counters.
extension MemoryStoreWriter {
    func reserveTraceNumbers(terminalId: String, count: Int) async throws -> Int64 {
        TraceNumberBlock.requireValid(count)
        return try change { $0.reserveTraceNumbers(terminalId: terminalId, count: count) }
    }
}

extension MemoryStoreState {
    mutating func reserveTraceNumbers(terminalId: String, count: Int) -> Int64 {
        let first = nextTraceNumbers[terminalId] ?? TraceNumberBlock.firstNumber
        nextTraceNumbers[terminalId] = first + Int64(count)
        return first
    }
}
