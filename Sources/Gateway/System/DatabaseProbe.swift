import Logging
import Storage

/// The readiness check's look at the database: one cheap read (a single row by key),
/// bounded, so that a hung database makes `/ready` say so instead of hanging the probe.
enum DatabaseProbe {
    static let timeout: Duration = .seconds(2)

    /// Nil when the read worked; otherwise why not, in words for a public endpoint. The
    /// store's own error (which may name hosts) goes to the log only.
    static func check(_ store: any Store, logger: Logger) async -> String? {
        do {
            _ = try await racing(timeout, timedOut: { DatabaseProbeTimeout() }) {
                try await store.read { try await $0.keyFingerprints(name: KeyFingerprints.gateway) }
            }
            return nil
        } catch is DatabaseProbeTimeout {
            logger.error("readiness: the database did not answer", metadata: ["timeout": "\(timeout)"])
            return "the database did not answer within \(timeout.components.seconds) s"
        } catch {
            logger.error("readiness: the database cannot be read", metadata: ["error": "\(error)"])
            return "the database cannot be read"
        }
    }
}

private struct DatabaseProbeTimeout: Error {}
