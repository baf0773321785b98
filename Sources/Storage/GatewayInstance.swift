import Foundation

/// A running gateway process, as the others in its fleet see it: each writes its heartbeat
/// (`seenAt`) every few seconds, so one that stopped beating is known to have died.
///
/// The recovery job uses it to tell an operation left `pending` by a crash from one still in
/// flight: a row last changed before every live instance started cannot belong to any of
/// them, so it is finished at once instead of after a fixed grace (docs/architecture.md,
/// "Atomic phases around the processor").
public struct GatewayInstance: Sendable, Equatable {
    /// Random per process start: a restarted process is a new instance.
    public var id: String
    /// When the process started, by its own clock.
    public var startedAt: Date
    /// Its last heartbeat, by its own clock.
    public var seenAt: Date

    public init(id: String, startedAt: Date, seenAt: Date) {
        self.id = id
        self.startedAt = startedAt
        self.seenAt = seenAt
    }
}
