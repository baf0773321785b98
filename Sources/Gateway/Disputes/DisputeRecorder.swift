import Foundation
import GatewayAPI
import PaymentCore
import Storage

/// Every change of a dispute, inside the caller's write: the row, the `chargeback` that takes
/// the amount back when it is lost or accepted (joining the open batch), and its webhook event
/// (`dispute.created`, `dispute.updated`, `dispute.closed`), all in one transaction.
struct DisputeRecorder: Sendable {
    let now: @Sendable () -> Date
    let makeId: @Sendable () -> String
    let outbox: WebhookOutbox
    /// How long a merchant has to answer when the acquirer states no deadline.
    static let defaultResponseWindow: TimeInterval = 7 * 86_400

    /// Opens `dispute` on its payment. The payment must be a captured card payment of the
    /// dispute's merchant, in its currency, with the amount at most what the cardholder paid
    /// and kept (captured, less refunds and lost disputes), and no other open dispute.
    func open(_ dispute: Dispute, in writer: any StoreWriter) async throws {
        guard let payment = try await writer.lockTransaction(id: dispute.paymentId, merchantId: dispute.merchantId),
              payment.parentId == nil else { throw GatewayFailure.notFound(.transaction, id: dispute.paymentId) }
        guard payment.card != nil, payment.bankAccount == nil, payment.type == .sale || payment.type == .authorization,
              payment.capturedAmount > 0 else {
            throw GatewayFailure.invalid("paymentId", "transaction \(payment.id) is not a captured card payment, so it cannot be disputed")
        }
        guard dispute.amount.currency == payment.currency else {
            throw GatewayFailure.invalid(
                "currency", "transaction \(payment.id) is in \(payment.currency.code), not \(dispute.amount.currency.code)", .currencyMismatch)
        }
        let others = try await writer.disputes(paymentId: payment.id, merchantId: dispute.merchantId)
        if let open = others.first(where: { !$0.status.isClosed }) {
            throw GatewayFailure.invalid("paymentId", "transaction \(payment.id) has an open dispute already, \(open.id) (\(open.status.rawValue))")
        }
        let disputable = payment.capturedAmount - payment.refundedAmount - payment.chargedBackAmount
        guard dispute.amount.minorUnits >= 1, dispute.amount.minorUnits <= disputable else {
            throw GatewayFailure.invalid(
                "amount", "a dispute of transaction \(payment.id) is 1 to \(disputable) minor units (captured, less refunds and lost disputes)")
        }
        try await writer.insert(dispute)
        try await outbox.recordDispute(.disputeCreated, dispute, at: dispute.createdAt, in: writer)
    }

    /// The merchant accepts: closed as `accepted`, the amount taken back.
    func accept(_ dispute: inout Dispute, in writer: any StoreWriter) async throws {
        let now = now()
        do throws(DisputeError) { try DisputeLifecycle.accept(&dispute, now: now) } catch {
            throw GatewayFailure.disputeRefused(error, disputeId: dispute.id)
        }
        try await finish(&dispute, at: now, in: writer)
    }

    /// The merchant's evidence: the dispute goes under review; the files are stored with it.
    func submitEvidence(_ dispute: inout Dispute, text: String?, files: [DisputeEvidenceFile], in writer: any StoreWriter) async throws {
        let now = now()
        do throws(DisputeError) { try DisputeLifecycle.submitEvidence(&dispute, text: text, now: now) } catch {
            throw GatewayFailure.disputeRefused(error, disputeId: dispute.id)
        }
        for file in files { try await writer.insert(file) }
        try await finish(&dispute, at: now, in: writer)
    }

    /// The acquirer's status (a file's row, the simulator); false when it said nothing new.
    func report(_ status: DisputeStatus, on dispute: inout Dispute, in writer: any StoreWriter) async throws -> Bool {
        let now = now()
        do throws(DisputeError) {
            guard try DisputeLifecycle.report(status, on: &dispute, now: now) else { return false }
        } catch {
            throw GatewayFailure.disputeRefused(error, disputeId: dispute.id)
        }
        try await finish(&dispute, at: now, in: writer)
        return true
    }

    /// Writes a moved dispute: a closing that debits makes its chargeback first.
    private func finish(_ dispute: inout Dispute, at now: Date, in writer: any StoreWriter) async throws {
        if dispute.status.debitsMerchant, dispute.chargebackId == nil {
            dispute.chargebackId = try await chargeBack(dispute, at: now, in: writer)
        }
        try await writer.update(dispute)
        try await outbox.recordDispute(dispute.status.isClosed ? .disputeClosed : .disputeUpdated, dispute, at: now, in: writer)
    }

    /// The row that takes the disputed amount back: under its payment, approved, in the
    /// merchant's open batch, where it counts negative (`Transaction.batchMovement`).
    private func chargeBack(_ dispute: Dispute, at now: Date, in writer: any StoreWriter) async throws -> String {
        guard var payment = try await writer.lockTransaction(id: dispute.paymentId, merchantId: dispute.merchantId) else {
            throw GatewayFailure.notFound(.transaction, id: dispute.paymentId)
        }
        var row = Transaction(
            id: makeId(), merchantId: dispute.merchantId, type: .chargeback, status: .approved, parentId: payment.id,
            currency: dispute.amount.currency, amount: dispute.amount.minorUnits, createMethod: payment.createMethod, createdAt: now)
        row.card = payment.card
        row.referenceId = payment.referenceId
        row.processorId = payment.processorId
        row.batchId = try await BatchLedger.openBatchId(merchantId: dispute.merchantId, in: writer, now: now, makeId: makeId)
        try await writer.insert(row)
        payment.chargedBackAmount += dispute.amount.minorUnits
        payment.updatedAt = now
        try await writer.update(payment)
        return row.id
    }
}
