import Foundation
import Logging

/// Everything about how the gateway runs that an operator may set.
public struct GatewayConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// When set, `GET /metrics` is served only on this port, on `host` (`--metrics-port`);
    /// otherwise on `port` with the API.
    public var metricsPort: Int?
    /// When set, the API is served over TLS, HTTP/1.1 and HTTP/2 (`--tls-certificate`).
    public var tls: ListenerTLSSettings?
    /// The embedded SQLite database file, used unless `databaseURL` names a PostgreSQL database.
    public var databasePath = "tapline.sqlite"
    /// A PostgreSQL database shared by several gateway instances
    /// (`postgres://user:password@host:5432/tapline`, `?sslmode=require` for TLS).
    public var databaseURL: String?
    /// Connections each instance keeps to PostgreSQL.
    public var databasePoolSize = 8
    /// The key file, created with mode 0600 on first start.
    public var keysPath = "tapline-keys.json"
    /// When set, the gateway's keys live in the database sealed under this key instead of in
    /// the key file, so every instance on the database shares them (``GatewayKeyVault``).
    public var masterKey: MasterKey?
    public var logLevel: Logger.Level = .info
    /// Text lines for a person, or one JSON object per line for a collector (`--log-format`).
    public var logFormat: LogFormat = .text
    /// Where spans are exported (`--otlp-endpoint`); off by default.
    public var tracing = TracingSettings()
    /// Lifetime of an access token (a signed JWT).
    public var accessTokenLifetime: TimeInterval = 15 * 60
    /// Lifetime of a refresh token.
    public var refreshTokenLifetime: TimeInterval = 30 * 24 * 3600
    /// Lifetime of a reader token (what a device's card reader is given to read cards).
    public var readerTokenLifetime: TimeInterval = 12 * 3600
    /// How reader tokens and PIN tokens are made: Tapline's own, or signed with the payment
    /// service provider's key for Apple's reader (`--reader-tokens`).
    public var readerTokens: ReaderTokenMode = .tapline
    /// How a reader's card data is opened: Tapline's JWE, or the payment service provider's
    /// decryption service (`--card-data`).
    public var cardData: CardDataMode = .tapline
    /// Who decides payments: the simulator, or an acquirer host over ISO 8583.
    public var processor: ProcessorChoice = .simulator
    /// How long the gateway waits for the processor before treating the request as unanswered.
    /// With the acquirer link it is the link's response timeout plus 5 s
    /// (``AcquirerLinkSettings/gatewayTimeout``, set by ``ConfigurationOverrides``).
    public var processorTimeout: Duration = .seconds(30)
    /// How often the background jobs (authorization expiry, settlement, reversals) run.
    public var jobInterval: Duration = .seconds(30)
    /// How often this instance writes its heartbeat and the recovery job looks for operations
    /// a crash left pending. An instance three beats late is taken to be dead.
    public var heartbeatInterval: Duration = .seconds(2)
    /// A `pending` operation older than this has outlived its request's deadline (the
    /// processor timeout, plus 10 s for its phase 3) and is recovered, whoever started it;
    /// one whose instance died is recovered sooner (see `RecoveryJob`).
    public var recoveryGrace: TimeInterval {
        Double(processorTimeout.components.seconds) + 10
    }
    /// Sealed card data read longer ago than this is refused as stale.
    public var cardReadMaxAge: TimeInterval = 60
    /// How long a payment waits for the cardholder's PIN after the issuer asked for one.
    public var pinWindow: TimeInterval = 120
    /// Wrong PINs allowed before the payment is declined for good.
    public var pinMaxAttempts = 3
    /// How long one webhook POST may take before it counts as failed and is retried.
    public var webhookTimeout: Duration = .seconds(10)
    /// How long a stop waits for requests, webhook deliveries and the links' sign-off (`--drain-timeout`).
    public var drainTimeout: Duration = .seconds(30)
    /// How often the webhook worker looks for due deliveries when nothing woke it.
    public var webhookPollInterval: Duration = .seconds(5)
    /// Webhook POSTs in flight at once.
    public var webhookConcurrency = 8
    /// The webhook retry schedule (see `WebhookRetryPolicy`).
    public var webhookRetry = WebhookRetryPolicy()
    /// Runs the webhook worker with the application. Tests turn it off and call
    /// `deliverDue()` themselves.
    public var webhookWorkerEnabled = true
    /// The dashboard's sign-in: bcrypt cost of new password hashes (each step doubles the
    /// work), how long a wrong password waits before its answer, how long a session lasts,
    /// and whether its cookie is `Secure` (set it when users reach the gateway over TLS,
    /// through a proxy that terminates it).
    public var dashboard = DashboardSettings()
    /// Fetching integrators' JWKS: timeout, size bound, refresh age and rate limit.
    public var integratorJWKS = JWKSPolicy()

    public init() {}
}
