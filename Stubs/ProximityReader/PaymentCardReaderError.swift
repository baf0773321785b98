// Transcribed from Apple's documentation; see PaymentCardReader.swift and docs/ios.md.
import Foundation

/// `enum PaymentCardReaderError`: problems with the configuration of the reader, thrown by
/// `prepare(using:)`, `linkAccount(using:)` and `isAccountLinked(using:)`. Conforms to Error
/// and Sendable only (not Equatable, so callers match its cases with patterns, never `==`).
/// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror
@available(iOS 15.4, macCatalyst 17.0, *)
public enum PaymentCardReaderError: Error, Sendable {
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/accountalreadylinked
    case accountAlreadyLinked
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/accountdeactivated
    case accountDeactivated
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/accountlinkingcancelled
    case accountLinkingCancelled
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/accountlinkingcheckfailed
    case accountLinkingCheckFailed
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/accountlinkingfailed
    case accountLinkingFailed
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/accountlinkingrequiresicloudsignin
    case accountLinkingRequiresiCloudSignIn
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/accountnotlinked
    case accountNotLinked
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/backgroundrequestnotallowed
    case backgroundRequestNotAllowed
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/devicebanned(_:)
    case deviceBanned(Date?)
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/emptyreadertoken
    case emptyReaderToken
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/invalidmerchant
    case invalidMerchant
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/invalidreadertoken(_:)
    case invalidReaderToken(String?)
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/merchantblocked
    case merchantBlocked
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/modelnotsupported
    case modelNotSupported
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/networkauthenticationerror
    case networkAuthenticationError
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/networkerror
    case networkError
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/notallowed
    case notAllowed
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/notready
    case notReady
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/osversionnotsupported
    case osVersionNotSupported
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/passcodedisabled
    case passcodeDisabled
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/prepareexpired
    case prepareExpired
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/preparefailed(_:)
    case prepareFailed(String?)
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/readerbusy
    case readerBusy
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/readermemoryfull
    case readerMemoryFull
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/serviceconnectionerror
    case serviceConnectionError
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/tokenexpired
    case tokenExpired
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/unsupported
    case unsupported
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/unknown(code:)
    case unknown(code: Int)
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/requestinterrupted
    case requestInterrupted
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/storeandforwardnotallowed
    case storeAndForwardNotAllowed
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/storeandforwardsessionexpired
    case storeAndForwardSessionExpired
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/storeandforwardsessioninvalidated
    case storeAndForwardSessionInvalidated
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreadererror/storeandforwardtokenissuerchanged
    case storeAndForwardTokenIssuerChanged
}
