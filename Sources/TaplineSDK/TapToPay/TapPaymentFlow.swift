import Foundation
import GatewayAPI
import PaymentCore

/// Runs one payment by tap: read the card, send it to the gateway, answer the issuer's PIN
/// request (single tap and PIN) without the app doing anything, and report the outcome.
/// ``TapToPay/performTransaction(amount:currency:)`` and ``TransactionSession`` both use it.
struct TapPaymentFlow {
    let ttp: TapToPay

    func run(_ request: TapPaymentRequest) async throws -> TapPaymentOutcome {
        let reader = try ttp.requireReader()
        try ttp.beginPayment()
        defer { ttp.endPayment() }
        try await ttp.ensurePrepared()
        ttp.publish(.customEvent(.inProgress))
        guard !ttp.state.withLock({ $0.abortRequested }) else { return TapPaymentOutcome(status: .cancelled) }
        let readRequest = CardReadRequest(amount: request.total, kind: request.kind == .refund ? .refund : .purchase)
        let read: CardReadResult
        do {
            read = try await reader.readPaymentCard(readRequest)
        } catch .notPrepared {
            // The platform ends a reader session when the app leaves the foreground: prepare
            // again once and read, instead of making the app handle it.
            ttp.state.withLock { $0.prepared = false }
            try await ttp.ensurePrepared()
            do { read = try await reader.readPaymentCard(readRequest) } catch { return try readFailed(error) }
        } catch {
            return try readFailed(error)
        }
        ttp.setPhase(.authorising)
        ttp.publish(.customEvent(.authorizing))
        var transaction = try await submit(read, request)
        var verification = read.cardholderVerification
        while transaction.status == .pinRequired, let challenge = transaction.pin {
            let pinRead: CardReadResult
            do {
                pinRead = try await reader.capturePIN(using: challenge.pinToken, cardReaderTransactionID: read.id)
            } catch {
                // The payment waits for a PIN until its window closes; the gateway then declines it.
                ttp.publish(.customEvent(.errorOccurred))
                return TapPaymentOutcome(status: .cancelled, transaction: transaction, read: read, verification: verification)
            }
            verification = .onlinePIN
            ttp.publish(.customEvent(.authorizing))
            transaction = try await submitPIN(pinRead, for: transaction)
        }
        let status = Self.status(of: transaction)
        switch status {
        case .approved: ttp.publish(.customEvent(.approved))
        case .declined: ttp.publish(.customEvent(.declined))
        case .cancelled, .failed: ttp.publish(.customEvent(.errorOccurred))
        }
        return TapPaymentOutcome(status: status, transaction: transaction, read: read, verification: verification)
    }

    /// A cancelled read ends the payment quietly; any other reader failure is an error.
    private func readFailed(_ error: any Error) throws -> TapPaymentOutcome {
        switch error as? CardReaderError {
        case .cancelled, .customerCancelled:
            return TapPaymentOutcome(status: .cancelled)
        case .timedOut:
            ttp.publish(.customEvent(.errorOccurred))
            throw TTPError.transactionFailed(code: "CARD_READ_TIMEOUT", message: "no card was presented in time")
        default:
            ttp.publish(.customEvent(.errorOccurred))
            throw TTPError.transactionFailed(code: "CARD_READ_FAILED", message: "the card could not be read: \(error)")
        }
    }

    static func status(of transaction: TransactionResource) -> TTPTransactionStatus {
        switch transaction.status {
        case .authorized, .captured, .approved, .refunded, .verified: return .approved
        // A tap is never an ACH debit; these are here for completeness.
        case .scheduled, .heldByProcessor, .inProgress, .cleared: return .approved
        case .declined, .expired, .voided, .cancelled, .chargedBack: return .declined
        case .failed, .pending, .pinRequired: return .failed
        }
    }
}

extension TapPaymentOutcome {
    init(status: TTPTransactionStatus) {
        self.init(status: status, transaction: nil, read: nil, verification: nil)
    }
}
