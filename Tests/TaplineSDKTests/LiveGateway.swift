import Foundation
import Gateway
import GatewayAPI
import Hummingbird
import HummingbirdTesting
import Logging
import Processing
import Storage
import TaplineSDK

/// A real gateway on an ephemeral loopback port, for running the SDK over URLSession:
/// memory store, simulated processor, one merchant with an API client.
struct LiveGateway: Sendable {
    let store: MemoryStore
    let dependencies: GatewayDependencies
    let configuration: GatewayConfiguration
    let services: GatewayServices
    let merchantId: String
    let clientId: String
    let clientSecret: String

    static func make(permissions: [APIPermission] = APIPermission.defaultGrant, processor: any PaymentProcessor = SimulatedProcessor(),
                     configuration: GatewayConfiguration = GatewayConfiguration(),
                     now: @escaping @Sendable () -> Date = { Date() }) async throws -> LiveGateway {
        var logger = Logger(label: "tapline-sdk-test")
        logger.logLevel = .critical
        let store = MemoryStore()
        let dependencies = GatewayDependencies(store: store, processor: processor, keys: .generate(), now: now, logger: logger)
        let services = GatewayServices(configuration: configuration, dependencies: dependencies)
        let merchant = try await services.admin.createMerchant(name: "SDK Test Merchant")
        let client = try await services.admin.createClient(merchantId: merchant.id, name: "sdk", permissions: permissions)
        return LiveGateway(store: store, dependencies: dependencies, configuration: configuration, services: services,
                           merchantId: merchant.id, clientId: client.client.id, clientSecret: client.secret)
    }

    /// Serves the gateway on localhost, port 0, while `body` runs with its base URL.
    func run<T: Sendable>(_ body: @escaping @Sendable (TaplineEnvironment) async throws -> T) async throws -> T {
        let app = try await buildApplication(configuration, dependencies: dependencies)
        return try await app.test(.live) { client in
            guard let port = client.port else { throw CancellationError() }
            return try await body(TaplineEnvironment(baseURL: URL(string: "http://localhost:\(port)")!))
        }
    }

    /// An SDK client of this gateway, already authenticated unless told otherwise.
    func client(_ environment: TaplineEnvironment, reader: (any CardReader)? = nil, store: any TokenStore = MemoryTokenStore(),
                now: @escaping @Sendable () -> Date = { Date() }, authenticate: Bool = true) async throws -> TaplineClient {
        let client = TaplineClient(environment: environment, configuration: TaplineConfiguration(
            tokenStore: store, cardReader: reader, deviceName: "Test iPhone", now: now))
        if authenticate { try await client.authenticate(clientId: clientId, clientSecret: clientSecret) }
        return client
    }
}
