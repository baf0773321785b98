// Transcribed from Apple's documentation; see PaymentCardReader.swift and docs/ios.md.

@available(iOS 15.4, macCatalyst 17.0, *)
extension PaymentCardReaderSession {
    /// `enum ReadError`: errors that can occur during a card read (`readPaymentCard(_:)`,
    /// `capturePIN(using:cardReaderTransactionID:)`, `cancelRead()`). Conforms to Error and
    /// Sendable only.
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror
    public enum ReadError: Error, Sendable {
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/cardreadfailed
        case cardReadFailed
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/invalidamount
        case invalidAmount
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/invalidcurrencycode
        case invalidCurrencyCode
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/invalidpreferredaid
        case invalidPreferredAID
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/invalidvasmerchants(_:)
        case invalidVASMerchants(String?)
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/invalidvasrequestparameters(_:)
        case invalidVASRequestParameters(String?)
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/nfcdisabled
        case nfcDisabled
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/noreadersession
        case noReaderSession
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/passcodedisabled
        case passcodeDisabled
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/paymentcarddeclined
        case paymentCardDeclined
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/paymentreadfailed
        case paymentReadFailed
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/pincancelled
        case pinCancelled
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/pinnotallowed
        case pinNotAllowed
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/pinentryfailed
        case pinEntryFailed
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/pinentrytimeout
        case pinEntryTimeout
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/pintokeninvalid
        case pinTokenInvalid
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/readcancelled
        case readCancelled
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/readfrombackgrounderror
        case readFromBackgroundError
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/readnotallowed
        case readNotAllowed
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/readnotallowedduringcall
        case readNotAllowedDuringCall
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/readerserviceconnectionerror
        case readerServiceConnectionError
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/readerserviceerror
        case readerServiceError
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/readersessionauthenticationerror
        case readerSessionAuthenticationError
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/readersessionbusy
        case readerSessionBusy
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/readersessionexpired
        case readerSessionExpired
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/readersessionnetworkerror
        case readerSessionNetworkError
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/readertokenexpired
        case readerTokenExpired
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/vasreadfail
        case vasReadFail
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/cardnotsupported
        case cardNotSupported
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/readerinitializationfailed
        case readerInitializationFailed
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/readernotavailable
        case readerNotAvailable
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/storeandforwarddeclinefailed
        case storeAndForwardDeclineFailed
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/storeandforwardresultnotfound
        case storeAndForwardResultNotFound
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/unknown(code:)
        case unknown(code: Int)
    }
}
