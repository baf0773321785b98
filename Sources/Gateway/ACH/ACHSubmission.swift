import Foundation
import PaymentCore
import Storage

/// What a batch close does to its ACH debits: submits each scheduled one to the ACH network
/// (`inProgress`, settled with the batch). A debit whose cancel is still waiting for the
/// processor is not submitted: it moves to the next open batch, so whichever way the cancel
/// ends, the debit is never both cancelled and sent.
enum ACHSubmission {
    static func submit(
        _ members: [Transaction], batchId: String, at now: Date, in writer: any StoreWriter, makeId: @escaping @Sendable () -> String
    ) async throws {
        for member in members where member.type == .achDebit && member.status == .scheduled {
            guard var debit = try await writer.lockTransaction(id: member.id, merchantId: member.merchantId) else { continue }
            if PaymentLifecycle.submitACHDebit(&debit, now: now) {
                debit.settledAt = now
            } else if debit.status == .scheduled {
                debit.settledAt = nil
                debit.batchId = try await BatchLedger.openBatchId(merchantId: debit.merchantId, in: writer, now: now, makeId: makeId)
            }
            try await writer.update(debit)
        }
    }
}
