import Foundation
import PaymentCore
import Storage
import Testing
import TestSupport

/// Work queued with `afterCommit` runs once the write has committed, on every store: it can
/// read what the write wrote, and it never runs for a write that rolled back.
@Suite("Store contract: after commit")
struct StoreAfterCommitContractTests {
    @Test(arguments: StoreFactories.all)
    func queuedWorkRunsAfterTheCommitAndSeesTheRows(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let ran = LockedCount()
            try await store.write { writer in
                try await writer.insert(Fixtures.merchant(id: "m_1"))
                writer.afterCommit { ran.add() }
                writer.afterCommit { ran.add() }
                #expect(ran.value == 0, "nothing runs before the commit")
            }
            #expect(ran.value == 2)
            #expect(try await store.read { try await $0.merchant(id: "m_1") } != nil)
        }
    }

    @Test(arguments: StoreFactories.all)
    func aWriteThatRollsBackRunsNothing(_ factory: StoreFactory) async throws {
        try await factory.withStore { store in
            let ran = LockedCount()
            await #expect(throws: DeliberateFailure.self) {
                try await store.write { writer in
                    try await writer.insert(Fixtures.merchant(id: "m_1"))
                    writer.afterCommit { ran.add() }
                    throw DeliberateFailure()
                }
            }
            #expect(ran.value == 0)
        }
    }
}

/// A counter the after-commit closures bump.
final class LockedCount: Sendable {
    private let box = Mutexed(0)
    var value: Int { box.get() }
    func add() { box.update { $0 += 1 } }
}

/// The smallest lock the test needs (TestSupport has no public one).
final class Mutexed<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.lock(); defer { lock.unlock() }; return value }
    func update(_ body: (inout Value) -> Void) { lock.lock(); defer { lock.unlock() }; body(&value) }
}
