import Foundation
import HTTPTypes
import GatewayAPI
import Hummingbird
import PaymentCore
import Testing

@Suite("Idempotency-Key and concurrency")
struct IdempotencyRouteTests {
    static let key = HTTPField.Name(APIHeader.idempotencyKey)!
    static let replayed = HTTPField.Name(APIHeader.idempotentReplayed)!

    @Test func sameKeySameRequestReplaysWithoutASecondCharge() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let body = TestSession.cardBody(amount: 1_234)
            let first = try await session.send(.post, APIPath.sale, json: body, headers: [Self.key: "order-42"])
            let second = try await session.send(.post, APIPath.sale, json: body, headers: [Self.key: "order-42"])
            #expect(first.status == 201)
            #expect(second.status == 201)
            #expect(second.body == first.body)
            #expect(second.headers[Self.replayed] == "true")
            #expect(first.headers[Self.replayed] == nil)
            let id = try first.decode(TransactionResource.self).id
            #expect(await harness.processor.approvalCount(transactionId: id) == 1)
            #expect(try await session.send(.get, APIPath.transactions).decode(TransactionList.self).total == 1)
        }
    }

    @Test func sameKeyDifferentRequestIs422() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            _ = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(amount: 100), headers: [Self.key: "k1"])
            let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(amount: 200), headers: [Self.key: "k1"])
            #expect(reply.status == 422)
            #expect(reply.error?.code == "idempotency_key_mismatch")
        }
    }

    @Test func keysArePerMerchant() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let body = TestSession.cardBody(amount: 100)
            let mine = try await session.send(.post, APIPath.sale, json: body, headers: [Self.key: "shared"])
            let other = try await harness.otherMerchantToken(session.client)
            let theirs = try await session.send(.post, APIPath.sale, json: body, token: other, headers: [Self.key: "shared"])
            #expect(theirs.status == 201)
            #expect(theirs.headers[Self.replayed] == nil)
            #expect(try theirs.decode(TransactionResource.self).id != mine.decode(TransactionResource.self).id)
        }
    }

    @Test func aValidationErrorDoesNotBurnTheKey() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let bad = try await session.send(.post, APIPath.sale, json: #"{"amount":0}"#, headers: [Self.key: "retry-me"])
            #expect(bad.status == 400)
            let good = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(), headers: [Self.key: "retry-me"])
            #expect(good.status == 201)
        }
    }

    @Test func processorFailureIsReplayedUnderTheSameKey() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let body = TestSession.cardBody(pan: "4000000000000119")
            let first = try await session.send(.post, APIPath.sale, json: body, headers: [Self.key: "fail-once"])
            let second = try await session.send(.post, APIPath.sale, json: body, headers: [Self.key: "fail-once"])
            #expect(first.status == 502)
            #expect(second.status == 502)
            #expect(second.body == first.body)
        }
    }

    @Test func tooLongKeyIs400() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(), headers: [Self.key: String(repeating: "k", count: 256)])
            #expect(reply.status == 400)
            #expect(reply.error?.field == "Idempotency-Key")
        }
    }

    @Test func duplicateWhileTheFirstIsRunningIs409() async throws {
        let processor = GatedProcessor()
        let harness = try await GatewayHarness.make(processor: processor, configuration: .holdingTheProcessor)
        try await harness.test { (session: TestSession) async throws in
            let body = TestSession.cardBody()
            async let first = session.send(.post, APIPath.sale, json: body, headers: [Self.key: "busy"])
            var entered = processor.entered.makeAsyncIterator()
            _ = await entered.next()
            let second = try await session.send(.post, APIPath.sale, json: body, headers: [Self.key: "busy"])
            #expect(second.status == 409)
            #expect(second.error?.code == "idempotency_key_in_use")
            processor.open()
            #expect(try await first.status == 201)
        }
    }

    @Test func twentyConcurrentRefundsNeverExceedTheCapture() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let sale = try await session.pay(amount: 10_000)
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await session.followUp(sale.id, .refund, json: #"{"amount":1000}"#).status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 10)
            #expect(statuses.filter { $0 == 409 }.count == 10)
            let payment = try await session.send(.get, APIPath.transaction(sale.id)).decode(TransactionResource.self)
            #expect(payment.amounts?.refunded == 10_000)
            #expect(payment.status == .refunded)
            #expect(payment.operations?.filter { $0.status == .approved }.count == 10)
        }
    }
}
