/// Why a card reader could not do what it was asked.
public enum CardReaderError: Error, Sendable, Equatable {
    /// The device or OS cannot read cards.
    case notSupported
    /// ``CardReader/prepare(using:)`` has not succeeded yet, or its token expired.
    case notPrepared
    /// The reader token was refused (expired, malformed, or for another device).
    case invalidToken(String)
    /// The merchant did not accept the platform's Tap to Pay terms.
    case accountNotLinked
    /// The operator or the app cancelled the read.
    case cancelled
    /// The customer dismissed the reader's screen.
    case customerCancelled
    /// No card was presented in time.
    case timedOut
    /// The card could not be read, even after retries.
    case readFailed(String)
    /// The PIN could not be captured (cancelled, or the PIN pad failed).
    case pinEntryFailed
    /// Anything else the platform reported, with its own description.
    case platform(String)
}
