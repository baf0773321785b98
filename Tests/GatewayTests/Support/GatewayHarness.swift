import Foundation
import HTTPTypes
import Gateway
import GatewayAPI
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PaymentCore
import Processing
import Storage
import Testing
import TestSupport

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current: Locked<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_795_000_000)) { current = Locked(start) }

    func now() -> Date { current.withLock { $0 } }
    func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// A gateway wired for tests: memory (or given) store, simulated processor, fixed clock,
/// log lines captured, and one merchant with an API client.
struct GatewayHarness {
    let clock: TestClock
    let store: any Store
    let processor: SimulatedProcessor
    let logs: LogCapture
    let configuration: GatewayConfiguration
    let dependencies: GatewayDependencies
    let services: GatewayServices
    let merchantId: String
    let clientId: String
    let clientSecret: String

    static func make(
        store: (any Store)? = nil, processor: any PaymentProcessor = SimulatedProcessor(),
        permissions: [APIPermission] = APIPermission.defaultGrant, clock: TestClock = TestClock(),
        keys: GatewayKeys = .generate(), cardKeys: CardKeyRing? = nil, configuration: GatewayConfiguration = GatewayConfiguration(),
        webhookTransport: (any WebhookTransport)? = nil, acquirers: AcquirerNetwork? = nil, logFormat: LogFormat = .text,
        drain: GatewayDrain = GatewayDrain(), tracing: GatewayTracing = .off
    ) async throws -> GatewayHarness {
        // The jobs are the tests' to run (`services.….run()` under the test clock): the
        // scheduler's first round (and recovery's, and the heartbeat) runs at start only, so a round on a slow machine's wall
        // clock cannot do a job before the test does and change what the test counts.
        var configuration = configuration
        configuration.jobInterval = .seconds(3_600)
        configuration.heartbeatInterval = .seconds(3_600)
        let logs = LogCapture()
        // With `.json`, the lines are captured as `--log-format json` writes them.
        var logger = Logger(label: "tapline-test") { label in
            switch logFormat {
            case .text: CapturingLogHandler(capture: logs)
            case .json: JSONLogHandler(label: label, now: { clock.now() }, write: { logs.append($0) })
            }
        }
        logger.logLevel = .trace
        let store = store ?? MemoryStore()
        var dependencies = GatewayDependencies(
            store: store, processor: processor, keys: keys, cardKeys: cardKeys, now: { clock.now() }, logger: logger)
        if let webhookTransport { dependencies.webhookTransport = webhookTransport }
        dependencies.drain = drain
        dependencies.tracing = tracing
        // The application runs the links' connections, as `serve` does.
        dependencies.acquirers = acquirers
        let services = GatewayServices(configuration: configuration, dependencies: dependencies)
        let merchant = try await services.admin.createMerchant(name: "Test Merchant")
        let client = try await services.admin.createClient(merchantId: merchant.id, name: "test", permissions: permissions)
        return GatewayHarness(
            clock: clock, store: store, processor: processor as? SimulatedProcessor ?? SimulatedProcessor(), logs: logs,
            configuration: configuration, dependencies: dependencies, services: services,
            merchantId: merchant.id, clientId: client.client.id, clientSecret: client.secret)
    }

    /// Runs `body` against the app in process (`.router`), or listening on loopback (`.live`,
    /// where the configuration's port should be 0).
    func test<T>(_ mode: TestingSetup = .router, _ body: @escaping @Sendable (TestSession) async throws -> T) async throws -> T where T: Sendable {
        let app = try await buildApplication(configuration, dependencies: dependencies)
        let harness = self
        return try await app.test(mode) { client in
            let token = try await TestSession.token(client, clientId: harness.clientId, secret: harness.clientSecret)
            return try await body(TestSession(client: client, token: token, harness: harness))
        }
    }

    /// Another merchant with its own client, for tenancy tests.
    func otherMerchantToken(_ client: some TestClientProtocol) async throws -> String {
        let merchant = try await services.admin.createMerchant(name: "Other Merchant")
        let other = try await services.admin.createClient(merchantId: merchant.id, name: "other")
        return try await TestSession.token(client, clientId: other.client.id, secret: other.secret)
    }
}

/// One authenticated client of the app under test.
struct TestSession: Sendable {
    let client: any TestClientProtocol
    let token: String
    let harness: GatewayHarness

    static func token(_ client: some TestClientProtocol, clientId: String, secret: String) async throws -> String {
        let body = #"{"grant_type":"client_credentials","client_id":"\#(clientId)","client_secret":"\#(secret)"}"#
        return try await client.execute(uri: APIPath.token, method: .post, headers: [.contentType: "application/json"],
                                        body: ByteBuffer(string: body)) { response in
            #expect(response.status == .ok)
            return try JSONDecoder().decode(TokenResponse.self, from: Data(buffer: response.body)).accessToken
        }
    }

    /// Sends a request with the session's bearer token; returns status, headers and body.
    /// A JSON reply is checked against the OpenAPI document (``ReplySchemaCheck``).
    @discardableResult
    func send(_ method: HTTPRequest.Method, _ path: String, json: String? = nil, token: String? = nil,
              headers extra: HTTPFields = [:], sourceLocation: SourceLocation = #_sourceLocation) async throws -> TestReply {
        var headers = extra
        headers[.authorization] = "Bearer \(token ?? self.token)"
        if json != nil { headers[.contentType] = "application/json" }
        let reply = try await client.execute(uri: path, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) }) { response in
            TestReply(status: Int(response.status.code), headers: response.headers, body: Data(buffer: response.body))
        }
        ReplySchemaCheck.record(method: method, path: path, reply: reply, sourceLocation: sourceLocation)
        return reply
    }

    /// A keyed sale or authorization; fails the test unless the gateway answered 201.
    func pay(_ kind: String = "sale", pan: String = "4242424242424242", amount: Int64 = 10_000, tip: Int64 = 0,
             currency: String = "USD", key: String? = nil) async throws -> TransactionResource {
        let reply = try await send(.post, "/v1/transactions/\(kind)", json: Self.cardBody(pan: pan, amount: amount, tip: tip, currency: currency),
                                   headers: key.map { [HTTPField.Name(APIHeader.idempotencyKey)!: $0] } ?? [:])
        #expect(reply.status == 201, "\(reply.text)")
        return try reply.decode(TransactionResource.self)
    }

    func followUp(_ id: String, _ operation: APIPath.FollowUp, json: String? = nil) async throws -> TestReply {
        try await send(.post, APIPath.followUp(id, operation), json: json)
    }

    static func cardBody(pan: String = "4242424242424242", amount: Int64 = 10_000, tip: Int64 = 0, currency: String = "USD") -> String {
        """
        {"amount":\(amount),"currency":"\(currency)","cardDataSource":"manual","accountNumber":"\(pan)",\
        "expirationMonth":12,"expirationYear":2030,"securityCode":"123","tipAmount":\(tip),"referenceId":"order-1"}
        """
    }
}

/// A response as tests look at it.
struct TestReply: Sendable {
    var status: Int
    var headers: HTTPFields
    var body: Data

    var text: String { String(decoding: body, as: UTF8.self) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(type, from: body)
    }

    /// The error of an error envelope.
    var error: APIError? { try? decode(ErrorEnvelope.self).error }
}
