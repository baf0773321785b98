import Logging
import ServiceLifecycle

/// Runs the background jobs on an interval for as long as the gateway runs.
struct JobScheduler: Service {
    let recovery: RecoveryJob
    let expiry: ExpiryJob
    let settlement: SettlementJob
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                // Each job on its own, so one failing does not hold back the others.
                await attempt("recovery") { _ = try await recovery.run() }
                await attempt("expiry") { _ = try await expiry.run() }
                await attempt("settlement") { _ = try await settlement.run() }
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }

    private func attempt(_ job: String, _ body: () async throws -> Void) async {
        do {
            try await body()
        } catch {
            logger.error("background job failed", metadata: ["job": "\(job)", "error": "\(error)"])
        }
    }
}
