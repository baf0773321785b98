import PaymentCore

/// Work a write asks to run once its transaction has committed, and never if it rolls
/// back: telling another task (the webhook worker) that rows it can now see exist. Every
/// store runs these itself, after COMMIT, in the order they were added.
public final class AfterCommit: Sendable {
    private let actions = LockedBox<[@Sendable () -> Void]>([])

    public init() {}

    /// Queues `action` for after the commit.
    public func add(_ action: @escaping @Sendable () -> Void) {
        actions.withLock { $0.append(action) }
    }

    /// Runs what was queued; the store calls this once the transaction has committed.
    public func run() {
        for action in actions.withLock({ queued -> [@Sendable () -> Void] in defer { queued = [] }; return queued }) {
            action()
        }
    }
}
