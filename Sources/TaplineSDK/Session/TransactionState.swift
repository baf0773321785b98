/// Where a transaction session is (the Toro SDK's states). A Tap to Pay payment moves
/// ready → connectingToDevice → [awaitingGratuity] → awaitingCard → authorising →
/// [awaitingPinEntry → authorising] → [awaitingSignature] → completed, or ends
/// cancelled or failed.
public enum TransactionState: String, Sendable, Equatable {
    /// Idle and ready to start.
    case ready
    /// Preparing the card reader (and its reader token).
    case connectingToDevice
    /// Waiting for the customer to choose a gratuity (when gratuity is enabled).
    case awaitingGratuity
    /// Waiting for the customer to tap.
    case awaitingCard
    /// Waiting for the cardholder's signature, taken by the app's ``SignatureProvider``.
    case awaitingSignature
    /// Waiting for the cardholder's PIN (single tap and PIN).
    case awaitingPinEntry
    /// Waiting for the cardholder to choose a card application. Tap to Pay readers choose
    /// the application themselves, so a Tap to Pay session never enters this state.
    case awaitingApplicationSelection
    /// The gateway is authorising the payment.
    case authorising
    /// An outcome was received: approved or declined (see the receipt).
    case completed
    /// The operator or the customer cancelled.
    case cancelled
    /// An error ended the transaction.
    case failed
}

/// Told of every state a ``TransactionSession`` enters.
public protocol TransactionStateListener: AnyObject, Sendable {
    func onTransactionStateChanged(_ state: TransactionState)
}
