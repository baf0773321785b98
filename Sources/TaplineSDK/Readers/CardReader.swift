import Foundation
import GatewayAPI

/// A contactless card reader: what the Tap to Pay module drives. It follows the shape of
/// Apple's `PaymentCardReader` and `PaymentCardReaderSession`, so `ProximityCardReader`
/// (module `TaplineSDKProximityReader`) wraps Apple's reader and ``SimulatedCardReader``
/// stands in for it on Linux, in CI and in the simulator.
///
/// A reader reports what happens through the handler given to ``setEventHandler(_:)``,
/// called in order and before the method that caused the event returns.
public protocol CardReader: AnyObject, Sendable {
    /// What this device offers for Tap to Pay (model, OS, location permission, entitlement).
    func checkCompatibility() -> TTPCompatibilityResult

    /// Whether the merchant's account is linked to the platform's Tap to Pay service
    /// (Apple: the merchant accepted the Tap to Pay terms).
    func isAccountLinked(using token: CardReaderToken) async throws(CardReaderError) -> Bool

    /// Links the merchant's account, showing the platform's terms when needed.
    func linkAccount(using token: CardReaderToken) async throws(CardReaderError)

    /// Configures the reader to read cards for the merchant and key `token` names.
    /// Afterwards the reader is ready until the app leaves the foreground or `token` expires.
    func prepare(using token: CardReaderToken) async throws(CardReaderError)

    /// Reads a card for `request`; the result's card data is sealed for the gateway.
    func readPaymentCard(_ request: CardReadRequest) async throws(CardReaderError) -> CardReadResult

    /// Asks the cardholder for the PIN the issuer wants (single tap and PIN) and returns the
    /// read of `cardReaderTransactionID` again, now with the PIN, under `pinToken`.
    func capturePIN(using pinToken: String, cardReaderTransactionID: String) async throws(CardReaderError) -> CardReadResult

    /// Cancels a read waiting for a card; the read then throws ``CardReaderError/cancelled``.
    func cancelRead() async

    /// Where the reader reports its events (``CardReaderEvent``).
    func setEventHandler(_ handler: @escaping @Sendable (CardReaderEvent) -> Void)

    /// Shows the platform's Tap to Pay education screens from `presenter` (a
    /// `UIViewController` on iOS). Readers without such content throw ``CardReaderError/notSupported``.
    @MainActor
    func showEducationalInfo(from presenter: AnyObject) async throws(CardReaderError)
}

/// The gateway's reader token (Apple: `PaymentCardReader.Token`): which merchant and device
/// may read cards, and the key card data is sealed to.
public struct CardReaderToken: Sendable, Equatable {
    public var rawValue: String
    /// The gateway's whole answer the token came in, when it came from the gateway: its
    /// card-data key, merchant, device and expiry. A reader that seals card data itself (the
    /// simulated reader) takes them from here when the token is not Tapline's own (a payment
    /// service provider's token for Apple's reader is opaque to it).
    public var issued: ReaderTokenResponse?

    public init(rawValue: String) { self.rawValue = rawValue }

    /// The token of the gateway's answer `issued`.
    public init(_ issued: ReaderTokenResponse) {
        rawValue = issued.token
        self.issued = issued
    }
}
