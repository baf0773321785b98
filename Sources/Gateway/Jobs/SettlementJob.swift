import Foundation
import Logging
import Storage

/// Closes each merchant's open batch at the merchant's settlement time slots, in the slots'
/// own time zones, and sends again the totals of closed batches the acquirer has not answered.
///
/// Stateless on purpose: a batch is due when it was opened before the latest slot that has
/// passed. A gateway that was down at a slot closes the batch when it comes back; a batch
/// opened after the slot waits for the next one; two gateway instances close it once.
public struct SettlementJob: Sendable {
    let store: any Store
    let batches: BatchService
    let now: @Sendable () -> Date
    let logger: Logger

    /// Runs one round; returns the batches it closed.
    @discardableResult
    public func run() async throws -> [Batch] {
        let now = now()
        let merchants = try await store.read { try await $0.merchants() }
        var closed: [Batch] = []
        for merchant in merchants {
            guard let slot = SettlementSchedule.latestSlot(atOrBefore: now, slots: merchant.paymentSettings.settlementTimes) else {
                continue
            }
            // One merchant's failure must not keep the others' batches open.
            do {
                if let batch = try await closeIfDue(merchantId: merchant.id, slot: slot) { closed.append(batch) }
            } catch is CancellationError {
                // The gateway is stopping (also when it could not start): the scheduler says so.
                throw CancellationError()
            } catch {
                logger.error("scheduled batch close failed", metadata: ["merchant_id": "\(merchant.id)", "error": "\(error)"])
            }
        }
        // Totals the acquirer has not answered yet (it was down, or the close was cut short).
        do {
            try await batches.reconciler.resendDue()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            logger.error("sending batch totals to the acquirer again failed", metadata: ["error": "\(error)"])
        }
        return closed
    }

    private func closeIfDue(merchantId: String, slot: Date) async throws -> Batch? {
        // A cheap read first: most rounds find nothing due.
        guard let open = try await store.read({ try await $0.openBatch(merchantId: merchantId) }), open.openedAt < slot,
              let batch = try await batches.closeForSchedule(merchantId: merchantId, slot: slot) else { return nil }
        logger.info("closed batch at settlement time", metadata: [
            "merchant_id": "\(merchantId)", "batch_id": "\(batch.id)", "slot": "\(slot)",
            "transaction_count": "\(batch.transactionCount)",
        ])
        return batch
    }
}
