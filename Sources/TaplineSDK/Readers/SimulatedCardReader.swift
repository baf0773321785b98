import CardData
import Foundation
import PaymentCore

/// A card reader without hardware: it reads a test card and seals its data to the gateway's
/// key from the reader token, exactly as a phone's reader output reaches the gateway. Use it
/// on Linux, in CI and in the iOS simulator.
///
/// ``customer`` says what happens at the counter (which card, retries, the PIN, cancelling);
/// ``Pace`` says how fast: at once, with delays that look real, or step by step for tests
/// (``presentCard()`` and ``finishRead()``).
public final class SimulatedCardReader: CardReader {
    /// How a read moves on.
    public enum Pace: Sendable, Equatable {
        /// Every step happens at once.
        case immediate
        /// The customer takes this long to tap, and the PIN as long again.
        case delayed(Duration)
        /// The read waits for ``presentCard()``, then for ``finishRead()`` after the card is detected.
        case manual
    }

    let state: LockedBox<SimulatedReaderState>
    let pace: Pace
    let compatibility: TTPCompatibilityResult
    let now: @Sendable () -> Date

    public init(customer: SimulatedCustomer = SimulatedCustomer(), pace: Pace = .immediate,
                compatibility: TTPCompatibilityResult = .simulated, accountLinked: Bool = false,
                now: @escaping @Sendable () -> Date = { Date() }) {
        state = LockedBox(SimulatedReaderState(customer: customer, accountLinked: accountLinked))
        self.pace = pace
        self.compatibility = compatibility
        self.now = now
    }

    /// The customer for the next reads.
    public var customer: SimulatedCustomer {
        get { state.withLock { $0.customer } }
        set { state.withLock { $0.customer = newValue } }
    }

    public func checkCompatibility() -> TTPCompatibilityResult { compatibility }

    public func isAccountLinked(using token: CardReaderToken) async throws(CardReaderError) -> Bool {
        _ = try sealing(token)
        return state.withLock { $0.accountLinked }
    }

    /// Links at once, as if the merchant accepted the terms.
    public func linkAccount(using token: CardReaderToken) async throws(CardReaderError) {
        _ = try sealing(token)
        state.withLock { $0.accountLinked = true }
    }

    public func prepare(using token: CardReaderToken) async throws(CardReaderError) {
        let prepared = try sealing(token)
        guard state.withLock({ $0.accountLinked }) else { throw .accountNotLinked }
        for progress in [0, 50, 100] { emit(.updateProgress(progress)) }
        state.withLock {
            $0.sealingKey = prepared.key
            $0.tokenExpiry = prepared.expiresAt
            $0.readerId = "simulated-" + prepared.deviceId.prefix(8)
        }
    }

    public func readPaymentCard(_ request: CardReadRequest) async throws(CardReaderError) -> CardReadResult {
        let (key, readerId, customer) = try beginRead()
        defer { state.withLock { $0.phase = .idle } }
        emit(.readyForTap)
        switch customer.action {
        case .walkAway:
            emit(.readNotCompleted)
            throw .timedOut
        case .dismiss:
            emit(.userInterfaceDismissed)
            throw .customerCancelled
        case .tap:
            break
        }
        guard await waitForCard() else {
            emit(.readCancelled)
            throw .cancelled
        }
        for _ in 0..<customer.failedReads {
            emit(.cardDetected)
            emit(.readRetry)
        }
        emit(.cardDetected)
        state.withLock { $0.phase = .reading }
        await waitForFinish()
        let result = try seal(customer: customer, request: request, key: key, readerId: readerId, pinToken: nil, pin: nil)
        emit(.readCompleted)
        return result
    }

    public func capturePIN(using pinToken: String, cardReaderTransactionID: String) async throws(CardReaderError) -> CardReadResult {
        let (key, readerId, customer) = try beginRead(.reading)
        defer { state.withLock { $0.phase = .idle } }
        guard let request = state.withLock({ $0.reads[cardReaderTransactionID] }) else {
            throw .readFailed("no read \(cardReaderTransactionID) to capture a PIN for")
        }
        emit(.pinEntryRequested)
        if case .delayed(let delay) = pace { try? await Task.sleep(for: delay) }
        guard let pin = state.withLock({ $0.nextPIN() }) else {
            emit(.readCancelled)
            throw .pinEntryFailed
        }
        let result = try seal(customer: customer, request: request, key: key, readerId: readerId, pinToken: pinToken, pin: pin)
        emit(.pinEntryCompleted)
        return result
    }

    public func cancelRead() async {
        state.withLock { $0.cancelWaitingRead() }
    }

    public func setEventHandler(_ handler: @escaping @Sendable (CardReaderEvent) -> Void) {
        state.withLock { $0.eventHandler = handler }
    }

    /// Ends the prepared session, as the platform does when the app leaves the foreground;
    /// the next read throws ``CardReaderError/notPrepared``.
    public func endSession() {
        state.withLock { $0.sealingKey = nil }
    }

    /// Manual pace: the customer taps now.
    public func presentCard() {
        state.withLock { $0.presentCard() }
    }

    /// Manual pace: the detected card finishes reading.
    public func finishRead() {
        state.withLock { $0.finishRead() }
    }
}
