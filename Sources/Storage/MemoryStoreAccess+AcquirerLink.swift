import Foundation

// What the ISO 8583 acquirer link keeps: trace number counters and the reversal queue.
extension MemoryStoreQuerying {
    func pendingReversal(id: String) async throws -> PendingReversal? {
        try withState { $0.pendingReversals[id] }
    }

    func duePendingReversals(at date: Date, processorId: String, limit: Int) async throws -> [PendingReversal] {
        try withState { $0.duePendingReversals(at: date, processorId: processorId, limit: limit) }
    }
}

extension MemoryStoreWriter {
    func reserveTraceNumbers(terminalId: String, count: Int) async throws -> Int64 {
        TraceNumberBlock.requireValid(count)
        return try change { $0.reserveTraceNumbers(terminalId: terminalId, count: count) }
    }

    func enqueue(_ reversal: PendingReversal) async throws -> Bool {
        try change { try $0.enqueue(reversal) }
    }

    func recordReversalAttempt(id: String, nextAttemptAt: Date) async throws {
        try change { state in
            guard state.pendingReversals[id] != nil else { throw StoreError.notFound("pending reversal \(id)") }
            state.pendingReversals[id]?.attempts += 1
            state.pendingReversals[id]?.nextAttemptAt = nextAttemptAt
        }
    }

    func deletePendingReversal(id: String) async throws -> Bool {
        try change { $0.pendingReversals.removeValue(forKey: id) != nil }
    }
}

extension MemoryStoreState {
    mutating func reserveTraceNumbers(terminalId: String, count: Int) -> Int64 {
        let first = nextTraceNumbers[terminalId] ?? TraceNumberBlock.firstNumber
        nextTraceNumbers[terminalId] = first + Int64(count)
        return first
    }

    mutating func enqueue(_ reversal: PendingReversal) throws -> Bool {
        guard pendingReversals[reversal.id] == nil else { return false }
        // The SQL stores' foreign key to the merchant.
        guard merchants[reversal.merchantId] != nil else {
            throw StoreError.notFound("merchant \(reversal.merchantId) referenced by pending reversal \(reversal.id)")
        }
        pendingReversals[reversal.id] = reversal
        return true
    }

    func duePendingReversals(at date: Date, processorId: String, limit: Int) -> [PendingReversal] {
        Array(pendingReversals.values.filter { $0.nextAttemptAt <= date && $0.processorId == processorId }
            .sorted { a, b in
                if a.nextAttemptAt != b.nextAttemptAt { return a.nextAttemptAt < b.nextAttemptAt }
                return Self.oldestFirst((a.createdAt, a.id), (b.createdAt, b.id))
            }
            .prefix(max(0, limit)))
    }
}

// The reversal queue's lease, and the fleet's heartbeats.
extension MemoryStoreQuerying {
    func liveInstances(seenSince date: Date) async throws -> [GatewayInstance] {
        try withState { state in
            state.instances.values.filter { $0.seenAt >= date }.sorted { ($0.startedAt, $0.id) < ($1.startedAt, $1.id) }
        }
    }
}

extension MemoryStoreWriter {
    func claimPendingReversal(id: String, dueAt date: Date, until: Date) async throws -> Bool {
        try change { state in
            guard let reversal = state.pendingReversals[id], reversal.nextAttemptAt <= date else { return false }
            state.pendingReversals[id]?.nextAttemptAt = until
            return true
        }
    }

    func releasePendingReversal(id: String, dueAt date: Date) async throws {
        try change { state in state.pendingReversals[id]?.nextAttemptAt = date }
    }

    func recordHeartbeat(_ instance: GatewayInstance) async throws {
        try change { state in
            var beat = instance
            // The start is the first beat's: an instance cannot start again under its id.
            if let known = state.instances[instance.id] { beat.startedAt = known.startedAt }
            state.instances[instance.id] = beat
        }
    }

    func deleteInstances(seenBefore date: Date) async throws -> Int {
        try change { state in
            let old = state.instances.values.filter { $0.seenAt < date }.map(\.id)
            for id in old { state.instances.removeValue(forKey: id) }
            return old.count
        }
    }
}
