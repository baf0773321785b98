import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdHTTP2
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
    let jobs = JobScheduler(recovery: services.recovery, expiry: services.expiry, settlement: services.settlement, achClearing: services.achClearing,
        disputeFeed: services.disputeFeed,
        reversals: dependencies.acquirers?.links.compactMap(\.forwarder) ?? [], cardKeys: dependencies.cardKeys, interval: configuration.jobInterval,
        recoveryInterval: configuration.heartbeatInterval, logger: dependencies.logger, metrics: dependencies.metrics)
    let heartbeat = InstanceHeartbeat(
        store: dependencies.store, instance: services.instance, interval: configuration.heartbeatInterval,
        now: dependencies.now, logger: dependencies.logger)
    // The webhook worker runs beside request handling, so no payment waits for a merchant's server.
    // A stop ends the services in reverse order, after the HTTP server has let its requests
    // finish: the webhook worker, the jobs (a reversal the forwarder was sending), the
    // heartbeat, the acquirer links, which sign off once nothing can use them, the metrics
    // listener, so the stop can be watched, and the span exporter last, which flushes.
    var background: [any Service] = []
    // First, so it stops last: the spans of everything that stops before it are exported.
    if let tracing = dependencies.tracing.service { background.append(tracing) }
    if let metricsPort = configuration.metricsPort {
        background.append(MetricsListener.application(
            services.metricsScrape, host: configuration.host, port: metricsPort, logger: dependencies.logger))
    }
    // A loop, not `.map(\.service)`: the key path's conversion to `any Service` crashes the
    // Swift 6.3.1 compiler in release builds (SILGen, reabstraction thunk).
    for link in dependencies.acquirers?.links ?? [] { background.append(link.service) }
    background += configuration.webhookWorkerEnabled ? [heartbeat, jobs, services.webhooks] : [heartbeat, jobs]
    var server: HTTPServerBuilder = .http1()
    if let tls = configuration.tls {
        let certificate = try ServingCertificate(tls)
        // ALPN offers h2 and http/1.1; a client that speaks neither gets HTTP/1.1.
        server = try .http2Upgrade(tlsConfiguration: certificate.serverConfiguration())
        background.append(CertificateReloadService(certificate: certificate, logger: dependencies.logger))
    }
    return Application(
        router: router,
        server: server,
        configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "tapline"),
        services: background,
        logger: dependencies.logger)
}

/// The production dependencies: PostgreSQL when a database URL is configured, else SQLite at
/// the configured path; the simulated processor, or the acquirer link; keys from the database when a master key is
/// configured, else from the key file (created on first start).
public func productionDependencies(_ configuration: GatewayConfiguration, logger: Logger) async throws -> GatewayDependencies {
    // Before the store: a tracing setting swift-otel refuses stops the start with nothing opened.
    let tracing = try GatewayTracing.make(configuration.tracing, logger: logger)
    if let endpoint = configuration.tracing.tracesURL {
        logger.notice("spans go to the OTLP collector at \(ConfigurationError.redacted(endpoint)) (\(configuration.tracing.otlpProtocol.rawValue))")
    }
    let store = try await openStore(configuration, logger: logger)
    let keys: GatewayKeys
    let cardKeys: CardKeyRing
    do {
        (keys, cardKeys) = try await gatewayKeys(configuration, store: store, logger: logger)
    } catch {
        // A store is closed before it goes away (SQLite insists), also when the start fails.
        try? await store.close()
        throw error
    }
    guard let settings = configuration.processor.network else {
        // The simulator forgets on restart; let it honour follow-ups on its earlier payments.
        let processor = SimulatedProcessor(configuration: SimulatedProcessorConfiguration(approvesForgottenOriginals: true))
        var dependencies = GatewayDependencies(store: store, processor: processor, keys: keys, cardKeys: cardKeys, logger: logger)
        dependencies.tracing = tracing
        return dependencies
    }
    let network: AcquirerNetwork
    do {
        network = try AcquirerNetwork(settings, store: store, logger: logger, tracer: tracing.tracer)
    } catch {
        try? await store.close()
        throw error
    }
    // With an acquirers file, lines name their link and keys are set in the file.
    let several: Bool
    if case .acquirers = configuration.processor { several = true } else { several = false }
    for link in settings.links {
        let metadata: Logger.Metadata = several ? ["acquirer_link": "\(link.name)"] : [:]
        logger.notice("payments go to the acquirer at \(link.settings)", metadata: metadata)
        if link.settings.zonePINKeyHex == nil {
            let setting = several ? "zone-pin-key-file in the acquirers file" : "TAPLINE_ZONE_PIN_KEY"
            logger.warning("no zone PIN key (\(setting)): a payment that needs the cardholder's PIN will fail", metadata: metadata)
        }
    }
    var dependencies = GatewayDependencies(store: store, processor: network.primary.processor, keys: keys, cardKeys: cardKeys, logger: logger)
    dependencies.acquirers = network
    dependencies.tracing = tracing
    return dependencies
}

