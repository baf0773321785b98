import Foundation
import GatewayAPI
import PaymentCore

extension TransactionSession {
    /// The transaction's steps; nil when it was cancelled before the gateway recorded it.
    func run(base: Money, type: TransactionReceipt.Kind, metadata: TransactionMetadata) async throws -> TransactionReceipt? {
        move(to: .connectingToDevice)
        try await client.ttp.ensurePrepared()
        guard !cancelRequested() else { return nil }
        var gratuity = metadata.gratuityAmount ?? 0
        if configuration.gratuityEnabled, type == .purchase {
            move(to: .awaitingGratuity)
            guard let chosen = await chooseGratuity(for: base), !cancelRequested() else { return nil }
            gratuity = chosen
        }
        let total = Money(minorUnits: base.minorUnits + gratuity, currency: base.currency)
        let reference = metadata.saleReferenceId ?? TapToPay.newReference()
        var request = TapPaymentRequest(
            kind: type == .refund ? .refund : .sale, total: total, tip: type == .refund ? 0 : gratuity,
            referenceId: type == .refund ? metadata.originalTransactionDetails?.saleReferenceId ?? reference : reference,
            originalTransactionId: metadata.originalTransactionDetails?.transactionId)
        request.additionalInformation = metadata.additionalInformation
        move(to: .awaitingCard)
        client.ttp.state.withLock { $0.paymentObserver = { [weak self] event in self?.observe(event) } }
        defer { client.ttp.state.withLock { $0.paymentObserver = nil } }
        let outcome = try await TapPaymentFlow(ttp: client.ttp).run(request)
        guard let transaction = outcome.transaction else { return nil }
        var receipt = makeReceipt(outcome, transaction: transaction, total: total, gratuity: gratuity, type: type, metadata: metadata,
                                  initiatorId: request.initiatorId)
        if type == .purchase, outcome.status == .approved, outcome.verification == .signature || transaction.signatureRequired == true {
            try await collectSignature(into: &receipt, amount: total, payment: transaction)
        }
        if let location = await configuration.locationProvider?.currentLocation() {
            receipt.latitude = location.latitude
            receipt.longitude = location.longitude
        }
        return receipt
    }

    private func chooseGratuity(for base: Money) async -> Int64? {
        let settings = try? await client.ttp.settings()
        let percentages = (settings?.isTipsEnabled ?? true) ? settings?.defaultTipsOptions ?? [15, 18, 20] : []
        // A percentage that prices no amount (one far out of range) is left out, never a wrong tip.
        let suggestions = percentages.map(Rate.percent).compactMap { rate in
            (try? base.applying(rate: rate.fraction)).map { SuggestedGratuity(percentage: rate, amount: $0.minorUnits) }
        }
        guard let provider = configuration.gratuityProvider else { return 0 }
        guard let chosen = await provider.chooseGratuity(for: base, suggestions: suggestions) else { return nil }
        return max(0, chosen)
    }

    /// The reader's events move the session: a PIN request, then authorising again.
    func observe(_ event: TTPEvent) {
        updates.send(.event(event))
        switch event {
        case .readerEvent(.pinEntryRequested): move(to: .awaitingPinEntry)
        case .customEvent(.authorizing): move(to: .authorising)
        default: break
        }
    }

    func begin() throws {
        let started = current.withLock { state -> Bool in
            guard [.ready, .completed, .cancelled, .failed].contains(state.state) else { return false }
            state.cancelRequested = false
            return true
        }
        guard started else { throw TransactionSessionError.transactionInProgress }
    }

    func cancelRequested() -> Bool { current.withLock { $0.cancelRequested } }

    func finish(_ state: TransactionState) { move(to: state) }

    /// Enters `state` and tells the listeners and streams; a repeated state is not re-announced.
    func move(to state: TransactionState) {
        let listeners = current.withLock { current -> [any TransactionStateListener]? in
            guard current.state != state else { return nil }
            current.state = state
            current.listeners.removeAll { $0.listener == nil }
            return current.listeners.compactMap(\.listener)
        }
        guard let listeners else { return }
        states.send(state)
        updates.send(.state(state))
        for listener in listeners { listener.onTransactionStateChanged(state) }
    }
}
