extension ServerSetting {
    /// Every setting, in the order the README's table and `tapline config print` list them.
    public static let all: [ServerSetting] = server + listenerTLS + tracing + acquirer + readerTokenSettings + cardDataSettings

    /// The setting whose file key is `key`.
    public static func named(_ key: String) -> ServerSetting? { all.first { $0.key == key } }

    static let server: [ServerSetting] = [
        config, host, port, metricsPort, database, databaseURL, databasePoolSize, keys, masterKeyFile, masterKey, logLevel, logFormat,
        readerTokenLifetime, pinMaxAttempts, pinWindow, webhookTimeout, drainTimeout, dashboardPasswordCost, dashboardSecureCookies,
    ]

    public static let config = ServerSetting(
        "config", "TAPLINE_CONFIG", file: false,
        "A TOML file of these settings, by their file keys (flags and the environment beat it; an unknown key stops the start)")
    public static let host = ServerSetting("host", "TAPLINE_HOST", default: "127.0.0.1", "Address to listen on")
    public static let port = ServerSetting("port", "TAPLINE_PORT", default: "8080", "Port to listen on, 0 to 65535")
    public static let metricsPort = ServerSetting(
        "metrics-port", "TAPLINE_METRICS_PORT",
        "Serve GET /metrics (Prometheus) on this port only, not the API's, 0 to 65535 (on the API's port when not given)")
    public static let database = ServerSetting(
        "database", "TAPLINE_DATABASE", default: "tapline.sqlite",
        "The SQLite database file. The database is one setting in two forms: the first place (flag, environment, file) "
            + "that names either this or database-url decides, and one place naming both is refused")
    public static let databaseURL = ServerSetting(
        "database-url", "TAPLINE_DATABASE_URL",
        "PostgreSQL instead of SQLite: postgres://user:password@host:5432/tapline (?sslmode=require or verify-full for TLS; ?prepared_statements=off behind PgBouncer in transaction mode)")
    public static let databasePoolSize = ServerSetting(
        "database-pool-size", "TAPLINE_DATABASE_POOL_SIZE", default: "8", "Connections to PostgreSQL per instance, 1 to 200")
    public static let keys = ServerSetting(
        "keys", "TAPLINE_KEYS", default: "tapline-keys.json", "The key file, created with mode 0600 for a database with no data yet")
    public static let masterKeyFile = ServerSetting(
        "master-key-file", "TAPLINE_MASTER_KEY_FILE",
        "A file holding the master key (32 bytes, base64; tapline keys new-master-key): the keys then live in the database, "
            + "sealed under it, instead of in the key file")
    public static let masterKey = ServerSetting(
        "master-key", "TAPLINE_MASTER_KEY", flag: false, file: false, secret: true,
        "The master key itself, in the environment only (beaten by master-key-file)")
    public static let logLevel = ServerSetting(
        "log-level", "TAPLINE_LOG_LEVEL", default: "info", "trace, debug, info, notice, warning, error or critical")
    public static let logFormat = ServerSetting(
        "log-format", "TAPLINE_LOG_FORMAT", default: "text", "text for a terminal, or json for one JSON object per line")
    public static let readerTokenLifetime = ServerSetting(
        "reader-token-lifetime", "TAPLINE_READER_TOKEN_LIFETIME", default: "43200",
        "Seconds a device's reader token is valid, 60 to 604800")
    public static let pinMaxAttempts = ServerSetting(
        "pin-max-attempts", "TAPLINE_PIN_MAX_ATTEMPTS", default: "3", "Wrong PINs allowed before a payment is declined for good, 1 to 10")
    public static let pinWindow = ServerSetting(
        "pin-window", "TAPLINE_PIN_WINDOW", default: "120", "Seconds a payment waits for its PIN after the issuer asks for one, 30 to 600")
    public static let webhookTimeout = ServerSetting(
        "webhook-timeout", "TAPLINE_WEBHOOK_TIMEOUT", default: "10",
        "Seconds one webhook POST may take before it is retried, 1 to 60")
    public static let drainTimeout = ServerSetting(
        "drain-timeout", "TAPLINE_DRAIN_TIMEOUT", default: "30",
        "Seconds a stop (SIGTERM or SIGINT) waits for requests in flight, webhook deliveries and the acquirer links' sign-off "
            + "before it cuts them, 1 to 600")
    public static let dashboardPasswordCost = ServerSetting(
        "dashboard-password-cost", "TAPLINE_DASHBOARD_PASSWORD_COST", flag: false, default: "12",
        "bcrypt cost of new dashboard passwords, 10 to 15 (each step doubles the work)")
    public static let dashboardSecureCookies = ServerSetting(
        "dashboard-secure-cookies", "TAPLINE_DASHBOARD_SECURE_COOKIES", flag: false, default: "false",
        "true or false: mark the dashboard's cookies Secure (when users reach the gateway over TLS; true by default with tls-certificate)")
}
