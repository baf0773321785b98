import Foundation
import Hummingbird
import Logging
import Processing
import ServiceLifecycle
import Storage
import StoragePostgres
import StorageSQLite

/// The one composition root: builds the gateway application from configuration and, for
/// tests, injected dependencies (store, processor, clock, ids, keys).
public func buildApplication(
    _ configuration: GatewayConfiguration, dependencies: GatewayDependencies
) async throws -> some ApplicationProtocol {
    let services = GatewayServices(configuration: configuration, dependencies: dependencies)
    let router = buildRouter(services, now: dependencies.now)
    let jobs = JobScheduler(recovery: services.recovery, expiry: services.expiry, settlement: services.settlement,
        interval: configuration.jobInterval, logger: dependencies.logger)
    // The webhook worker runs beside request handling, so no payment waits for a merchant's server.
    let background: [any Service] = configuration.webhookWorkerEnabled ? [jobs, services.webhooks] : [jobs]
    return Application(
        router: router,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "tapline"),
        services: background,
        logger: dependencies.logger)
}

/// The production dependencies: PostgreSQL when a database URL is configured, else SQLite at
/// the configured path; the simulated processor; keys from the key file (created on first start).
public func productionDependencies(_ configuration: GatewayConfiguration, logger: Logger) async throws -> GatewayDependencies {
    let keys = try GatewayKeys.loadOrCreate(at: configuration.keysPath)
    let store: any Store
    if let url = configuration.databaseURL {
        store = try await PostgresStore.open(url: url, poolSize: configuration.databasePoolSize, logger: logger)
    } else {
        store = try await SQLiteStore.open(path: configuration.databasePath, logger: logger)
    }
    // The simulator forgets on restart; let it honour follow-ups on its earlier payments.
    let processor = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(approvesForgottenOriginals: true))
    return GatewayDependencies(store: store, processor: processor, keys: keys, logger: logger)
}

/// Every route, with its middleware: public routes first, then `/v1` behind authentication.
func buildRouter(_ services: GatewayServices, now: @escaping @Sendable () -> Date) -> Router<GatewayContext> {
    let router = Router(context: GatewayContext.self)
    // Correlation is outermost so error responses carry the id and are logged too.
    router.add(middleware: CorrelationMiddleware())
    router.add(middleware: ErrorEnvelopeMiddleware())
    let system = SystemController()
    system.addPublicRoutes(to: router)
    TokenController(tokens: services.tokens).addRoutes(to: router)
    let v1 = router.group("v1").add(middleware: AuthMiddleware(signer: services.signer, now: now))
    system.addRoutes(to: v1)
    TransactionController(services: services, validator: CardPaymentValidator(now: now)).addRoutes(to: v1)
    BatchController(batches: services.batches, idempotency: services.idempotency).addRoutes(to: v1)
    DeviceController(devices: services.devices, idempotency: services.idempotency).addRoutes(to: v1)
    TapController(services: services).addRoutes(to: v1)
    AmountController(settings: services.settings).addRoutes(to: v1)
    SettingsController(settings: services.settings, idempotency: services.idempotency).addRoutes(to: v1)
    WebhookController(endpoints: services.webhookEndpoints, events: services.webhookEvents, idempotency: services.idempotency).addRoutes(to: v1)
    // Halo-compatible routes sit outside /v1, as the Halo document names them.
    let halo = router.group("transactions")
        .add(middleware: HaloServerErrorMiddleware())
        .add(middleware: AuthMiddleware(signer: services.signer, now: now))
    HaloController(services: services).addRoutes(to: halo)
    // Koard-compatible routes keep the Koard document's paths: /v4 and /v3 beside /v1.
    let koardAuth = AuthMiddleware(signer: services.signer, now: now)
    KoardController(services: services).addRoutes(
        v1: v1, v3: router.group("v3").add(middleware: koardAuth), v4: router.group("v4").add(middleware: koardAuth))
    return router
}
