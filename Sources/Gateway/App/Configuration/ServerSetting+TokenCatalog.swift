extension ServerSetting {
    static let readerTokenSettings: [ServerSetting] = [
        readerTokens, readerTokenKey, readerTokenKeyId, readerTokenIssuer, readerTokenClaims, readerTokenService,
        readerTokenServiceCert, readerTokenServiceKey, readerTokenServiceCA, readerTokenServiceTimeout,
    ]
    static let cardDataSettings: [ServerSetting] = [
        cardData, cardDataService, cardDataServiceCert, cardDataServiceKey, cardDataServiceCA, cardDataServiceTimeout, cardDataServicePINKey,
    ]

    public static let readerTokens = ServerSetting(
        "reader-tokens", "TAPLINE_READER_TOKENS", default: "tapline",
        "tapline: Tapline's own, for the simulated reader; signed with the provider's key, or remote from the provider's token service, "
            + "for a real iPhone")
    public static let readerTokenKey = ServerSetting(
        "reader-token-key", "TAPLINE_READER_TOKEN_KEY", "Signed tokens: the provider's P-256 private key, a PEM file (SEC1 or PKCS#8)")
    public static let readerTokenKeyId = ServerSetting(
        "reader-token-key-id", "TAPLINE_READER_TOKEN_KEY_ID", "Signed tokens: the key's id, the tokens' kid")
    public static let readerTokenIssuer = ServerSetting(
        "reader-token-issuer", "TAPLINE_READER_TOKEN_ISSUER", "Signed tokens: what {{issuer}} in the claims becomes")
    public static let readerTokenClaims = ServerSetting(
        "reader-token-claims", "TAPLINE_READER_TOKEN_CLAIMS", "Signed tokens: the JSON claim template file")
    public static let readerTokenService = ServerSetting(
        "reader-token-service", "TAPLINE_READER_TOKEN_SERVICE", "Remote tokens: the provider's token service, an https URL")
    public static let readerTokenServiceCert = ServerSetting(
        "reader-token-service-cert", "TAPLINE_READER_TOKEN_SERVICE_CERT",
        "Remote tokens: the gateway's client certificate for mutual TLS, PEM")
    public static let readerTokenServiceKey = ServerSetting(
        "reader-token-service-key", "TAPLINE_READER_TOKEN_SERVICE_KEY", "Remote tokens: that certificate's private key, PEM")
    public static let readerTokenServiceCA = ServerSetting(
        "reader-token-service-ca", "TAPLINE_READER_TOKEN_SERVICE_CA",
        "Remote tokens: the CA of the service's certificate, PEM (the system's roots when not given)")
    public static let readerTokenServiceTimeout = ServerSetting(
        "reader-token-service-timeout", "TAPLINE_READER_TOKEN_SERVICE_TIMEOUT", default: "5",
        "Remote tokens: seconds one call to the service may take, 1 to 30")

    public static let cardData = ServerSetting(
        "card-data", "TAPLINE_CARD_DATA", default: "tapline",
        "tapline: Tapline's own sealed card data; remote: the provider's decryption service opens it; pass-through: sent unopened "
            + "to an acquirer that decrypts it (needs processor iso8583://…)")
    public static let cardDataService = ServerSetting(
        "card-data-service", "TAPLINE_CARD_DATA_SERVICE", "Remote card data: the decryption service's https URL")
    public static let cardDataServiceCert = ServerSetting(
        "card-data-service-cert", "TAPLINE_CARD_DATA_SERVICE_CERT", "Remote card data: the gateway's client certificate for mutual TLS, PEM")
    public static let cardDataServiceKey = ServerSetting(
        "card-data-service-key", "TAPLINE_CARD_DATA_SERVICE_KEY", "Remote card data: that certificate's private key, PEM")
    public static let cardDataServiceCA = ServerSetting(
        "card-data-service-ca", "TAPLINE_CARD_DATA_SERVICE_CA",
        "Remote card data: the service certificate's authority, PEM (the system's roots when not given)")
    public static let cardDataServiceTimeout = ServerSetting(
        "card-data-service-timeout", "TAPLINE_CARD_DATA_SERVICE_TIMEOUT", default: "5",
        "Remote card data: seconds one exchange may take, 1 to 60")
    public static let cardDataServicePINKey = ServerSetting(
        "card-data-service-pin-key", "TAPLINE_CARD_DATA_SERVICE_PIN_KEY",
        "Remote card data: a file with the PIN key shared with the service, 32 or 48 hex digits (without it a PIN read through the "
            + "service is refused)")
}
