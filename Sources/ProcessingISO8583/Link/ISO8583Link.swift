import Foundation
import Logging
import NIOCore
import NIOPosix
import PaymentCore

/// The acquirer link's TCP side (TLS over it when ``tls`` is set): a pool of persistent connections to one acquirer host,
/// each signed on (0800, 70 = 001) before it carries a request, checked with an echo test
/// (70 = 301) when idle, reopened with exponential backoff when it closes, and signed off
/// (70 = 002) at shutdown. With a key exchange interval it asks for a new working key
/// (70 = 161) that often (ISO8583Link+KeyRequest.swift).
///
/// ``run()`` keeps the connections up until its task is cancelled; ``send(_:timeout:)``
/// writes a request on one of the connections that are up and returns the answer matched
/// to it (see docs/iso8583.md, "Matching"). Many requests may be in flight on each
/// connection. Every message sent and received is logged at debug, redacted by
/// ``ISO8583Redaction``.
public final class ISO8583Link: Sendable {
    public let configuration: ISO8583LinkConfiguration
    /// TLS on each connection (`iso8583s://`); nil for plain TCP.
    public let tls: ISO8583LinkTLS?
    let codec: ISO8583Codec
    let networkSTAN: @Sendable () async throws -> Int
    let logger: Logger
    let group: any EventLoopGroup
    let now: @Sendable () -> Date
    let onStatusChange: @Sendable (ISO8583LinkStatus) -> Void
    /// When set, every message sent carries a MAC and every message received must carry a
    /// valid one (ISO8583Link+MAC.swift).
    let messageAuthentication: (any SecurityModule)?
    let pending = ISO8583PendingTable()
    let state = LockedBox(State())
    let statusReports = LockedBox(())

    struct State {
        /// The signed-on connections, by slot.
        var up: [Int: ISO8583LinkConnection] = [:]
        /// Round-robin position over the connections that are up.
        var turn: UInt = 0
        var lastConnectionID = 0
        /// Counts the connections made, so that an attempt that began before the last one
        /// succeeded is not taken for the start of a new outage.
        var reachedCount = 0
        /// What was logged of the current outage (message and error), so that it is logged
        /// once, not per attempt, and again only when the failure changes.
        var reportedFailure: String?
        var running = false
    }

    /// - Parameters:
    ///   - tls: TLS on each connection; nil for plain TCP.
    ///   - networkSTAN: the STAN of each sign-on, echo test and sign-off (the link's own
    ///     counter: network messages carry no terminal id).
    ///   - eventLoopGroup: where the connections live.
    ///   - now: the clock of field 7.
    ///   - onStatusChange: told the new status each time a connection comes up or goes down,
    ///     on whichever thread that happened.
    ///   - messageAuthentication: the security module whose terminal authentication key MACs
    ///     every message both ways (docs/iso8583.md, "Message authentication"); nil for none.
    public init(
        configuration: ISO8583LinkConfiguration,
        tls: ISO8583LinkTLS? = nil,
        codec: ISO8583Codec = ISO8583Codec(),
        networkSTAN: @escaping @Sendable () async throws -> Int,
        logger: Logger = Logger(label: "tapline.iso8583.link"),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        now: @escaping @Sendable () -> Date = { Date() },
        onStatusChange: @escaping @Sendable (ISO8583LinkStatus) -> Void = { _ in },
        messageAuthentication: (any SecurityModule)? = nil
    ) {
        self.configuration = configuration
        self.tls = tls
        self.codec = codec
        self.networkSTAN = networkSTAN
        self.logger = logger
        group = eventLoopGroup
        self.now = now
        self.onStatusChange = onStatusChange
        self.messageAuthentication = messageAuthentication
    }

    /// How many connections are signed on, for a readiness answer.
    public var status: ISO8583LinkStatus {
        state.withLock { ISO8583LinkStatus(upConnections: $0.up.count, configuredConnections: slotCount) }
    }

    /// Requests sent and waiting for their answer (the metrics' in-flight count).
    public var inFlight: Int { pending.count }

    /// Whether at least one connection is signed on, so that ``send(_:timeout:)`` can write.
    public var isUp: Bool { status.isUp }

    /// Sends `request` and returns its answer: the message of the request's response type
    /// with the same terminal id (41) and STAN (11), or the same STAN for a request without 41.
    ///
    /// Fails at once with ``ISO8583LinkError/notConnected`` when no connection is up; it never
    /// waits for one. A response with the request's 41 and 11 but of another type fails it
    /// at once with ``ISO8583LinkError/wrongResponseType``. After a timeout the request is
    /// forgotten: its answer, if it comes, is logged and dropped.
    public func send(_ request: ISO8583Message, timeout: Duration) async throws(ISO8583LinkError) -> ISO8583Message {
        let prepared = try prepare(request)
        guard let connection = nextConnection() else { throw .notConnected }
        return try await exchange(prepared, on: connection, timeout: timeout, cancellable: true).get()
    }

    /// Opens the connections and keeps them up, reconnecting forever, until the calling task
    /// is cancelled; then signs each off (waiting at most the connect timeout for the answer),
    /// closes it and returns.
    ///
    /// It does not throw: nothing the host does stops the link, only cancellation. A host
    /// unreachable at start is logged once per outage and retried. A second call while one
    /// runs returns at once.
    public func run() async {
        let claimed = state.withLock { state in
            defer { state.running = true }
            return !state.running
        }
        guard claimed else {
            logger.error("the acquirer link is already running")
            return
        }
        defer { state.withLock { $0.running = false } }
        await withDiscardingTaskGroup { group in
            for slot in 0..<slotCount {
                group.addTask { await self.keepConnected(slot: slot) }
            }
            if let interval = configuration.keyExchangeInterval {
                group.addTask { await self.requestKeys(every: interval) }
            }
        }
    }

    /// The number of connections kept, at least one.
    var slotCount: Int { max(1, configuration.connections) }

    /// The next connection that is up, in turn; nil when none is.
    func nextConnection() -> ISO8583LinkConnection? {
        state.withLock { state in
            guard !state.up.isEmpty else { return nil }
            let slots = state.up.keys.sorted()
            state.turn &+= 1
            return state.up[slots[Int(state.turn % UInt(slots.count))]]
        }
    }
}
