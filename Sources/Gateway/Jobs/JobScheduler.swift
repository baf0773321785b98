import Logging
import ProcessingISO8583
import ServiceLifecycle

/// Runs the background jobs on an interval for as long as the gateway runs.
struct JobScheduler: Service {
    let recovery: RecoveryJob
    let expiry: ExpiryJob
    let settlement: SettlementJob
    let achClearing: ACHClearingJob
    let disputeFeed: DisputeFeedJob
    /// Repeat the reversals each acquirer link owes and its acquirer has not acknowledged.
    var reversals: [ISO8583ReversalForwarder] = []
    /// Read again each round, so a card-key rotation in the database reaches this instance.
    let cardKeys: CardKeyRing
    let interval: Duration
    /// Recovery runs on its own, this often, so a restart finishes what a crash cut within
    /// seconds (the heartbeat interval).
    var recoveryInterval: Duration = .seconds(2)
    let logger: Logger
    /// Counts each job's runs and failures (`tapline_job_runs_total`, `tapline_job_failures_total`).
    var metrics: GatewayMetrics?

    func run() async throws {
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    await repeatEvery(recoveryInterval) {
                        await attempt("recovery") { _ = try await recovery.run() }
                        await attempt("dispute feed") { _ = try await disputeFeed.run() }
                    }
                }
                group.addTask { await repeatEvery(interval) { await runRound() } }
            }
        }
    }

    private func repeatEvery(_ interval: Duration, _ body: () async -> Void) async {
        while !Task.isCancelled {
            await body()
            do { try await Task.sleep(for: interval) } catch { return }
        }
    }

    /// Every job but recovery once. Each on its own, so one failing does not hold back the others.
    func runRound() async {
        await attempt("expiry") { _ = try await expiry.run() }
        await attempt("settlement") { _ = try await settlement.run() }
        await attempt("ach clearing") { _ = try await achClearing.run() }
        for forwarder in reversals { await attempt("reversals") { _ = try await forwarder.forwardDue() } }
        await attempt("card keys") { try await cardKeys.refresh() }
    }

    private func attempt(_ job: String, _ body: () async throws -> Void) async {
        let label = job.replacingOccurrences(of: " ", with: "_")
        do {
            try await body()
            metrics?.jobRun(label, failed: false)
        } catch is CancellationError {
            // The gateway is stopping (also when it could not start): not a failure of the job.
            logger.debug("background job stopped", metadata: ["job": "\(job)"])
        } catch {
            metrics?.jobRun(label, failed: true)
            logger.error("background job failed", metadata: ["job": "\(job)", "error": "\(error)"])
        }
    }
}
