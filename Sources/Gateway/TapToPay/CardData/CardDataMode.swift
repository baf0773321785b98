import Logging

/// How the gateway opens a reader's card data, chosen at start (`--card-data`).
public enum CardDataMode: Sendable {
    /// Tapline's own JWE, sealed to the gateway's card-data key (the default): what the
    /// simulated reader sends.
    case tapline
    /// The payment service provider's decryption service, which opens Apple's format and
    /// answers the EMV TLV: what a real iPhone's reader needs.
    case remote(ProviderServiceEndpoint)

    /// The decryptor of this mode; `keys` serve `tapline`, `logger` hears of a failing service.
    func decryptor(keys: CardKeyRing, logger: Logger) -> any CardDataDecryptor {
        switch self {
        case .tapline: TaplineCardDataDecryptor(keys: keys)
        case .remote(let endpoint): RemoteCardDataDecryptor(client: ProviderServiceClient(endpoint: endpoint), logger: logger)
        }
    }
}