/// Every route of ``GatewayRoutes``, each wrapped by the one ``RoutePipeline``.
func buildRouter(_ services: GatewayServices, now: @escaping @Sendable () -> Date) -> Router<GatewayContext> {
    let router = Router(context: GatewayContext.self)
    // Correlation is outermost so error responses carry the id and are logged too; both
    // also cover a path no route answers (404).
    // Outermost: every request, answered or failed, counts as in flight until it returns.
    router.add(middleware: InFlightMiddleware(drain: services.drain))
    // A span per request, around the correlation id's middleware so it reads the id it answered.
    router.add(middleware: RequestTracingMiddleware(tracer: services.tracer))
    router.add(middleware: CorrelationMiddleware())
    // Outside the envelope, so it counts the status the client gets; once for every route.
    router.add(middleware: RequestMetricsMiddleware(metrics: services.metrics))
    router.add(middleware: ErrorEnvelopeMiddleware())
    GatewayRoutes.pipeline(services, now: now).register(GatewayRoutes.table(services, now: now), on: router)
    return router
}

/// PostgreSQL when a database URL is configured, else SQLite at the configured path, migrated.
/// With `createIfMissing` false a missing SQLite file is `SQLiteOpenError.missingDatabase` and
/// none is made (the admin commands: a mistyped path must not start a new, empty gateway);
/// a PostgreSQL database is never created by the gateway, so the flag does not apply to it.
public func openStore(_ configuration: GatewayConfiguration, createIfMissing: Bool = true, logger: Logger) async throws -> any Store {
    if let url = configuration.databaseURL {
        return try await PostgresStore.open(url: url, poolSize: configuration.databasePoolSize, logger: logger)
    }
    return try await SQLiteStore.open(path: configuration.databasePath, createIfMissing: createIfMissing, logger: logger)
}

/// The keys from the database (sealed under the master key) or from the key file. A gateway
/// moving to the database brings its key file's keys along, so tokens, sealed card data and
/// webhook secrets made before keep working. Card-data keys in the database are read again
/// after a rotation; a key file's are fixed until the next start.
///
/// The keys must be the ones the database was written with (``KeyFingerprintCheck``): a
/// lost key file or a missing master key stops the start with a ``KeyRefusal`` saying how
/// to restore them, and new keys are made only for a database with nothing in it.
func gatewayKeys(
    _ configuration: GatewayConfiguration, store: any Store, logger: Logger
) async throws -> (keys: GatewayKeys, cardKeys: CardKeyRing) {
    let path = configuration.keysPath
    let check = try await KeyFingerprintCheck.read(store)
    let keyFileExists = FileManager.default.fileExists(atPath: path)
    guard let master = configuration.masterKey else {
        guard !check.sealedInDatabase else { throw KeyRefusal.missingMasterKey }
        guard keyFileExists || check.mayMakeNewKeys else { throw KeyRefusal.missingKeyFile(path: path) }
        if configuration.databaseURL != nil {
            logger.notice("keys come from the key file \(path): every instance on this database needs the same file, or a master key (TAPLINE_MASTER_KEY) to keep them in the database")
        }
        let keys = try GatewayKeys.loadOrCreate(at: path)
        try await recordFingerprints(of: keys, check: check, source: .keyFile(path), store: store, logger: logger)
        return (keys, CardKeyRing(keys.cardDataKeys))
    }
    let (keys, version, created) = try await GatewayKeyVault.loadOrCreate(store: store, master: master, now: Date()) {
        guard keyFileExists else {
            guard check.mayMakeNewKeys else { throw KeyRefusal.missingKeyFile(path: path) }
            return .generate()
        }
        // Checked before they are sealed into the database, where a wrong set would stay.
        let keys = try GatewayKeys.load(at: path)
        try check.expectRecorded(keys, source: .keyFile(path))
        return keys
    }
    if created {
        logger.notice("stored the gateway's keys in the database, sealed under the master key")
    }
    try await recordFingerprints(of: keys, check: check, source: .database, store: store, logger: logger)
    let cardKeys = CardKeyRing(
        keys.cardDataKeys, version: version, reload: GatewayKeyVault.cardKeyReload(store: store, master: master), logger: logger)
    return (keys, cardKeys)
}

private func recordFingerprints(
    of keys: GatewayKeys, check: KeyFingerprintCheck, source: KeyRefusal.Source, store: any Store, logger: Logger
) async throws {
    if try await check.verifyOrRecord(keys, source: source, store: store, now: Date()) {
        logger.notice("recorded the fingerprints of the gateway's keys in the database: later starts refuse other keys")
    }
}
