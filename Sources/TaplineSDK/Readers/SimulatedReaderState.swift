import CardData
import Foundation

/// The simulated reader's mutable state, kept behind its lock.
struct SimulatedReaderState {
    enum Phase: Equatable {
        case idle
        case awaitingCard
        case reading
    }

    var customer: SimulatedCustomer
    var accountLinked: Bool
    var sealingKey: SealingKey?
    var tokenExpiry: Date?
    var readerId = "simulated-reader"
    var phase = Phase.idle
    var eventHandler: (@Sendable (CardReaderEvent) -> Void)?
    /// Reads made, by id, so a PIN can be captured for one.
    var reads: [String: CardReadRequest] = [:]
    var pinsUsed = 0
    private var cardWaiter: CheckedContinuation<Bool, Never>?
    private var finishWaiter: CheckedContinuation<Void, Never>?
    private var cardPresented = false
    private var readFinished = false
    private var cancelled = false

    init(customer: SimulatedCustomer, accountLinked: Bool) {
        self.customer = customer
        self.accountLinked = accountLinked
    }

    mutating func nextPIN() -> String? {
        guard pinsUsed < customer.pinEntries.count else { return nil }
        defer { pinsUsed += 1 }
        return customer.pinEntries[pinsUsed]
    }

    /// A cancel only reaches a read still waiting for its card.
    mutating func cancelWaitingRead() {
        guard phase == .awaitingCard else { return }
        if let waiter = cardWaiter {
            cardWaiter = nil
            waiter.resume(returning: false)
        } else {
            cancelled = true
        }
    }

    /// A new read starts without a cancel left over from an earlier one.
    mutating func takeCancellationIgnoringResult() { cancelled = false }

    mutating func takeCancellation() -> Bool {
        defer { cancelled = false }
        return cancelled
    }

    mutating func waitForCard(_ continuation: CheckedContinuation<Bool, Never>) {
        if cancelled {
            cancelled = false
            continuation.resume(returning: false)
        } else if cardPresented {
            cardPresented = false
            continuation.resume(returning: true)
        } else {
            cardWaiter = continuation
        }
    }

    mutating func presentCard() {
        if let waiter = cardWaiter {
            cardWaiter = nil
            waiter.resume(returning: true)
        } else {
            cardPresented = true
        }
    }

    mutating func waitForFinish(_ continuation: CheckedContinuation<Void, Never>) {
        if readFinished {
            readFinished = false
            continuation.resume()
        } else {
            finishWaiter = continuation
        }
    }

    mutating func finishRead() {
        if let waiter = finishWaiter {
            finishWaiter = nil
            waiter.resume()
        } else {
            readFinished = true
        }
    }
}
