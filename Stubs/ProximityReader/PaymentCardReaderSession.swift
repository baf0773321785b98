// Transcribed from Apple's documentation; see PaymentCardReader.swift and docs/ios.md.

/// The object you use to start reading a contactless payment or loyalty card; apps get it
/// from `prepare(using:)`, never create it. Conforms to Sendable.
/// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession
@available(iOS 15.4, macCatalyst 17.0, *)
public class PaymentCardReaderSession: @unchecked Sendable {
    init() { fatalError("stub: never run") }

    /// `func readPaymentCard(_ request: PaymentCardTransactionRequest) async throws -> PaymentCardReadResult`
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readpaymentcard(_:)-8jol5
    @available(iOS 16.0, macCatalyst 17.0, *)
    public func readPaymentCard(_ request: PaymentCardTransactionRequest) async throws -> PaymentCardReadResult {
        fatalError("stub: never run")
    }

    /// `func capturePIN(using token: PaymentCardReaderSession.PINToken, cardReaderTransactionID: String) async throws -> PaymentCardReadResult`
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/capturepin(using:cardreadertransactionid:)
    @available(iOS 16.0, macCatalyst 17.0, *)
    public func capturePIN(using token: PaymentCardReaderSession.PINToken, cardReaderTransactionID: String) async throws
        -> PaymentCardReadResult
    {
        fatalError("stub: never run")
    }

    /// `func cancelRead() async throws -> Bool`
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/cancelread()
    public func cancelRead() async throws -> Bool { fatalError("stub: never run") }
}

@available(iOS 16.0, macCatalyst 17.0, *)
extension PaymentCardReaderSession {
    /// A secure PIN token from the payment service provider. Conforms to Equatable, Hashable,
    /// RawRepresentable, Sendable.
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/pintoken
    public struct PINToken: Hashable, RawRepresentable, Sendable {
        /// `let rawValue: String`
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/pintoken/rawvalue
        public let rawValue: String

        /// `init(rawValue: String)`
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/pintoken/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }
    }
}
