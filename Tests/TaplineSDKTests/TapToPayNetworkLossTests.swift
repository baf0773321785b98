import Foundation
import GatewayAPI
import Storage
@testable import TaplineSDK
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A network that loses what a test tells it to, counting what reached the gateway.
final class LossyNetwork: @unchecked Sendable {
    enum Loss { case answer, request }
    private let lock = NSLock()
    private var pending: [String: Loss] = [:]
    private var sent: [String] = []

    /// Loses the next POST whose path ends with `suffix`.
    func lose(_ loss: Loss, onPOST suffix: String) { lock.withLock { pending[suffix] = loss } }
    func posts(to path: String) -> Int { lock.withLock { sent.filter { $0 == path }.count } }

    func intercept(_ request: URLRequest, _ exchange: HTTPTransport.Exchange) async throws -> (Data, URLResponse) {
        let path = request.url?.path ?? ""
        let loss: Loss? = request.httpMethod == "POST" ? lock.withLock {
            pending.keys.first(where: path.hasSuffix).flatMap { pending.removeValue(forKey: $0) }
        } : nil
        if loss == .request { throw URLError(.networkConnectionLost) }
        if request.httpMethod == "POST" { lock.withLock { sent.append(path) } }
        let reply = try await exchange(request)
        if loss == .answer { throw URLError(.timedOut) }
        return reply
    }
}

@Suite("Tap to Pay when the network loses a payment's request or answer")
struct TapToPayNetworkLossTests {
    static func run(_ body: @escaping @Sendable (TaplineClient, LossyNetwork, LiveGateway) async throws -> Void) async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let network = LossyNetwork()
            var configuration = TaplineConfiguration(tokenStore: MemoryTokenStore(), cardReader: SimulatedCardReader())
            configuration.interceptor = { request, exchange in try await network.intercept(request, exchange) }
            let client = TaplineClient(environment: environment, configuration: configuration)
            try await client.authenticate(clientId: gateway.clientId, clientSecret: gateway.clientSecret)
            try await client.ttp.activate()
            try await client.ttp.prepare()
            try await body(client, network, gateway)
        }
    }

    @Test func aLostAnswerIsFoundByItsReferenceAndTheReadIsSentOnce() async throws {
        try await Self.run { client, network, gateway in
            network.lose(.answer, onPOST: APIPath.sale)
            let result = try await client.ttp.performTransaction(amount: 15.00)
            #expect(result.status == .approved)
            #expect(network.posts(to: APIPath.sale) == 1)
            let stored = try await gateway.store.read { try await $0.transactions(TransactionQuery(merchantId: gateway.merchantId)) }
            #expect(stored.total == 1)
            #expect(stored.items.first?.id == result.transactionId)
        }
    }

    @Test func aRequestThatNeverArrivedIsReportedAsNotChargedAndNotResent() async throws {
        try await Self.run { client, network, gateway in
            network.lose(.request, onPOST: APIPath.sale)
            await #expect {
                try await client.ttp.performTransaction(amount: 15.00)
            } throws: { error in
                guard case TTPError.transactionFailed(let code, let message) = error else { return false }
                return code == "NETWORK_ERROR" && message.contains("not charged")
            }
            #expect(network.posts(to: APIPath.sale) == 0)
            let stored = try await gateway.store.read { try await $0.transactions(TransactionQuery(merchantId: gateway.merchantId)) }
            #expect(stored.total == 0)
        }
    }

    @Test func aLostPINAnswerIsReadFromThePayment() async throws {
        try await Self.run { client, network, gateway in
            let reader = try #require(client.ttp.reader as? SimulatedCardReader)
            reader.customer = SimulatedCustomer(card: "5200828282828210")
            network.lose(.answer, onPOST: "/pin")
            let result = try await client.ttp.performTransaction(amount: 40.00)
            #expect(result.status == .approved)
            let stored = try #require(try await gateway.store.read {
                try await $0.transaction(id: result.transactionId!, merchantId: gateway.merchantId)
            })
            #expect(stored.status == .captured)
        }
    }
}
