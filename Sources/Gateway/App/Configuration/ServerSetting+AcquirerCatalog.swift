extension ServerSetting {
    static let acquirer: [ServerSetting] = [
        processor, acquirerConnections, acquirerResponseTimeout, acquirerEchoInterval, acquirerTLSCA, acquirerTLSCert, acquirerTLSKey,
        acquirerTLSPin, zonePINKeyFile, zonePINKey, acquirerMACKeyFile, acquirerMACKey, acquirerZoneMasterKeyFile, acquirerZoneMasterKey,
        acquirerKeyExchangeInterval, acquiringInstitutionId, acquirers,
    ]

    public static let processor = ServerSetting(
        "processor", "TAPLINE_PROCESSOR", default: "simulator",
        "simulator, or an acquirer host: iso8583://host:port, or iso8583s://host:port over TLS")
    public static let acquirerConnections = ServerSetting(
        "acquirer-connections", "TAPLINE_ACQUIRER_CONNECTIONS", default: "2", "Connections kept open to the acquirer host, 1 to 16")
    public static let acquirerResponseTimeout = ServerSetting(
        "acquirer-response-timeout", "TAPLINE_ACQUIRER_RESPONSE_TIMEOUT", default: "25",
        "Seconds the link waits for each answer before the request fails and is reversed, 5 to 60")
    public static let acquirerEchoInterval = ServerSetting(
        "acquirer-echo-interval", "TAPLINE_ACQUIRER_ECHO_INTERVAL", default: "60",
        "Seconds an idle acquirer connection waits before an echo test, 10 to 600")
    public static let acquirerTLSCA = ServerSetting(
        "acquirer-tls-ca", "TAPLINE_ACQUIRER_TLS_CA",
        "With iso8583s://: PEM certificates the host's certificate must chain to (the system's roots when not given)")
    public static let acquirerTLSCert = ServerSetting(
        "acquirer-tls-cert", "TAPLINE_ACQUIRER_TLS_CERT",
        "With iso8583s://: the gateway's client certificate chain (PEM) for mutual TLS, with acquirer-tls-key; re-read for each new connection")
    public static let acquirerTLSKey = ServerSetting(
        "acquirer-tls-key", "TAPLINE_ACQUIRER_TLS_KEY", "With iso8583s://: the private key (PEM) of acquirer-tls-cert")
    public static let acquirerTLSPin = ServerSetting(
        "acquirer-tls-pin", "TAPLINE_ACQUIRER_TLS_PIN",
        "With iso8583s://: the SHA-256 fingerprint (hex, colons allowed) the host's certificate must also have")
    public static let zonePINKeyFile = ServerSetting(
        "zone-pin-key-file", "TAPLINE_ZONE_PIN_KEY_FILE",
        "A file with the zone PIN key shared with the acquirer, 32 or 48 hex digits, for field 52 (without it a payment that needs a PIN fails)")
    public static let zonePINKey = ServerSetting(
        "zone-pin-key", "TAPLINE_ZONE_PIN_KEY", flag: false, file: false, secret: true,
        "The zone PIN key itself, in the environment only (beaten by zone-pin-key-file)")
    public static let acquirerMACKeyFile = ServerSetting(
        "acquirer-mac-key-file", "TAPLINE_ACQUIRER_MAC_KEY_FILE",
        "A file with the MAC key (terminal authentication key) shared with the acquirer, 32 hex digits: every message both ways then carries a MAC")
    public static let acquirerMACKey = ServerSetting(
        "acquirer-mac-key", "TAPLINE_ACQUIRER_MAC_KEY", flag: false, file: false, secret: true,
        "The MAC key itself, in the environment only (beaten by acquirer-mac-key-file)")
    public static let acquirerZoneMasterKeyFile = ServerSetting(
        "acquirer-zone-master-key-file", "TAPLINE_ACQUIRER_ZONE_MASTER_KEY_FILE",
        "A file with the zone master key shared with the acquirer, 32 or 48 hex digits: new MAC and PIN keys sent over 0800 come under it")
    public static let acquirerZoneMasterKey = ServerSetting(
        "acquirer-zone-master-key", "TAPLINE_ACQUIRER_ZONE_MASTER_KEY", flag: false, file: false, secret: true,
        "The zone master key itself, in the environment only (beaten by acquirer-zone-master-key-file)")
    public static let acquirerKeyExchangeInterval = ServerSetting(
        "acquirer-key-exchange-interval", "TAPLINE_ACQUIRER_KEY_EXCHANGE_INTERVAL", default: "off",
        "Seconds between the link's requests for a new working key (0800, 70 = 161), 60 to 86400; needs the zone master key and the "
            + "MAC key (off: only the host sends new keys)")
    public static let acquiringInstitutionId = ServerSetting(
        "acquiring-institution-id", "TAPLINE_ACQUIRING_INSTITUTION_ID", flag: false,
        "1 to 11 digits, sent as field 32 and in field 90 (not sent when not given)")
    public static let acquirers = ServerSetting(
        "acquirers", "TAPLINE_ACQUIRERS_FILE",
        "A TOML file of several acquirer links and the routing rules among them (docs/iso8583.md, \"Several acquirers\"); "
            + "replaces processor and the single link's settings, which are then refused")
}
