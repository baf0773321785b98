#if canImport(ProximityReader) && (os(iOS) || TAPLINE_PROXIMITYREADER_STUBS)
import Foundation
import ProximityReader
import TaplineSDK

/// Apple's events, results and errors in Tapline's terms.
@available(iOS 16.4, macCatalyst 17.0, *)
extension ProximityCardReader {
    /// One to one: `CardReaderEvent` was named after Apple's cases. Nil for a case a newer
    /// SDK adds, which Tapline has no name for yet.
    // https://developer.apple.com/documentation/proximityreader/paymentcardreader/event
    static func cardReaderEvent(_ event: PaymentCardReader.Event) -> CardReaderEvent? {
        switch event {
        case .updateProgress(let percent): .updateProgress(percent)
        case .notReady: .notReady
        case .readyForTap: .readyForTap
        case .cardDetected: .cardDetected
        case .removeCard: .removeCard
        case .readCompleted: .readCompleted
        case .readRetry: .readRetry
        case .readCancelled: .readCancelled
        case .pinEntryRequested: .pinEntryRequested
        case .pinEntryCompleted: .pinEntryCompleted
        case .userInterfaceDismissed: .userInterfaceDismissed
        case .readNotCompleted: .readNotCompleted
        @unknown default: nil
        }
    }

    /// The read's id and its two Base64 blobs; Apple declares the blobs optional, and a read
    /// without them is nothing the gateway can use. `paymentCardData` is valid for 60 s, so
    /// the caller sends it on at once.
    // https://developer.apple.com/documentation/proximityreader/paymentcardreadresult
    // https://developer.apple.com/documentation/proximityreader/paymentcardreadresult/id
    static func cardReadResult(_ result: PaymentCardReadResult) throws(CardReaderError) -> CardReadResult {
        guard let general = result.generalCardData, let payment = result.paymentCardData else {
            throw .readFailed("the read returned no card data")
        }
        return CardReadResult(id: result.id, generalCardData: general, paymentCardData: payment)
    }

    /// Any error out of ProximityReader (or a cancelled Swift task) as a ``CardReaderError``.
    static func cardReaderError(_ error: any Error) -> CardReaderError {
        switch error {
        case let error as CardReaderError: error
        case is CancellationError: .cancelled
        case let error as PaymentCardReaderSession.ReadError: readError(error)
        case let error as PaymentCardReaderError: readerError(error)
        default: .platform(String(describing: error))
        }
    }

    /// Errors of `readPaymentCard`, `capturePIN` and `cancelRead`.
    // https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror
    private static func readError(_ error: PaymentCardReaderSession.ReadError) -> CardReaderError {
        switch error {
        // Apple has one case for every cancellation: the app's cancelRead() and the customer
        // closing the sheet both end here, so `.customerCancelled` cannot be told apart.
        case .readCancelled: .cancelled
        // The only timeout Apple reports; it documents none for a card never presented.
        // https://developer.apple.com/documentation/proximityreader/paymentcardreadersession/readerror/pinentrytimeout
        case .pinEntryTimeout: .timedOut
        case .cardReadFailed, .paymentReadFailed, .paymentCardDeclined: .readFailed(String(describing: error))
        case .pinCancelled, .pinEntryFailed, .pinNotAllowed: .pinEntryFailed
        case .pinTokenInvalid: .invalidToken(String(describing: error))
        // The session is gone (app went to the background, or its token expired): prepare again.
        case .noReaderSession, .readerSessionExpired, .readerTokenExpired: .notPrepared
        default: .platform(String(describing: error))
        }
    }

    /// Errors of `linkAccount`, `isAccountLinked` and `prepare`.
    // https://developer.apple.com/documentation/proximityreader/paymentcardreadererror
    private static func readerError(_ error: PaymentCardReaderError) -> CardReaderError {
        switch error {
        case .accountNotLinked: .accountNotLinked
        // The merchant closed Apple's terms sheet.
        case .accountLinkingCancelled: .cancelled
        case .invalidReaderToken(let detail): .invalidToken(detail ?? String(describing: error))
        case .emptyReaderToken, .tokenExpired, .invalidMerchant: .invalidToken(String(describing: error))
        case .unsupported, .modelNotSupported, .osVersionNotSupported: .notSupported
        case .notReady, .prepareExpired: .notPrepared
        default: .platform(String(describing: error))
        }
    }
}
#endif
