import CardData
import Foundation
import Logging
import Processing
import Storage
import StorageSQLite
import Tracing

/// The gateway's services, wired once from configuration and dependencies. Routes, jobs
/// and the CLI's admin commands all go through these.
public struct GatewayServices: Sendable {
    let store: any Store
    /// The clock every service reads.
    let now: @Sendable () -> Date
    /// The default processor, bounded by the configured timeout (ACH, the admin's settings).
    let processor: ProcessorGateway
    /// Every processor, and which takes each payment (several acquirer links route).
    let processors: ProcessorRouter
    let payments: PaymentService
    /// ACH debits of bank accounts.
    let achDebits: ACHDebitService
    let followUps: FollowUpService
    let tokens: TokenService
    let batches: BatchService
    let idempotency: IdempotencyGuard
    let renderer: TransactionRenderer
    let signer: AccessTokenSigner
    /// JWTs API clients' backends sign with keys they registered (the Halo routes, and `/v1` if allowed).
    let integratorTokens: IntegratorTokenVerifier
    let devices: DeviceService
    /// Signs and verifies Tapline's own reader tokens (`--reader-tokens tapline`).
    let readerTokens: ReaderTokenSigner
    /// Admits Tap to Pay requests only from a registered device with Tap to Pay active.
    let deviceGuard: DeviceGuard
    /// Take a tap (sale, authorization, refund, PIN try), for every API style.
    let taps: TakeTapPayment
    /// Merchants' payment settings: pricing, tips, currencies.
    let settings: PaymentSettingsService
    /// Finishes operations left `pending` by a crash.
    public let recovery: RecoveryJob
    /// This process as the fleet sees it (`InstanceHeartbeat`, `RecoveryJob`).
    let instance: GatewayInstance
    /// Moves authorizations past their window to `expired`.
    public let expiry: ExpiryJob
    /// Records submitted ACH debits as cleared or returned once the clearing period passed.
    public let achClearing: ACHClearingJob
    /// Opens the disputes the processors report by themselves (the simulator's test card).
    let disputeFeed: DisputeFeedJob
    let disputes: DisputeService
    /// Closes batches at each merchant's settlement time slots.
    public let settlement: SettlementJob
    /// Merchants and API clients.
    public let admin: MerchantAdmin
    /// Delivers the webhook outbox.
    public let webhooks: WebhookWorker
    let webhookEndpoints: WebhookEndpointService
    let webhookEvents: WebhookEventService
    /// The dashboard's sign-in and sessions.
    let dashboardAccounts: DashboardAccounts
    /// The stop's state (requests in flight, `/ready` while stopping).
    let drain: GatewayDrain
    /// What `GET /metrics` counts.
    let metrics: GatewayMetrics
    /// `GET /metrics`; nil on the API's router when `--metrics-port` serves it elsewhere.
    let metricsScrape: MetricsScrape
    let metricsOnMainPort: Bool
    /// Starts the spans of requests, use cases, processor calls and database writes.
    let tracer: any Tracer

