import Foundation
import GatewayAPI
import PaymentCore
import Processing
import Storage

/// A merchant's disputes: reading them, accepting or answering one, and the acquirer's side,
/// an imported dispute file or a dispute the processor reports. Each change is one write
/// through ``DisputeRecorder``.
struct DisputeService: Sendable {
    let store: any Store
    let recorder: DisputeRecorder

    func list(_ query: DisputeQuery) async throws -> DisputeList {
        let page = try await store.read { try await $0.disputes(query) }
        // A list shows no evidence files' names: the dispute's own read does.
        let items = page.disputes.map { DisputeResource($0, files: []) }
        return DisputeList(items: items, total: page.total, page: query.page, pageSize: query.pageSize)
    }

    func dispute(id: String, merchantId: String) async throws -> DisputeResource {
        let found = try await store.read { reader -> (Dispute, [DisputeEvidenceFile])? in
            guard let dispute = try await reader.dispute(id: id, merchantId: merchantId) else { return nil }
            return (dispute, try await reader.disputeEvidenceFiles(disputeId: id, merchantId: merchantId))
        }
        guard let (dispute, files) = found else { throw GatewayFailure.notFound(.dispute, id: id) }
        return DisputeResource(dispute, files: files)
    }

    func accept(id: String, merchantId: String) async throws -> DisputeResource {
        try await change(id: id, merchantId: merchantId) { dispute, writer in
            try await recorder.accept(&dispute, in: writer)
        }
    }

    func submitEvidence(id: String, merchantId: String, _ evidence: DisputeEvidence) async throws -> DisputeResource {
        let now = recorder.now()
        let files = evidence.files.enumerated().map { position, file in
            DisputeEvidenceFile(
                id: recorder.makeId(), disputeId: id, merchantId: merchantId, name: file.name, contentType: file.contentType,
                data: file.data, position: position, createdAt: now)
        }
        return try await change(id: id, merchantId: merchantId) { dispute, writer in
            try await recorder.submitEvidence(&dispute, text: evidence.text, files: files, in: writer)
        }
    }

    /// One evidence file of one of the merchant's disputes.
    func evidenceFile(id fileId: String, disputeId: String, merchantId: String) async throws -> DisputeEvidenceFile {
        let files = try await store.read { try await $0.disputeEvidenceFiles(disputeId: disputeId, merchantId: merchantId) }
        guard let file = files.first(where: { $0.id == fileId }) else { throw GatewayFailure.notFound(.evidenceFile, id: fileId) }
        return file
    }

    /// Imports a dispute file for the merchant, all rows in one write: a new reference opens
    /// a dispute (then takes the row's status), a known one takes the row's status.
    func importFile(_ file: DisputeFile, merchantId: String) async throws -> DisputeImportResult {
        try await store.write { writer in
            var result = DisputeImportResult(created: 0, updated: 0, unchanged: 0, disputeIds: [])
            for row in file.rows {
                do {
                    let (id, outcome) = try await apply(row, merchantId: merchantId, in: writer)
                    result.disputeIds.append(id)
                    switch outcome {
                    case .created: result.created += 1
                    case .updated: result.updated += 1
                    case .unchanged: result.unchanged += 1
                    }
                } catch let failure as GatewayFailure {
                    throw Self.onLine(row.line, failure)
                }
            }
            return result
        }
    }

    /// Opens a dispute the processor reported (the simulator's disputed test card); nil when
    /// its reference is known already or the payment is gone.
    func openReported(_ reported: ProcessorDispute) async throws -> Dispute? {
        try await store.write { writer -> Dispute? in
            guard let payment = try await writer.paymentReportedByProcessor(id: reported.paymentId),
                  try await writer.dispute(reference: reported.reference, merchantId: payment.merchantId) == nil else { return nil }
            let dispute = newDispute(
                merchantId: payment.merchantId, paymentId: payment.id, reference: reported.reference, reasonCode: reported.reasonCode,
                reason: reported.reason, amount: reported.amount, respondBy: nil)
            try await recorder.open(dispute, in: writer)
            return dispute
        }
    }

    private enum RowOutcome { case created, updated, unchanged }

    private func apply(_ row: DisputeFile.Row, merchantId: String, in writer: any StoreWriter) async throws -> (String, RowOutcome) {
        if var dispute = try await writer.lockDisputeByReference(row.reference, merchantId: merchantId) {
            guard dispute.paymentId == row.paymentId, dispute.amount == row.amount else {
                throw GatewayFailure.invalid(
                    "reference", "dispute \(dispute.id) under reference \(row.reference) is of transaction \(dispute.paymentId) "
                        + "for \(dispute.amount.minorUnits) \(dispute.amount.currency.code); a row may change only its status")
            }
            return (dispute.id, try await recorder.report(row.status, on: &dispute, in: writer) ? .updated : .unchanged)
        }
        var dispute = newDispute(
            merchantId: merchantId, paymentId: row.paymentId, reference: row.reference, reasonCode: row.reasonCode, reason: row.reason,
            amount: row.amount, respondBy: row.respondBy)
        try await recorder.open(dispute, in: writer)
        if row.status != .needsResponse { _ = try await recorder.report(row.status, on: &dispute, in: writer) }
        return (dispute.id, .created)
    }

    private func newDispute(
        merchantId: String, paymentId: String, reference: String, reasonCode: String, reason: String?, amount: Money, respondBy: Date?
    ) -> Dispute {
        let now = recorder.now()
        return Dispute(
            id: recorder.makeId(), merchantId: merchantId, paymentId: paymentId, reference: reference, reasonCode: reasonCode,
            reason: reason, amount: amount, respondBy: respondBy ?? now.addingTimeInterval(DisputeRecorder.defaultResponseWindow),
            createdAt: now)
    }

    /// A locked dispute of the merchant, changed by `body` in one write.
    private func change(
        id: String, merchantId: String, _ body: @escaping @Sendable (inout Dispute, any StoreWriter) async throws -> Void
    ) async throws -> DisputeResource {
        try await store.write { writer in
            guard var dispute = try await writer.lockDispute(id: id, merchantId: merchantId) else {
                throw GatewayFailure.notFound(.dispute, id: id)
            }
            try await body(&dispute, writer)
            return DisputeResource(dispute, files: try await writer.disputeEvidenceFiles(disputeId: id, merchantId: merchantId))
        }
    }

    /// A row's refusal, naming its line in the file.
    private static func onLine(_ line: Int, _ failure: GatewayFailure) -> GatewayFailure {
        switch failure {
        // The file's column names, not the API's.
        case .invalid(let input):
            .invalid(input.field == "paymentId" ? "payment_id" : input.field, "line \(line): \(input.reason); nothing was imported", input.problem)
        case .notFound(let resource, let id): .invalid("payment_id", "line \(line): \(resource.rawValue) \(id) not found; nothing was imported")
        case .disputeRefused(let error, let disputeId):
            .invalid("status", "line \(line): \(GatewayError.message(for: error, disputeId: disputeId)); nothing was imported")
        default: failure
        }
    }
}

extension StoreWriter {
    /// The merchant's dispute under the acquirer's case number, locked until the write ends.
    func lockDisputeByReference(_ reference: String, merchantId: String) async throws -> Dispute? {
        guard let found = try await dispute(reference: reference, merchantId: merchantId) else { return nil }
        return try await lockDispute(id: found.id, merchantId: merchantId)
    }
}
