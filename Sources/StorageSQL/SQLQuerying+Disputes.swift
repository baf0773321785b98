import Foundation
import PaymentCore
import Storage

extension SQLQuerying {
    func dispute(id: String, merchantId: String) async throws -> Dispute? {
        try await fetch(SQLTables.disputes, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)]).first
    }

    func paymentReportedByProcessor(id: String) async throws -> Transaction? {
        try await fetch(SQLTables.transactions, where: "id = ? AND parent_id IS NULL", [.text(id)]).first
    }

    func dispute(reference: String, merchantId: String) async throws -> Dispute? {
        try await fetch(SQLTables.disputes, where: "merchant_id = ? AND reference = ?", [.text(merchantId), .text(reference)]).first
    }

    func disputes(_ query: DisputeQuery) async throws -> DisputePage {
        var conditions = ["merchant_id = ?"]
        var binds: [SQLValue] = [.text(query.merchantId)]
        if let status = query.status { conditions.append("status = ?"); binds.append(.text(status.rawValue)) }
        if let paymentId = query.paymentId { conditions.append("payment_id = ?"); binds.append(.text(paymentId)) }
        let condition = conditions.joined(separator: " AND ")
        let counted = try await session.rows("SELECT COUNT(*) AS total FROM disputes WHERE \(condition)", binds)
        let total = try counted.first.map { try SQLRowReader($0, table: "disputes").int("total") } ?? 0
        let offset = query.page * query.pageSize
        guard offset < total, query.pageSize > 0 else { return DisputePage(disputes: [], total: total) }
        let disputes = try await fetch(
            SQLTables.disputes, where: condition, binds + [SQLValue.integer(query.pageSize), SQLValue.integer(offset)],
            orderBy: "created_at DESC, id DESC LIMIT ? OFFSET ?")
        return DisputePage(disputes: disputes, total: total)
    }

    func disputes(paymentId: String, merchantId: String) async throws -> [Dispute] {
        try await fetch(
            SQLTables.disputes, where: "merchant_id = ? AND payment_id = ?", [.text(merchantId), .text(paymentId)],
            orderBy: "created_at DESC, id DESC")
    }

    func disputeEvidenceFiles(disputeId: String, merchantId: String) async throws -> [DisputeEvidenceFile] {
        try await fetch(
            SQLTables.disputeEvidenceFiles, where: "dispute_id = ? AND merchant_id = ?", [.text(disputeId), .text(merchantId)],
            orderBy: "position, id")
    }
}

extension SQLWriter {
    func insert(_ dispute: Dispute) async throws {
        try await insert(dispute, into: SQLTables.disputes, subject: "dispute \(dispute.id)")
    }

    func update(_ dispute: Dispute) async throws {
        try await update(dispute, in: SQLTables.disputes, subject: "dispute \(dispute.id)")
    }

    func lockDispute(id: String, merchantId: String) async throws -> Dispute? {
        try await fetch(
            SQLTables.disputes, where: "id = ? AND merchant_id = ?", [.text(id), .text(merchantId)], lock: dialect.transactionLock
        ).first
    }

    func insert(_ file: DisputeEvidenceFile) async throws {
        try await insert(file, into: SQLTables.disputeEvidenceFiles, subject: "evidence file \(file.id)")
    }
}