    public init(configuration: GatewayConfiguration, dependencies: GatewayDependencies) {
        metrics = dependencies.metrics
        let tracer = dependencies.tracing.tracer
        self.tracer = tracer
        // Every write of the services is timed (tapline_database_write_duration_seconds) and traced.
        let store = MeasuredStore(base: dependencies.store, metrics: dependencies.metrics, tracer: tracer)
        // SQLite commits concurrent writes together: each COMMIT's size (tapline_database_group_commit_size).
        if let sqlite = dependencies.store as? SQLiteStore {
            sqlite.observeGroupCommits { [metrics = dependencies.metrics] size in metrics.databaseGroupCommit(size: size) }
        }
        self.store = store
        drain = dependencies.drain
        metricsScrape = MetricsScrape(metrics: dependencies.metrics, store: store, acquirers: dependencies.acquirers, now: dependencies.now)
        metricsOnMainPort = configuration.metricsPort == nil
        let now = dependencies.now
        self.now = now
        let readerTokens = ReaderTokenSigner(key: dependencies.keys.tokenSigningKey)
        self.readerTokens = readerTokens
        let issuer: any ReaderTokenIssuer = switch configuration.readerTokens {
        case .tapline: TaplineReaderTokenIssuer(signer: readerTokens)
        case .signed(let settings): SignedReaderTokenIssuer(settings: settings)
        case .remote(let settings): RemoteReaderTokenIssuer(settings: settings)
        }
        let pinPolicy = PINPolicy(
            window: configuration.pinWindow, maxAttempts: configuration.pinMaxAttempts, makeToken: { try await issuer.pinToken(for: $0) })
        let processors = ProcessorRouter(dependencies, timeout: configuration.processorTimeout)
        self.processors = processors
        let renderer = TransactionRenderer(
            now: now, processorNames: Dictionary(processors.identities.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first }))
        self.renderer = renderer
        let notifier = WebhookNotifier()
        let outbox = WebhookOutbox(renderer: renderer, makeId: dependencies.makeId, notifier: notifier)
        let recorder = OutcomeRecorder(store: store, now: now, makeId: dependencies.makeId, pinPolicy: pinPolicy, outbox: outbox,
                                     metrics: dependencies.metrics)
        let processor = processors.primary
        self.processor = processor
        signer = AccessTokenSigner(key: dependencies.keys.tokenSigningKey)
        integratorTokens = IntegratorTokenVerifier(
            store: store,
            keys: IntegratorKeyCache(fetcher: dependencies.jwksFetcher, policy: configuration.integratorJWKS, now: now, logger: dependencies.logger),
            now: now)
        payments = PaymentService(
            store: store, processors: processors, recorder: recorder, panHasher: PANHasher(key: dependencies.keys.panHashKey),
            now: now, makeId: dependencies.makeId, outbox: outbox, tracer: tracer)
        achDebits = ACHDebitService(
            store: store, processor: processor, recorder: recorder, panHasher: PANHasher(key: dependencies.keys.panHashKey),
            now: now, makeId: dependencies.makeId, outbox: outbox, tracer: tracer)
        followUps = FollowUpService(
            store: store, processors: processors, recorder: recorder, now: now, makeId: dependencies.makeId, tracer: tracer)
        tokens = TokenService(store: store, signer: signer, configuration: configuration, now: now, makeId: dependencies.makeId)
        let reconciler = BatchReconciler(
            store: store, processors: processors, outbox: outbox, now: now, logger: dependencies.logger, metrics: dependencies.metrics)
        batches = BatchService(store: store, now: now, makeId: dependencies.makeId, outbox: outbox, reconciler: reconciler)
        idempotency = IdempotencyGuard(store: store, now: now)
        let started = now()
        instance = GatewayInstance(id: UUID().uuidString, startedAt: started, seenAt: started)
        recovery = RecoveryJob(
            store: store, processors: processors, recorder: recorder, renderer: renderer,
            grace: configuration.recoveryGrace, instance: instance,
            staleAfter: InstanceHeartbeat.staleAfter(configuration.heartbeatInterval), now: now, logger: dependencies.logger)
        expiry = ExpiryJob(
            store: store, now: now, cardReadRetention: 2 * configuration.cardReadMaxAge, logger: dependencies.logger, outbox: outbox)
        achClearing = ACHClearingJob(store: store, processor: processor, now: now, logger: dependencies.logger, outbox: outbox)
        settlement = SettlementJob(store: store, batches: batches, now: now, logger: dependencies.logger)
        disputes = DisputeService(store: store, recorder: DisputeRecorder(now: now, makeId: dependencies.makeId, outbox: outbox))
        disputeFeed = DisputeFeedJob(processors: processors.links.map(\.gateway), disputes: disputes, now: now, logger: dependencies.logger)
        admin = MerchantAdmin(store: store, now: now, makeId: dependencies.makeId, processor: processor.identity)
        devices = DeviceService(
            store: store, issuer: issuer, cardKeys: dependencies.cardKeys,
            readerTokenLifetime: configuration.readerTokenLifetime, now: now, makeId: dependencies.makeId)
        deviceGuard = DeviceGuard(store: store)
        let panHasher = PANHasher(key: dependencies.keys.panHashKey)
        taps = TakeTapPayment(
            opener: TapDataOpener(
                handling: configuration.cardData.handling(keys: dependencies.cardKeys, logger: dependencies.logger),
                maxAge: configuration.cardReadMaxAge, now: now),
            payments: TapPaymentService(store: store, payments: payments, followUps: followUps, panHasher: panHasher),
            pins: PINService(store: store, processors: processors, recorder: recorder, panHasher: panHasher, now: now))
        settings = PaymentSettingsService(store: store)
        let secrets = WebhookSecretBox(tokenSigningKey: dependencies.keys.tokenSigningKey)
        webhookEndpoints = WebhookEndpointService(store: store, secrets: secrets, now: now, makeId: dependencies.makeId)
        webhookEvents = WebhookEventService(store: store, notifier: notifier, now: now, makeId: dependencies.makeId)
        dashboardAccounts = DashboardAccounts(store: store, settings: configuration.dashboard, now: now, makeId: dependencies.makeId)
        webhooks = WebhookWorker(
            store: store,
            poster: WebhookPoster(transport: dependencies.webhookTransport, secrets: secrets, timeout: configuration.webhookTimeout, now: now),
            notifier: notifier, policy: configuration.webhookRetry, concurrency: configuration.webhookConcurrency, batchSize: 64,
            pollInterval: configuration.webhookPollInterval, now: now, makeId: dependencies.makeId, logger: dependencies.logger,
            metrics: dependencies.metrics)
    }
}
