import CardData
import Foundation
import Gateway
import GatewayAPI
import Storage
import Testing
import TestSupport

/// A store whose writes fail with an error the gateway does not anticipate, after `healthyWrites`.
final class FailingWritesStore: Store {
    let inner = MemoryStore()
    private let remaining: Locked<Int>

    struct Broken: Error {}

    init(healthyWrites: Int) { remaining = Locked(healthyWrites) }

    func breakNow() { remaining.withLock { $0 = 0 } }

    func write<T: Sendable>(_ body: @Sendable (any StoreWriter) async throws -> T) async throws -> T {
        let healthy = remaining.withLock { count -> Bool in
            guard count > 0 else { return false }
            count -= 1
            return true
        }
        guard healthy else { throw Broken() }
        return try await inner.write(body)
    }

    func read<T: Sendable>(_ body: @Sendable (any StoreReader) async throws -> T) async throws -> T { try await inner.read(body) }
    func close() async throws { try await inner.close() }
}

@Suite("Halo routes: failures and key rotation")
struct HaloFailureTests {
    @Test func anUnexpectedFailureIsTheDocumented500AndSaysNothingMore() async throws {
        let store = FailingWritesStore(healthyWrites: .max)
        let harness = try await GatewayHarness.make(store: store)
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sealed = try session.tap()
            store.breakNow()
            let reply = try await session.apple(sealed)
            #expect(reply.status == 500)
            #expect(try reply.decode(HaloServerError.self) == HaloServerError(error: "Internal server error"))
            #expect(reply.text == #"{"error":"Internal server error"}"#)
            // The canonical API keeps its own envelope for the same failure.
            let v1 = try await session.send(.post, APIPath.sale, json: TestSession.cardBody())
            #expect(v1.status == 500)
            #expect(v1.error?.code == "internal_error")
        }
    }

    @Test func aPayloadSealedToThePreviousKeyStillOpensAfterARotation() async throws {
        let before = GatewayKeys.generate()
        let rotated = before.rotatingCardKey()
        let harness = try await GatewayHarness.make(keys: rotated)
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let old = session.reader(sealingTo: before.cardDataKeys.current.sealingKey)
            let sealed = try old.tap(readAt: harness.clock.now())
            #expect(try await session.apple(sealed).status == 200)
            // A key two rotations old is gone.
            let older = session.reader(sealingTo: OpeningKey.generate(keyId: "tck_0000000000000000").sealingKey)
            let refused = try await session.apple(try older.tap(readAt: harness.clock.now()))
            #expect(refused.error?.code == "card_data_unknown_key")
        }
    }
}
