import CardData
import Foundation

/// Opens a reader's `paymentCardData` into the EMV read it holds, chosen at start
/// (`--card-data`): Tapline's own JWE (``TaplineCardDataDecryptor``) or the payment service
/// provider's decryption service (``RemoteCardDataDecryptor``). Whatever opens it,
/// ``TapDataOpener`` then checks the read the same way: binding, age, the general data,
/// expiry, amount and currency, before anything is written.
///
/// The mode that does not open the data at all (`pass-through`) is no decryptor: it has no
/// ``CardRead`` to give (``CardDataHandling/passThrough``).
protocol CardDataDecryptor: Sendable {
    /// The read in `paymentCardData`, with the reader binding it carries. Throws a
    /// ``GatewayFailure``: a 4xx refusal for data that does not open, a 503 when the
    /// decryption service cannot answer. No error carries card data.
    func decrypt(_ paymentCardData: String, context: CardDataContext) async throws -> DecryptedCardData
}

/// What the request says about the read, which a decryption service may check against what it
/// finds (Tapline's own decryptor needs none of it).
struct CardDataContext: Sendable, Equatable {
    var merchantId: String
    var deviceId: String
    /// The reader's `generalCardData` as received (base64, nothing sensitive).
    var generalCardData: String
    /// What the request asks, minor units with tip, when the route names an amount (`/v1`).
    var amount: Int64?
    /// The request's ISO 4217 code, when it names one.
    var currency: String?
}

/// A read the decryptor opened: the card data in memory only, for this request.
struct DecryptedCardData: Sendable {
    var read: CardRead
    /// The PIN deciphered from the read's PIN block, if any.
    var pin: PIN?
    /// The merchant and device the read was made for; nil when the data names none (refused).
    var binding: ReaderBinding?
}
