@testable import ProcessingISO8583
import Testing

/// STANs: unique per terminal, reserved durably a block at a time, six digits, never 000000.
@Suite struct ISO8583TraceNumbersTests {
    @Test func numbersAreUniquePerTerminalAndReservedInBlocks() async throws {
        let source = MemoryTraceNumberSource()
        let numbers = ISO8583TraceNumbers(source: source, blockSize: 100)
        var seen = Set<String>()
        for _ in 0..<250 { seen.insert(try await numbers.next(terminalId: "T1")) }
        #expect(seen.count == 250)
        #expect(try await numbers.next(terminalId: "T2") == "000001")
        #expect(await source.reservations == 4)
    }

    @Test func concurrentCallersNeverShareANumber() async throws {
        let numbers = ISO8583TraceNumbers(source: MemoryTraceNumberSource(), blockSize: 7)
        let all = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<500 { group.addTask { try await numbers.next(terminalId: "T1") } }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(all).count == 500)
    }

    /// A restart reserves a new block: the numbers the old process had left are skipped.
    @Test func aRestartNeverReusesANumber() async throws {
        let source = MemoryTraceNumberSource()
        let before = ISO8583TraceNumbers(source: source, blockSize: 10)
        let first = try await before.next(terminalId: "T1")
        let after = ISO8583TraceNumbers(source: source, blockSize: 10)
        #expect(first == "000001")
        #expect(try await after.next(terminalId: "T1") == "000011")
    }

    @Test(arguments: [
        (Int64(1), "000001"), (999_999, "999999"), (1_000_000, "000001"), (0, "999999"), (Int64.max, "036043"),
    ])
    func stanWrapsAndIsNeverZero(number: Int64, stan: String) {
        #expect(ISO8583TraceNumbers.stan(number) == stan)
    }
}
