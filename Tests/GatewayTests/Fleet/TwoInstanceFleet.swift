import Foundation
import Gateway
import Logging
import Processing
import Storage
import StoragePostgres
import Testing
import TestSupport

/// Two gateway instances on one PostgreSQL schema, as a fleet behind a load balancer runs:
/// each has its own ``PostgresStore`` (its own pool of connections) and its own services,
/// and they share what a fleet shares: the database, the keys, the processor (a remote
/// system both talk to) and the clock. The merchant and its API client are made once,
/// through instance `a`; `b` serves the same client.
struct TwoInstanceFleet {
    /// Why the fleet tests are skipped when there is no server: reported, never a pass.
    static let skipped: Comment = "TAPLINE_POSTGRES_URL is not set: no PostgreSQL server for two gateway instances to share"
    static let serverURL = PostgresTestSchema.serverURLFromEnvironment
    static var enabled: Bool { serverURL != nil }

    let schema: PostgresTestSchema
    let a: GatewayHarness
    let b: GatewayHarness

    var clock: TestClock { a.clock }
    var merchantId: String { a.merchantId }
    /// The database as the fleet sees it (instance `a`'s pool), for the tests' own checks.
    var store: any Store { a.store }

    /// Background jobs and the webhook worker are the tests' to run, so they do not race the
    /// test itself: no worker, and the jobs' scheduler runs its first round at start only.
    static var configuration: GatewayConfiguration {
        var configuration = GatewayConfiguration()
        configuration.webhookWorkerEnabled = false
        configuration.jobInterval = .seconds(3_600)
        return configuration
    }

    /// Runs `body` with two instances on a fresh schema, then closes both stores and drops the
    /// schema, also when `body` throws. `wrap` puts something in front of each instance's
    /// store (a fault, a probe); it gets the instance's name ("a" or "b").
    static func run<T: Sendable>(
        processor: any PaymentProcessor = SimulatedProcessor(), configuration: GatewayConfiguration = Self.configuration,
        webhookTransport: (@Sendable (String) -> any WebhookTransport)? = nil,
        wrap: @Sendable (String, any Store) -> any Store = { _, store in store },
        _ body: (TwoInstanceFleet) async throws -> T
    ) async throws -> T {
        let url = try #require(serverURL, "the fleet tests run only with TAPLINE_POSTGRES_URL")
        let schema = PostgresTestSchema(serverURL: url)
        try await schema.create()
        var opened: [PostgresStore] = []
        do {
            let keys = GatewayKeys.generate()
            let clock = TestClock()
            for _ in 0..<2 {
                opened.append(try await PostgresStore.open(url: schema.url, poolSize: 4, logger: quietLogger, connectTimeout: PostgresTestSchema.connectTimeout))
            }
            let a = try await GatewayHarness.make(
                store: wrap("a", opened[0]), processor: processor, clock: clock, keys: keys, configuration: configuration,
                webhookTransport: webhookTransport?("a"))
            let b = a.sibling(store: wrap("b", opened[1]), processor: processor, webhookTransport: webhookTransport?("b"))
            let result = try await body(TwoInstanceFleet(schema: schema, a: a, b: b))
            for store in opened { try await store.close() }
            try await schema.remove()
            return result
        } catch {
            for store in opened { try? await store.close() }
            try? await schema.remove()
            throw error
        }
    }

    /// Runs `body` against both apps at once, each with a session of its own.
    func test<T: Sendable>(_ body: @escaping @Sendable (TestSession, TestSession) async throws -> T) async throws -> T {
        let b = b
        return try await a.test { first in
            try await b.test { second in try await body(first, second) }
        }
    }

    static var quietLogger: Logger {
        var logger = Logger(label: "tapline.tests.fleet")
        logger.logLevel = .warning
        return logger
    }
}

extension GatewayHarness {
    /// Another instance of this gateway: its own store and services, the same merchant,
    /// client, keys, clock and configuration. `cardKeys` is its own card-key ring (a fixed
    /// ring of the same keys when nil).
    func sibling(
        store: any Store, processor: any PaymentProcessor, webhookTransport: (any WebhookTransport)?, cardKeys: CardKeyRing? = nil
    ) -> GatewayHarness {
        var dependencies = GatewayDependencies(
            store: store, processor: processor, keys: dependencies.keys, cardKeys: cardKeys, now: dependencies.now,
            logger: dependencies.logger)
        if let webhookTransport { dependencies.webhookTransport = webhookTransport }
        return GatewayHarness(
            clock: clock, store: store, processor: self.processor, logs: logs, configuration: configuration,
            dependencies: dependencies, services: GatewayServices(configuration: configuration, dependencies: dependencies),
            merchantId: merchantId, clientId: clientId, clientSecret: clientSecret)
    }
}
