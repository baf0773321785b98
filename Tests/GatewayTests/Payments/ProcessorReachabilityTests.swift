import Foundation
import GatewayAPI
import HTTPTypes
import Processing
import TestSupport
import Testing

/// A processor that cannot be reached (an acquirer link with no connection up): payments
/// are refused at once with 503 before anything is written, and readiness says so.
@Suite struct ProcessorReachabilityTests {
    @Test func readinessIsReadyWithTheSimulator() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            let reply = try await session.client.execute(uri: APIPath.ready, method: .get) { response in
                TestReply(status: Int(response.status.code), headers: response.headers, body: Data(buffer: response.body))
            }
            #expect(reply.status == 200)
            #expect(try reply.decode(ReadinessResponse.self) == ReadinessResponse(ready: true))
        }
    }

    @Test func unreachableProcessorRefusesEveryPaymentRouteBeforeWriting() async throws {
        let processor = SwitchableProcessor()
        let harness = try await GatewayHarness.make(processor: processor)
        try await harness.test { (session: TestSession) async throws in
            let paid = try await session.pay("authorization")
            processor.setReachable(false)
            let ready = try await session.client.execute(uri: APIPath.ready, method: .get) { response in
                TestReply(status: Int(response.status.code), headers: response.headers, body: Data(buffer: response.body))
            }
            #expect(ready.status == 503)
            #expect(try ready.decode(ReadinessResponse.self) == ReadinessResponse(ready: false))

            let key: HTTPFields = [HTTPField.Name(APIHeader.idempotencyKey)!: "down-1"]
            let sale = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(), headers: key)
            #expect(sale.status == 503)
            #expect(sale.error?.code == "processor_unavailable")
            #expect(sale.error?.transactionId == nil)
            let capture = try await session.followUp(paid.id, .capture, json: #"{"amount":10000}"#)
            #expect(capture.status == 503 && capture.error?.code == "processor_unavailable")
            // Nothing was written: only the first authorization exists, still authorized.
            let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
            #expect(list.items.map(\.id) == [paid.id])
            #expect(list.items.first?.status == .authorized)

            // Back up: the same key is free and the sale goes through.
            processor.setReachable(true)
            let retried = try await session.send(.post, APIPath.sale, json: TestSession.cardBody(), headers: key)
            #expect(retried.status == 201)
        }
    }
}

/// The simulator behind a reachability switch.
final class SwitchableProcessor: PaymentProcessor {
    let inner = SimulatedProcessor()
    private let reachable = Locked(true)

    func setReachable(_ value: Bool) { reachable.withLock { $0 = value } }
    var isReachable: Bool { reachable.withLock { $0 } }
    var identity: ProcessorIdentity { .simulator }

    func authorize(_ request: AuthorizationRequest) async throws(ProcessorError) -> ProcessorResponse { try await inner.authorize(request) }
    func followUp(_ operation: ProcessorOperation, _ request: FollowUpProcessorRequest) async throws(ProcessorError) -> ProcessorResponse {
        try await inner.followUp(operation, request)
    }
    func lookup(transactionId: String) async throws(ProcessorError) -> ProcessorResponse? { try await inner.lookup(transactionId: transactionId) }
    func cancel(transactionId: String) async throws(ProcessorError) { try await inner.cancel(transactionId: transactionId) }
}
