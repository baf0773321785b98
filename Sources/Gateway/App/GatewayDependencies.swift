import Foundation
import Logging
import PaymentCore
import Processing
import Storage

/// The effects the gateway runs on, passed in as values so tests can fix the clock, the
/// ids, the store and the processor.
public struct GatewayDependencies: Sendable {
    public var store: any Store
    public var processor: any PaymentProcessor
    public var keys: GatewayKeys
    /// The card-data keys as the running gateway sees them: `keys.cardDataKeys` at the
    /// start, read again from the database after a rotation when the keys live there.
    public var cardKeys: CardKeyRing
    public var now: @Sendable () -> Date
    public var makeId: @Sendable () -> String
    public var logger: Logger
    /// The acquirer links, when payments go to acquirers: `processor` is the default link's.
    /// Their connections and reversal forwarders run with the application, and new payments
    /// are routed among them.
    public var acquirers: AcquirerNetwork?
    /// Posts webhooks (the gateway's HTTP client unless a test injects another).
    public var webhookTransport: any WebhookTransport = HTTPClientWebhookTransport()
    /// Fetches integrators' JWKS documents (the gateway's HTTP client unless a test injects another).
    public var jwksFetcher: any JWKSFetching = HTTPClientJWKSFetcher()
    /// The stop's state: requests in flight, and whether `/ready` says the gateway is stopping.
    public var drain = GatewayDrain()
    /// This gateway's metrics (`GET /metrics`): a registry of its own, never the process's
    /// `MetricsSystem`, so gateways sharing a process (tests) count apart.
    public var metrics = GatewayMetrics()
    /// This gateway's tracer and its exporter (``GatewayTracing``): its own, never the
    /// process's `InstrumentationSystem`; off (a no-op tracer) unless an endpoint is configured.
    public var tracing = GatewayTracing.off

    /// The gateway's clock: the current time in whole milliseconds, the precision both stores
    /// keep, so a row the gateway made equals the row read back. Phase 3 renders its events
    /// from the row phase 1 made and checks it against the row its write reads
    /// (``WebhookPreparedEvents``); with a finer time they would never match.
    public static let clock: @Sendable () -> Date = { StoredEncoding.date(milliseconds: StoredEncoding.milliseconds(Date())) }

    public init(
        store: any Store, processor: any PaymentProcessor, keys: GatewayKeys, cardKeys: CardKeyRing? = nil,
        now: @escaping @Sendable () -> Date = GatewayDependencies.clock,
        makeId: @escaping @Sendable () -> String = { RandomID.timeOrderedString() },
        logger: Logger = Logger(label: "tapline")
    ) {
        self.store = store
        self.processor = processor
        self.keys = keys
        self.cardKeys = cardKeys ?? CardKeyRing(keys.cardDataKeys)
        self.now = now
        self.makeId = makeId
        self.logger = logger
    }
}
