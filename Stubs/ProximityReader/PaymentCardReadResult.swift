// Transcribed from Apple's documentation; see PaymentCardReader.swift and docs/ios.md.

/// The result of a payment card read operation; apps never create it. Conforms to
/// Identifiable and Sendable.
/// https://developer.apple.com/documentation/proximityreader/paymentcardreadresult
@available(iOS 15.4, macCatalyst 17.0, *)
public struct PaymentCardReadResult: Identifiable, Sendable {
    init() { fatalError("stub: never run") }

    /// `let id: String`: the read's id, which `capturePIN` takes as `cardReaderTransactionID`.
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadresult/id
    public let id: String

    /// `let generalCardData: String?`: Base64, general cardholder and terminal data (TLV).
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadresult/generalcarddata
    public let generalCardData: String?

    /// `let paymentCardData: String?`: Base64, encrypted for the payment service provider.
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadresult/paymentcarddata
    public let paymentCardData: String?
}
