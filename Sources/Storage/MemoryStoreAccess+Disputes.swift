import Foundation
import PaymentCore

extension MemoryStoreQuerying {
    func dispute(id: String, merchantId: String) async throws -> Dispute? {
        try withState { $0.disputes[id].flatMap { $0.merchantId == merchantId ? $0 : nil } }
    }

    func paymentReportedByProcessor(id: String) async throws -> Transaction? {
        try withState { state in state.transactions[id].flatMap { $0.type.isOriginal ? $0 : nil } }
    }

    func dispute(reference: String, merchantId: String) async throws -> Dispute? {
        try withState { state in state.disputes.values.first { $0.merchantId == merchantId && $0.reference == reference } }
    }

    func disputes(_ query: DisputeQuery) async throws -> DisputePage {
        try withState { state in
            let matching = state.disputes.values.filter {
                $0.merchantId == query.merchantId && (query.status == nil || $0.status == query.status)
                    && (query.paymentId == nil || $0.paymentId == query.paymentId)
            }
            // Newest first, ties by id, as the SQL stores order them.
            .sorted { $0.createdAt != $1.createdAt ? $0.createdAt > $1.createdAt : MemoryStoreState.precedes($1.id, $0.id) }
            let page = matching.dropFirst(query.page * query.pageSize).prefix(query.pageSize)
            return DisputePage(disputes: Array(page), total: matching.count)
        }
    }

    func disputes(paymentId: String, merchantId: String) async throws -> [Dispute] {
        try await disputes(DisputeQuery(merchantId: merchantId, paymentId: paymentId, pageSize: Int.max)).disputes
    }

    func disputeEvidenceFiles(disputeId: String, merchantId: String) async throws -> [DisputeEvidenceFile] {
        try withState { state in
            state.disputeFiles.filter { $0.disputeId == disputeId && $0.merchantId == merchantId }
                .sorted { $0.position != $1.position ? $0.position < $1.position : MemoryStoreState.precedes($0.id, $1.id) }
        }
    }
}

extension MemoryStoreWriter {
    func insert(_ dispute: Dispute) async throws {
        try change { state in
            guard state.disputes[dispute.id] == nil,
                  !state.disputes.values.contains(where: { $0.merchantId == dispute.merchantId && $0.reference == dispute.reference }) else {
                throw StoreError.duplicate("dispute \(dispute.id)")
            }
            try state.requireMerchant(dispute.merchantId, for: "dispute \(dispute.id)")
            state.disputes[dispute.id] = dispute
        }
    }

    func update(_ dispute: Dispute) async throws {
        try change { state in
            guard state.disputes[dispute.id]?.merchantId == dispute.merchantId else { throw StoreError.notFound("dispute \(dispute.id)") }
            state.disputes[dispute.id] = dispute
        }
    }

    func lockDispute(id: String, merchantId: String) async throws -> Dispute? {
        try await dispute(id: id, merchantId: merchantId)
    }

    func insert(_ file: DisputeEvidenceFile) async throws {
        try change { state in
            guard !state.disputeFiles.contains(where: { $0.id == file.id }) else { throw StoreError.duplicate("evidence file \(file.id)") }
            guard state.disputes[file.disputeId]?.merchantId == file.merchantId else { throw StoreError.notFound("dispute \(file.disputeId)") }
            state.disputeFiles.append(file)
        }
    }
}
