import Foundation
import Logging
import ServiceLifecycle
import Storage

/// Writes this instance's heartbeat to the database every `interval`, so the others sharing
/// it (and this process's next start) can tell when it died: the recovery job then finishes
/// the operations it left in flight without waiting for their deadline.
struct InstanceHeartbeat: Service {
    let store: any Store
    let instance: GatewayInstance
    let interval: Duration
    let now: @Sendable () -> Date
    let logger: Logger

    /// An instance whose last beat is older than this is taken to be dead: three beats
    /// missed, so one slow write does not make a live instance look dead.
    static func staleAfter(_ interval: Duration) -> TimeInterval {
        3 * (Double(interval.components.seconds) + Double(interval.components.attoseconds) / 1e18)
    }

    /// Instances not seen for this long are forgotten at start (a table that only grows otherwise).
    static let forgetAfter: TimeInterval = 24 * 3600

    func run() async throws {
        do {
            let cutoff = now().addingTimeInterval(-Self.forgetAfter)
            _ = try await store.write { try await $0.deleteInstances(seenBefore: cutoff) }
        } catch {
            logger.warning("could not forget long-dead instances", metadata: ["error": "\(error)"])
        }
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                await beat()
                do { try await Task.sleep(for: interval) } catch { return }
            }
        }
    }

    /// One heartbeat. A failed one is logged and tried again next interval: three in a row
    /// and the fleet takes this instance for dead, which is safe (its pending operations
    /// are then finished by recovery, and its own late phase 3 finds them final).
    func beat() async {
        var beat = instance
        beat.seenAt = now()
        let written = beat
        do {
            try await store.write { try await $0.recordHeartbeat(written) }
        } catch {
            logger.warning("heartbeat not written", metadata: ["instance": "\(instance.id)", "error": "\(error)"])
        }
    }
}
