import CardData
import Logging

/// How the gateway opens a reader's card data, chosen at start (`--card-data`).
public enum CardDataMode: Sendable {
    /// Tapline's own JWE, sealed to the gateway's card-data key (the default): what the
    /// simulated reader sends.
    case tapline
    /// The payment service provider's decryption service, which opens Apple's format and
    /// answers the EMV TLV: what a real iPhone's reader needs. `pinKey` is the triple-DES key
    /// the service enciphers a read's PIN under (ISO 9564 format 0); without it PIN reads fail.
    case remote(ProviderServiceEndpoint, pinKey: TripleDESKey? = nil)
    /// Not opened at all: sent on to the acquirer, which decrypts it (ISO 8583 field 120).
    /// Needs the acquirer link: the simulator cannot open it.
    case passThrough

    /// What the opener does in this mode; `keys` serve `tapline`, `logger` hears of a failing
    /// service.
    func handling(keys: CardKeyRing, logger: Logger) -> CardDataHandling {
        switch self {
        case .tapline: .open(TaplineCardDataDecryptor(keys: keys))
        case .remote(let endpoint, let pinKey):
            .open(RemoteCardDataDecryptor(client: ProviderServiceClient(endpoint: endpoint), pinKey: pinKey, logger: logger))
        case .passThrough: .passThrough
        }
    }
}

/// What ``TapDataOpener`` does with a reader's `paymentCardData`: open it with a
/// ``CardDataDecryptor`` and check the read, or pass it on sealed to the acquirer.
enum CardDataHandling: Sendable {
    case open(any CardDataDecryptor)
    case passThrough
}
