import Foundation
import PaymentCore
import Storage

extension SQLTables {
    /// Disputes (SQLite migration 40, PostgreSQL 35): the amount in minor units beside its
    /// currency, the acquirer's case number unique per merchant.
    static let disputes = SQLTable<Dispute>("disputes", key: ["id", "merchant_id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "payment_id") { .text($0.paymentId) },
        Column(name: "reference") { .text($0.reference) },
        Column(name: "reason_code") { .text($0.reasonCode) },
        Column(name: "reason") { SQLValue.text($0.reason) },
        Column(name: "amount") { .integer($0.amount.minorUnits) },
        Column(name: "currency") { .text($0.amount.currency.code) },
        Column(name: "status") { .text($0.status.rawValue) },
        Column(name: "respond_by") { SQLValue.date($0.respondBy) },
        Column(name: "evidence_text") { SQLValue.text($0.evidenceText) },
        Column(name: "evidence_submitted_at") { SQLValue.date($0.evidenceSubmittedAt) },
        Column(name: "chargeback_id") { SQLValue.text($0.chargebackId) },
        Column(name: "created_at") { SQLValue.date($0.createdAt) },
        Column(name: "updated_at") { SQLValue.date($0.updatedAt) },
        Column(name: "closed_at") { SQLValue.date($0.closedAt) },
    ]) { row in
        let code = try row.text("currency")
        guard let currency = Currency(code: code) else { throw StoreError.corrupt("disputes.currency \(code) is unknown") }
        var dispute = Dispute(
            id: try row.text("id"), merchantId: try row.text("merchant_id"), paymentId: try row.text("payment_id"),
            reference: try row.text("reference"), reasonCode: try row.text("reason_code"), reason: try row.optionalText("reason"),
            amount: Money(minorUnits: try row.int64("amount"), currency: currency),
            status: try row.value(DisputeStatus.self, "status"), respondBy: try row.date("respond_by"), createdAt: try row.date("created_at"))
        dispute.evidenceText = try row.optionalText("evidence_text")
        dispute.evidenceSubmittedAt = try row.optionalDate("evidence_submitted_at")
        dispute.chargebackId = try row.optionalText("chargeback_id")
        dispute.updatedAt = try row.date("updated_at")
        dispute.closedAt = try row.optionalDate("closed_at")
        return dispute
    }

    static let disputeEvidenceFiles = SQLTable<DisputeEvidenceFile>("dispute_evidence_files", key: ["id", "merchant_id"], columns: [
        Column(name: "id") { .text($0.id) },
        Column(name: "dispute_id") { .text($0.disputeId) },
        Column(name: "merchant_id") { .text($0.merchantId) },
        Column(name: "name") { .text($0.name) },
        Column(name: "content_type") { .text($0.contentType) },
        Column(name: "data") { .bytes($0.data) },
        Column(name: "position") { .integer(Int64($0.position)) },
        Column(name: "created_at") { SQLValue.date($0.createdAt) },
    ]) { row in
        DisputeEvidenceFile(
            id: try row.text("id"), disputeId: try row.text("dispute_id"), merchantId: try row.text("merchant_id"),
            name: try row.text("name"), contentType: try row.text("content_type"), data: try row.optionalBlob("data") ?? Data(),
            position: try row.int("position"), createdAt: try row.date("created_at"))
    }
}
