import Foundation
import GatewayAPI
import HTTPTypes
import PaymentCore
import Processing
import Testing

/// One Idempotency-Key, two instances: the key's row is unique per merchant in the shared
/// database, so whichever instance inserts it first runs the payment and the other one
/// replays it or answers that it is in progress; the processor is asked once.
@Suite("Two instances: one Idempotency-Key", .serialized, .enabled(if: TwoInstanceFleet.enabled, TwoInstanceFleet.skipped))
struct TwoInstanceIdempotencyTests {
    static let key = HTTPField.Name(APIHeader.idempotencyKey)!
    static let replayed = HTTPField.Name(APIHeader.idempotentReplayed)!

    /// Twenty keys, each sent to both instances at the same moment.
    @Test func theSameKeyOnBothInstancesAtOnceChargesOnce() async throws {
        let processor = SimulatedProcessor()
        try await TwoInstanceFleet.run(processor: processor) { fleet in
            try await fleet.test { first, second in
                let keys = (0..<20).map { "order-\($0)" }
                let pairs = try await withThrowingTaskGroup(of: (String, TestReply, TestReply).self) { group in
                    for (index, key) in keys.enumerated() {
                        let body = TestSession.cardBody(amount: 1_000 + Int64(index))
                        group.addTask {
                            async let onA = first.send(.post, APIPath.sale, json: body, headers: [Self.key: key])
                            async let onB = second.send(.post, APIPath.sale, json: body, headers: [Self.key: key])
                            return (key, try await onA, try await onB)
                        }
                    }
                    return try await group.reduce(into: [String: (TestReply, TestReply)]()) { $0[$1.0] = ($1.1, $1.2) }
                }

                var charged: [String: String] = [:]
                for key in keys {
                    let (a, b) = try #require(pairs[key])
                    for reply in [a, b] {
                        #expect(reply.status == 201 || (reply.status == 409 && reply.error?.code == "idempotency_key_in_use"),
                                "\(key): \(reply.status) \(reply.text)")
                    }
                    let answers = [a, b].filter { $0.status == 201 }
                    #expect(!answers.isEmpty, "\(key): one of the two ran the sale")
                    let ids = Set(try answers.map { try $0.decode(TransactionResource.self).id })
                    #expect(ids.count == 1, "\(key): both answers name one transaction")
                    charged[key] = ids.first
                }

                // One authorization per key at the processor, one transaction per key in the database.
                let authorizations = await processor.calls.filter { $0.operation == .authorize }
                #expect(authorizations.count == keys.count)
                #expect(Set(authorizations.map(\.transactionId)) == Set(charged.values))
                let list = try await first.send(.get, APIPath.transactions + "?pageSize=100").decode(TransactionList.self)
                #expect(list.total == keys.count)

                // A later retry on either instance gets the final answer.
                for key in keys {
                    let index = try #require(keys.firstIndex(of: key))
                    let body = TestSession.cardBody(amount: 1_000 + Int64(index))
                    for session in [first, second] {
                        let retry = try await session.send(.post, APIPath.sale, json: body, headers: [Self.key: key])
                        #expect(retry.status == 201, "\(key): \(retry.text)")
                        #expect(retry.headers[Self.replayed] == "true")
                        let replayed = try retry.decode(TransactionResource.self)
                        #expect(replayed.id == charged[key])
                        #expect(replayed.status == .captured)
                    }
                }
            }
        }
    }

    /// Held in phase 2 on one instance, the key answers 409 in progress on the other; once
    /// the first finishes, the other replays its answer.
    @Test func aDuplicateOnTheOtherInstanceWhileTheFirstRunsIsInProgressThenReplays() async throws {
        let processor = GatedProcessor()
        var configuration = TwoInstanceFleet.configuration
        configuration.processorTimeout = .seconds(600)  // as GatewayConfiguration.holdingTheProcessor
        try await TwoInstanceFleet.run(processor: processor, configuration: configuration) { fleet in
            try await fleet.test { first, second in
                let body = TestSession.cardBody(amount: 4_200)
                let running = Task { try await first.send(.post, APIPath.sale, json: body, headers: [Self.key: "held"]) }
                var entered = processor.entered.makeAsyncIterator()
                _ = await entered.next()

                let duplicate = try await second.send(.post, APIPath.sale, json: body, headers: [Self.key: "held"])
                #expect(duplicate.status == 409)
                #expect(duplicate.error?.code == "idempotency_key_in_use")

                processor.open()
                let answer = try await running.value
                #expect(answer.status == 201)
                let retry = try await second.send(.post, APIPath.sale, json: body, headers: [Self.key: "held"])
                #expect(retry.status == 201)
                #expect(retry.headers[Self.replayed] == "true")
                #expect(retry.body == answer.body)
                let calls = await processor.inner.calls.filter { $0.operation == .authorize }
                #expect(calls.count == 1)
            }
        }
    }
}
