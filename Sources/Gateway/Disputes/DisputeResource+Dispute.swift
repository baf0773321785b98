import GatewayAPI
import PaymentCore
import Storage

extension DisputeResource {
    /// A dispute as the API and its webhook events show it, with its evidence files (their
    /// names and sizes; the bytes have a route of their own).
    init(_ dispute: Dispute, files: [DisputeEvidenceFile]) {
        let evidence = dispute.evidenceSubmittedAt.map { submittedAt in
            DisputeEvidenceResource(
                text: dispute.evidenceText, submittedAt: submittedAt,
                files: files.map { DisputeEvidenceFileResource(id: $0.id, name: $0.name, contentType: $0.contentType, size: $0.data.count) })
        }
        self.init(
            id: dispute.id, paymentId: dispute.paymentId, reference: dispute.reference, reasonCode: dispute.reasonCode,
            reason: dispute.reason, amount: dispute.amount.minorUnits, currency: dispute.amount.currency.code, status: dispute.status,
            respondBy: dispute.respondBy, evidence: evidence, chargebackId: dispute.chargebackId, createdAt: dispute.createdAt,
            updatedAt: dispute.updatedAt, closedAt: dispute.closedAt)
    }
}
