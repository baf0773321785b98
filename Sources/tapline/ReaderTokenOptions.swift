import ArgumentParser

/// `tapline serve`'s choice of reader tokens: Tapline's own (the simulated reader), signed
/// with the payment service provider's key and claims, or fetched from the provider's token
/// service (both for Apple's reader on an iPhone).
struct ReaderTokenOptions: ParsableArguments {
    @Option(name: .customLong("reader-tokens"), help: "tapline, signed with the provider's key, or remote from the provider's token service (env TAPLINE_READER_TOKENS, default tapline).")
    var mode: String?

    @Option(name: .customLong("reader-token-key"), help: "Signed tokens: the provider's P-256 private key, a PEM file (env TAPLINE_READER_TOKEN_KEY).")
    var keyFile: String?

    @Option(name: .customLong("reader-token-key-id"), help: "Signed tokens: the key's id, the tokens' kid (env TAPLINE_READER_TOKEN_KEY_ID).")
    var keyId: String?

    @Option(name: .customLong("reader-token-issuer"), help: "Signed tokens: what {{issuer}} in the claims becomes (env TAPLINE_READER_TOKEN_ISSUER).")
    var issuer: String?

    @Option(name: .customLong("reader-token-claims"), help: "Signed tokens: the JSON claim template file (env TAPLINE_READER_TOKEN_CLAIMS).")
    var claimsFile: String?

    @Option(name: .customLong("reader-token-service"), help: "Remote tokens: the provider's token service, an https URL (env TAPLINE_READER_TOKEN_SERVICE).")
    var service: String?

    @Option(name: .customLong("reader-token-service-cert"), help: "Remote tokens: the gateway's client certificate for mutual TLS, PEM (env TAPLINE_READER_TOKEN_SERVICE_CERT).")
    var serviceCert: String?

    @Option(name: .customLong("reader-token-service-key"), help: "Remote tokens: that certificate's private key, PEM (env TAPLINE_READER_TOKEN_SERVICE_KEY).")
    var serviceKey: String?

    @Option(name: .customLong("reader-token-service-ca"), help: "Remote tokens: the CA of the service's certificate, PEM; the system's roots if not given (env TAPLINE_READER_TOKEN_SERVICE_CA).")
    var serviceCA: String?

    @Option(name: .customLong("reader-token-service-timeout"), help: "Remote tokens: seconds one call to the service may take, 1 to 30 (env TAPLINE_READER_TOKEN_SERVICE_TIMEOUT, default 5).")
    var serviceTimeout: Int?
}
