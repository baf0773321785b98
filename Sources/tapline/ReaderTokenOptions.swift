import ArgumentParser

/// `tapline serve`'s choice of reader tokens: Tapline's own (the simulated reader), or signed
/// with the payment service provider's key and claims (Apple's reader on an iPhone).
struct ReaderTokenOptions: ParsableArguments {
    @Option(name: .customLong("reader-tokens"), help: "tapline, or signed with the provider's key (env TAPLINE_READER_TOKENS, default tapline).")
    var mode: String?

    @Option(name: .customLong("reader-token-key"), help: "Signed tokens: the provider's P-256 private key, a PEM file (env TAPLINE_READER_TOKEN_KEY).")
    var keyFile: String?

    @Option(name: .customLong("reader-token-key-id"), help: "Signed tokens: the key's id, the tokens' kid (env TAPLINE_READER_TOKEN_KEY_ID).")
    var keyId: String?

    @Option(name: .customLong("reader-token-issuer"), help: "Signed tokens: what {{issuer}} in the claims becomes (env TAPLINE_READER_TOKEN_ISSUER).")
    var issuer: String?

    @Option(name: .customLong("reader-token-claims"), help: "Signed tokens: the JSON claim template file (env TAPLINE_READER_TOKEN_CLAIMS).")
    var claimsFile: String?
}
