import Foundation
import GatewayAPI

/// The Tap to Pay module's mutable state, kept behind its lock.
struct TapToPayState {
    /// Where the current payment is; abort is possible only while waiting for a card.
    enum PaymentPhase: Equatable {
        case idle
        case awaitingCard
        case cardReading
        case authorising
    }

    var readerToken: ReaderTokenResponse?
    /// The reader was prepared with ``readerToken``.
    var prepared = false
    var settings: PaymentSettingsResponse?
    var phase = PaymentPhase.idle
    /// An abort that came before the reader was waiting for the card.
    var abortRequested = false
    /// Where the current payment's events also go (the transaction session's states).
    var paymentObserver: (@Sendable (TTPEvent) -> Void)?
}
