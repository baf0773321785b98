import Logging
import ServiceLifecycle

/// Runs the background jobs on an interval for as long as the gateway runs.
struct JobScheduler: Service {
    let recovery: RecoveryJob
    let expiry: ExpiryJob
    let interval: Duration
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await recovery.run()
                    try await expiry.run()
                } catch {
                    logger.error("background job failed", metadata: ["error": "\(error)"])
                }
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }
}
