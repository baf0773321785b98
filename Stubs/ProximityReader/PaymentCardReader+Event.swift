// Transcribed from Apple's documentation; see PaymentCardReader.swift and docs/ios.md.

@available(iOS 16.0, macCatalyst 17.0, *)
extension PaymentCardReader {
    /// `enum Event`: the state or activity of the payment card reader. Conforms to Sendable.
    /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/event
    public enum Event: Sendable {
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/event/carddetected
        case cardDetected
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/event/pinentrycompleted
        case pinEntryCompleted
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/event/pinentryrequested
        case pinEntryRequested
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/event/readcancelled
        case readCancelled
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/event/readcompleted
        case readCompleted
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/event/readnotcompleted
        case readNotCompleted
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/event/readretry
        case readRetry
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/event/readyfortap
        case readyForTap
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/event/removecard
        case removeCard
        /// `case updateProgress(Int)`: 1 to 100.
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/event/updateprogress(_:)
        case updateProgress(Int)
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/event/userinterfacedismissed
        case userInterfaceDismissed
        /// https://developer.apple.com/documentation/proximityreader/paymentcardreader/event/notready
        case notReady
    }
}
