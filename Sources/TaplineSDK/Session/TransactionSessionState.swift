/// A session's mutable state, behind its lock.
struct TransactionSessionState {
    var state = TransactionState.ready
    var listeners: [WeakListener] = []
    /// Cancel asked for before the card reader was waiting (gratuity prompt, preparing).
    var cancelRequested = false
}

/// A listener held weakly, so a session never keeps a view controller alive.
struct WeakListener {
    weak var listener: (any TransactionStateListener)?
}
