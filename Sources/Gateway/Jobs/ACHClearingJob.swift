import Foundation
import Logging
import PaymentCore
import Processing
import Storage

/// Asks the processor about ACH debits submitted longer ago than the clearing period and
/// records what it says: `cleared`, or `chargedBack` with the NACHA return code as the
/// payment's processor result. A debit still in clearing is asked again next round.
public struct ACHClearingJob: Sendable {
    /// How long after submission the funds are taken as arrived unless returned: two
    /// banking days, as ACH debits settle (counted in calendar days here).
    public static let clearingPeriod: TimeInterval = 2 * 86_400
    /// Debits asked about per round, so one round stays short.
    static let roundSize = 200

    let store: any Store
    let processor: ProcessorGateway
    let now: @Sendable () -> Date
    let logger: Logger
    /// Appends `transaction.cleared` / `transaction.charged_back` in the same write.
    let outbox: WebhookOutbox

    /// Runs one round; returns how many debits cleared or were returned.
    @discardableResult
    public func run() async throws -> Int {
        guard processor.supportsACH else { return 0 }
        let cutoff = now().addingTimeInterval(-Self.clearingPeriod)
        let due = try await store.read { try await $0.achDebitsInClearing(submittedBefore: cutoff, limit: Self.roundSize) }
        var finished = 0
        for debit in due {
            let status: ACHClearingStatus?
            do {
                status = try await processor.achStatus(transactionId: debit.id)
            } catch {
                logger.warning("could not ask the processor about an ACH debit", metadata: ["transaction_id": "\(debit.id)", "error": "\(error)"])
                continue
            }
            guard let status, status != .inClearing else { continue }
            if try await record(status, on: debit) { finished += 1 }
        }
        if finished > 0 { logger.info("ACH debits finished clearing", metadata: ["count": "\(finished)"]) }
        return finished
    }

    private func record(_ status: ACHClearingStatus, on debit: Transaction) async throws -> Bool {
        let now = now()
        let outbox = outbox
        return try await store.write { writer in
            guard var payment = try await writer.lockTransaction(id: debit.id, merchantId: debit.merchantId) else { return false }
            let before = payment
            var returned = false
            if case .returned(let code, let reason) = status {
                returned = true
                // The return's reason replaces the acceptance's; the processor's reference stays.
                payment.processorResult = ProcessorResult(
                    responseCode: code, message: reason, authorizationCode: payment.processorResult?.authorizationCode,
                    reference: payment.processorResult?.reference)
            }
            guard PaymentLifecycle.finishACHDebit(&payment, returned: returned, now: now) else { return false }
            try await writer.update(payment)
            try await outbox.record(before: before, after: payment, at: now, in: writer)
            return true
        }
    }
}
