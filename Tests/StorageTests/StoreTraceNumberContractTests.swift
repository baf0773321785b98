import Foundation
import Storage
import Testing
import TestSupport

/// Trace number blocks (the ISO 8583 link's STAN source), on every store: a terminal's
/// numbers start at 1 and only grow, blocks never overlap, not even when reserved at once,
/// and terminals count apart.
@Suite("Store contract: trace number blocks")
struct StoreTraceNumberContractTests {
    @Test(arguments: StoreFactories.all)
    func blocksStartAtOneAndFollowOneAnother(_ factory: StoreFactory) async throws {
        try await factory.withStore { (store: any Store) async throws in
            #expect(TraceNumberBlock.firstNumber == 1)
            #expect(try await store.reserveTraceNumbers(terminalId: "TERM0001", count: 10) == 1)
            #expect(try await store.reserveTraceNumbers(terminalId: "TERM0001", count: 1) == 11)
            #expect(try await store.reserveTraceNumbers(terminalId: "TERM0001", count: 5) == 12)
            // The largest block, then the next one right after it.
            #expect(try await store.reserveTraceNumbers(terminalId: "TERM0001", count: TraceNumberBlock.maxCount) == 17)
            #expect(try await store.reserveTraceNumbers(terminalId: "TERM0001", count: 1) == 17 + Int64(TraceNumberBlock.maxCount))
        }
    }

    @Test(arguments: StoreFactories.all)
    func terminalsCountApart(_ factory: StoreFactory) async throws {
        try await factory.withStore { (store: any Store) async throws in
            #expect(try await store.reserveTraceNumbers(terminalId: "T1", count: 100) == 1)
            // "" is the link's own counter for network messages; ids differ byte for byte.
            for terminal in ["T2", "", "t1", "T1-"] {
                #expect(try await store.reserveTraceNumbers(terminalId: terminal, count: 3) == 1, "\(terminal)")
            }
            #expect(try await store.reserveTraceNumbers(terminalId: "T1", count: 1) == 101)
            #expect(try await store.reserveTraceNumbers(terminalId: "", count: 1) == 4)
        }
    }

    @Test(arguments: StoreFactories.all)
    func severalReservationsInOneWriteFollowOneAnother(_ factory: StoreFactory) async throws {
        try await factory.withStore { (store: any Store) async throws in
            let firsts = try await store.write { writer in
                [
                    try await writer.reserveTraceNumbers(terminalId: "T1", count: 2),
                    try await writer.reserveTraceNumbers(terminalId: "T1", count: 3),
                    try await writer.reserveTraceNumbers(terminalId: "T2", count: 1),
                ]
            }
            #expect(firsts == [1, 3, 1])
            #expect(try await store.reserveTraceNumbers(terminalId: "T1", count: 1) == 6)
        }
    }

    /// Numbers are handed out when the write commits: a write that fails gives its block back,
    /// which is why a caller reserves in a write of its own.
    @Test(arguments: StoreFactories.all)
    func aWriteThatFailsReservesNothing(_ factory: StoreFactory) async throws {
        try await factory.withStore { (store: any Store) async throws in
            #expect(try await store.reserveTraceNumbers(terminalId: "T1", count: 5) == 1)
            await #expect(throws: DeliberateFailure.self) {
                try await store.write { writer in
                    #expect(try await writer.reserveTraceNumbers(terminalId: "T1", count: 10) == 6)
                    throw DeliberateFailure()
                }
            }
            #expect(try await store.reserveTraceNumbers(terminalId: "T1", count: 1) == 6)
        }
    }

    @Test(arguments: StoreFactories.all)
    func reservationsAtOnceNeverOverlap(_ factory: StoreFactory) async throws {
        try await factory.withStore { (store: any Store) async throws in
            let blocks = try await Self.reserveAtOnce(on: [store, store, store, store], terminalId: "TERM0001")
            #expect(blocks.count == 4 * 25)
            Self.expectDisjointAndContiguous(blocks)
        }
    }

    /// `stores[i]` reserves 25 blocks of 1 to 7 numbers, all stores at once; every block, sorted.
    static func reserveAtOnce(on stores: [any Store], terminalId: String) async throws -> [ClosedRange<Int64>] {
        try await withThrowingTaskGroup(of: [ClosedRange<Int64>].self) { group in
            for (index, store) in stores.enumerated() {
                group.addTask {
                    var blocks: [ClosedRange<Int64>] = []
                    for round in 0..<25 {
                        let count = 1 + (index * 3 + round) % 7
                        let first = try await store.reserveTraceNumbers(terminalId: terminalId, count: count)
                        blocks.append(first...(first + Int64(count) - 1))
                    }
                    return blocks
                }
            }
            var all: [ClosedRange<Int64>] = []
            for try await blocks in group { all += blocks }
            return all.sorted { $0.lowerBound < $1.lowerBound }
        }
    }

    /// Sorted blocks that share no number and leave no gap, from 1 on.
    static func expectDisjointAndContiguous(_ blocks: [ClosedRange<Int64>], sourceLocation: SourceLocation = #_sourceLocation) {
        var next = TraceNumberBlock.firstNumber
        for block in blocks {
            guard block.lowerBound == next else {
                Issue.record("block \(block) after \(next - 1): \(block.lowerBound < next ? "overlap" : "gap")", sourceLocation: sourceLocation)
                return
            }
            next = block.upperBound + 1
        }
    }
}
