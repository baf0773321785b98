import ArgumentParser

/// `tapline serve`'s choice of how card data is opened: Tapline's own JWE (the simulated
/// reader), or the payment service provider's decryption service (Apple's reader on an iPhone).
struct CardDataOptions: ParsableArguments {
    @Option(name: .customLong("card-data"), help: "tapline; remote: the provider's decryption service; or pass-through: unopened to the acquirer, which decrypts it (env TAPLINE_CARD_DATA, default tapline).")
    var mode: String?

    @Option(name: .customLong("card-data-service"), help: "Remote card data: the decryption service's https URL (env TAPLINE_CARD_DATA_SERVICE).")
    var service: String?

    @Option(name: .customLong("card-data-service-cert"), help: "Remote card data: the gateway's client certificate for mutual TLS, PEM (env TAPLINE_CARD_DATA_SERVICE_CERT).")
    var certificateFile: String?

    @Option(name: .customLong("card-data-service-key"), help: "Remote card data: that certificate's private key, PEM (env TAPLINE_CARD_DATA_SERVICE_KEY).")
    var keyFile: String?

    @Option(name: .customLong("card-data-service-ca"), help: "Remote card data: the service certificate's authority, PEM; default the system's roots (env TAPLINE_CARD_DATA_SERVICE_CA).")
    var caFile: String?

    @Option(name: .customLong("card-data-service-timeout"), help: "Remote card data: seconds one exchange may take, 1-60 (env TAPLINE_CARD_DATA_SERVICE_TIMEOUT, default 5).")
    var timeout: Int?

    @Option(name: .customLong("card-data-service-pin-key"), help: "Remote card data: file with the PIN key shared with the service, 32 or 48 hex digits, to decipher the PIN blocks it answers (env TAPLINE_CARD_DATA_SERVICE_PIN_KEY).")
    var pinKeyFile: String?
}
