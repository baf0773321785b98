import Foundation
import GatewayAPI
import PaymentCore

/// One transaction at a time, with observable states and a receipt (the Toro SDK's
/// transaction flow), over the client's Tap to Pay module.
///
/// ```swift
/// let session = TransactionSession(client: tapline)
/// for await state in session.stateStream() { print(state) }   // in another task
/// let receipt = try await session.startTransaction(amount: 1_250, currency: "USD")
/// ```
public final class TransactionSession: Sendable {
    let client: TaplineClient
    let configuration: TransactionSessionConfiguration
    let states = EventBroadcaster<TransactionState>()
    let updates = EventBroadcaster<TransactionSessionUpdate>()
    let current = LockedBox(TransactionSessionState())

    public init(client: TaplineClient, configuration: TransactionSessionConfiguration = TransactionSessionConfiguration()) {
        self.client = client
        self.configuration = configuration
    }

    /// The state now.
    public var transactionState: TransactionState { current.withLock { $0.state } }

    /// `listener` hears every state from now on (held weakly, as delegates are).
    public func addStateListener(_ listener: any TransactionStateListener) {
        current.withLock { $0.listeners.append(WeakListener(listener: listener)) }
    }

    /// Every state from now on.
    public func stateStream() -> AsyncStream<TransactionState> { states.stream() }

    /// Every state and every Tap to Pay event of the session's payments, in the one order
    /// they happened (separate streams cannot promise that between each other).
    public func updatesStream() -> AsyncStream<TransactionSessionUpdate> { updates.stream() }

    /// Takes a payment (or a refund) by tap for `amount` minor units of `currency`, plus
    /// the gratuity. Returns the receipt once the gateway has an outcome (approved,
    /// declined or failed); throws ``TransactionSessionError/cancelled`` when the
    /// transaction was cancelled before the gateway recorded one.
    public func startTransaction(amount: Int64, currency: String, type: TransactionReceipt.Kind = .purchase,
                                 metadata: TransactionMetadata = TransactionMetadata()) async throws -> TransactionReceipt {
        let base = try validate(amount: amount, currency: currency, metadata: metadata)
        try begin()
        do {
            let receipt = try await run(base: base, type: type, metadata: metadata)
            finish(receipt == nil ? .cancelled : .completed)
            guard let receipt else { throw TransactionSessionError.cancelled }
            return receipt
        } catch let error as TransactionSessionError {
            finish(error == .cancelled ? .cancelled : .failed)
            throw error
        } catch {
            finish(.failed)
            throw error
        }
    }

    /// Cancels the transaction while it waits for a gratuity or a card. False when there is
    /// nothing to cancel or the card is already being read.
    @discardableResult
    public func cancelTransaction() async -> Bool {
        let state = current.withLock { state -> TransactionState in
            if state.state == .awaitingGratuity || state.state == .connectingToDevice { state.cancelRequested = true }
            return state.state
        }
        switch state {
        case .awaitingGratuity, .connectingToDevice: return true
        case .awaitingCard: return (try? await client.ttp.abortTransaction()) ?? false
        default: return false
        }
    }

    func validate(amount: Int64, currency: String, metadata: TransactionMetadata) throws -> Money {
        guard let code = Currency(code: currency) else {
            throw TaplineAPIError.badRequest(.invalidInput("currency", "unknown currency '\(currency)'; use an ISO 4217 code such as USD"))
        }
        guard amount > 0 else { throw TaplineAPIError.badRequest(.invalidInput("amount", "amount must be greater than zero (minor units)")) }
        try InputCheck.text(metadata.saleReferenceId, field: "saleReferenceId", maxLength: TransactionMetadata.maxSaleReferenceIdLength)
        if let gratuity = metadata.gratuityAmount {
            guard !configuration.gratuityEnabled else {
                throw TaplineAPIError.badRequest(.invalidInput(
                    "gratuityAmount", "gratuityAmount cannot be set while the session's gratuity prompt is enabled"))
            }
            guard gratuity >= 0 else { throw TaplineAPIError.badRequest(.invalidInput("gratuityAmount", "gratuityAmount must not be negative")) }
        }
        return Money(minorUnits: amount, currency: code)
    }
}

/// A state or an event of a session, for ``TransactionSession/updatesStream()``.
public enum TransactionSessionUpdate: Sendable, Equatable {
    case state(TransactionState)
    case event(TTPEvent)
}

/// Why a transaction session ended without a receipt.
public enum TransactionSessionError: Error, Sendable, Equatable {
    /// Cancelled before the gateway recorded a transaction: nothing was charged.
    case cancelled
    /// Another transaction is running in this session.
    case transactionInProgress
}
