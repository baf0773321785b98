/// What a card reader reports while it works (ARISE `TTPReaderEvent`, Apple's
/// `PaymentCardReader.Event`).
public enum CardReaderEvent: Sendable, Equatable {
    /// Configuration progress, 0–100.
    case updateProgress(Int)
    case notReady
    case readyForTap
    case cardDetected
    case removeCard
    case readCompleted
    /// The card was not read; the customer is asked to tap again.
    case readRetry
    case readCancelled
    case pinEntryRequested
    case pinEntryCompleted
    case userInterfaceDismissed
    case readNotCompleted
}
