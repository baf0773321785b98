/// An event of the Tap to Pay module (ARISE `TTPEvent`): the reader's own, or the SDK's.
public enum TTPEvent: Sendable, Equatable {
    case readerEvent(CardReaderEvent)
    case customEvent(TTPCustomEvent)
}

/// What the SDK reports about a payment's progress (ARISE `TTPCustomEvent`).
public enum TTPCustomEvent: Sendable, Equatable {
    case preparing
    case ready
    case readerNotReady(String)
    case cardDetected
    case cardReadSuccess
    case cardReadFailure
    case authorizing
    case approved
    case declined
    case errorOccurred
    case inProgress
    case updateReaderProgress(Int)
    case unknownEvent(String)
}
