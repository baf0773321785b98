import Logging
import ProcessingISO8583
import ServiceLifecycle

/// Runs the background jobs on an interval for as long as the gateway runs.
struct JobScheduler: Service {
    let recovery: RecoveryJob
    let expiry: ExpiryJob
    let settlement: SettlementJob
    let achClearing: ACHClearingJob
    /// Repeats reversals the acquirer has not acknowledged (acquirer link only).
    var reversals: ISO8583ReversalForwarder? = nil
    /// Read again each round, so a card-key rotation in the database reaches this instance.
    let cardKeys: CardKeyRing
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await runRound()
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }

    /// Every job once. Each on its own, so one failing does not hold back the others.
    func runRound() async {
        await attempt("recovery") { _ = try await recovery.run() }
        await attempt("expiry") { _ = try await expiry.run() }
        await attempt("settlement") { _ = try await settlement.run() }
        await attempt("ach clearing") { _ = try await achClearing.run() }
        if let reversals { await attempt("reversals") { _ = try await reversals.forwardDue() } }
        await attempt("card keys") { try await cardKeys.refresh() }
    }

    private func attempt(_ job: String, _ body: () async throws -> Void) async {
        do {
            try await body()
        } catch {
            logger.error("background job failed", metadata: ["job": "\(job)", "error": "\(error)"])
        }
    }
}
