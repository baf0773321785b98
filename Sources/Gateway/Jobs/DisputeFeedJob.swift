import Foundation
import Logging
import Processing

/// Opens the disputes each processor reports by itself (the simulator's disputed test card),
/// so a merchant sees them as it would an acquirer's. Runs with recovery, every few seconds:
/// asking the simulator costs nothing when it owes none.
struct DisputeFeedJob: Sendable {
    let processors: [ProcessorGateway]
    let disputes: DisputeService
    let now: @Sendable () -> Date
    let logger: Logger

    /// Runs one round; returns how many disputes it opened.
    @discardableResult
    func run() async throws -> Int {
        var opened = 0
        for processor in processors {
            for reported in await processor.processor.reportedDisputes(at: now()) {
                do {
                    if let dispute = try await disputes.openReported(reported) {
                        opened += 1
                        logger.info("dispute opened", metadata: ["dispute_id": "\(dispute.id)", "transaction_id": "\(dispute.paymentId)"])
                    }
                } catch let failure as GatewayFailure {
                    // The payment changed since (refunded in full): nothing left to dispute.
                    logger.warning("a reported dispute was not opened", metadata: [
                        "transaction_id": "\(reported.paymentId)", "reason": "\(GatewayError(failure).body.message)"])
                }
            }
        }
        return opened
    }
}
