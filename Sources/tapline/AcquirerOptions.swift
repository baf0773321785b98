import ArgumentParser

/// `tapline serve`'s choice of processor: the simulator, or an acquirer host over ISO 8583.
struct AcquirerOptions: ParsableArguments {
    @Option(help: "simulator, or an acquirer host: iso8583://host:port, or iso8583s://host:port over TLS (env TAPLINE_PROCESSOR, default simulator).")
    var processor: String?

    @Option(name: .customLong("acquirer-connections"), help: "Connections kept open to the acquirer host (env TAPLINE_ACQUIRER_CONNECTIONS, default 2).")
    var acquirerConnections: Int?

    @Option(name: .customLong("acquirer-response-timeout"), help: "Seconds the link waits for each answer before the request fails and is reversed, 5-60 (env TAPLINE_ACQUIRER_RESPONSE_TIMEOUT, default 25).")
    var acquirerResponseTimeout: Int?

    @Option(name: .customLong("acquirer-echo-interval"), help: "Seconds an idle acquirer connection waits before an echo test, 10-600 (env TAPLINE_ACQUIRER_ECHO_INTERVAL, default 60).")
    var acquirerEchoInterval: Int?

    @Option(name: .customLong("acquirer-tls-ca"), help: "With iso8583s://: PEM certificates the acquirer host's certificate must chain to (env TAPLINE_ACQUIRER_TLS_CA, default the system's roots).")
    var acquirerTLSCA: String?

    @Option(name: .customLong("acquirer-tls-cert"), help: "With iso8583s://: the gateway's client certificate chain (PEM) for mutual TLS, with --acquirer-tls-key (env TAPLINE_ACQUIRER_TLS_CERT). Re-read for each new connection.")
    var acquirerTLSCert: String?

    @Option(name: .customLong("acquirer-tls-key"), help: "With iso8583s://: the private key (PEM) of --acquirer-tls-cert (env TAPLINE_ACQUIRER_TLS_KEY).")
    var acquirerTLSKey: String?

    @Option(name: .customLong("acquirer-tls-pin"), help: "With iso8583s://: SHA-256 fingerprint (hex, colons allowed) the host's certificate must also have (env TAPLINE_ACQUIRER_TLS_PIN).")
    var acquirerTLSPin: String?

    @Option(name: .customLong("zone-pin-key-file"), help: "File with the zone PIN key shared with the acquirer, 32 or 48 hex digits (env TAPLINE_ZONE_PIN_KEY with the key itself).")
    var zonePINKeyFile: String?

    @Option(name: .customLong("acquirer-mac-key-file"), help: "File with the MAC key (terminal authentication key) shared with the acquirer, 32 hex digits: every message both ways then carries a MAC (env TAPLINE_ACQUIRER_MAC_KEY with the key itself).")
    var acquirerMACKeyFile: String?

    @Option(name: .customLong("acquirer-zone-master-key-file"), help: "File with the zone master key shared with the acquirer, 32 or 48 hex digits: new MAC and PIN keys sent over 0800 come enciphered under it (env TAPLINE_ACQUIRER_ZONE_MASTER_KEY with the key itself).")
    var acquirerZoneMasterKeyFile: String?

    @Option(name: .customLong("acquirer-key-exchange-interval"), help: "Seconds between the link's requests for a new working key (0800, 70 = 161), 60-86400; needs the zone master key and the MAC key (env TAPLINE_ACQUIRER_KEY_EXCHANGE_INTERVAL, default off: only the host sends new keys).")
    var acquirerKeyExchangeInterval: Int?

    @Option(help: "Several acquirer links and the routing rules among them, from a TOML file (docs/iso8583.md, \"Several acquirers\"; env TAPLINE_ACQUIRERS_FILE). Replaces --processor and the other --acquirer-* flags.")
    var acquirers: String?
}
