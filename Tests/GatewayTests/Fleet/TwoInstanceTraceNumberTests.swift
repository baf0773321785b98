import Foundation
@testable import Gateway
import ProcessingISO8583
import Testing
import TestSupport

/// Two instances share an acquirer terminal on one PostgreSQL database: under load, and
/// across the wrap from 999999 to 000001, no STAN is handed out twice for it.
@Suite("Two instances: STANs of a shared terminal", .serialized, .enabled(if: TwoInstanceFleet.enabled, TwoInstanceFleet.skipped))
struct TwoInstanceTraceNumberTests {
    @Test func noSTANIsHandedOutTwiceAcrossInstancesOrTheWrap() async throws {
        try await TwoInstanceFleet.run { fleet in
            // Small blocks, so the instances go back to the database often and race there.
            let a = ISO8583TraceNumbers(source: StoreTraceNumbers(store: fleet.a.store), blockSize: 7)
            let b = ISO8583TraceNumbers(source: StoreTraceNumbers(store: fleet.b.store), blockSize: 7)
            _ = try await fleet.store.reserveTraceNumbers(terminalId: "TERM0001", count: 999_000)
            let stans = try await withThrowingTaskGroup(of: [String].self) { group in
                for worker in 0..<8 {
                    let numbers = worker.isMultiple(of: 2) ? a : b
                    group.addTask {
                        var taken: [String] = []
                        for _ in 0..<150 { taken.append(try await numbers.next(terminalId: "TERM0001")) }
                        return taken
                    }
                }
                return try await group.reduce(into: [String]()) { $0 += $1 }
            }
            #expect(stans.count == 1_200)
            #expect(Set(stans).count == 1_200, "a STAN was handed out twice")
            // Numbers from both sides of the wrap. Not 999999 and 000001 themselves: an instance
            // whose workers finish early leaves the rest of its last block unused, and under load
            // that block can be the one holding either.
            #expect(stans.contains { $0 >= "999900" } && stans.contains { $0 <= "000100" }, "the run crossed the wrap")
            #expect(!stans.contains("000000"))
        }
    }
}
