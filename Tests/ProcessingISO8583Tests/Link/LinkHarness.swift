import Foundation
import Logging
import NIOCore
import NIOPosix
import PaymentCore
import ProcessingISO8583
import Testing

/// A link under test with what it tells: its log lines, its status changes, and the STANs
/// it drew for network messages. Timings are short so that the suite stays fast.
struct LinkHarness: Sendable {
    let link: ISO8583Link
    let logs = EventLog<LinkLogLine>()
    let statuses = EventLog<ISO8583LinkStatus>()
    let stans = LockedBox<[Int]>([])

    init(
        port: Int,
        connections: Int = 2,
        connectTimeout: Duration = .seconds(2),
        echoInterval: Duration = .seconds(60),
        frameLimit: Int = ISO8583Framing.defaultLimit,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        let configuration = ISO8583LinkConfiguration(
            host: "127.0.0.1", port: port, connections: connections, connectTimeout: connectTimeout,
            echoInterval: echoInterval, reconnectBackoffInitial: .milliseconds(20),
            reconnectBackoffMaximum: .milliseconds(100), frameLimit: frameLimit)
        let logs = logs, statuses = statuses, stans = stans
        link = ISO8583Link(
            configuration: configuration,
            networkSTAN: {
                stans.withLock { drawn in
                    let stan = 900_001 + drawn.count
                    drawn.append(stan)
                    return stan
                }
            },
            logger: Logger(label: "test.iso8583.link") { _ in LinkLogHandler(lines: logs) },
            now: now,
            onStatusChange: { statuses.append($0) })
    }

    /// Runs the link while `body` runs, then cancels it and waits until it has signed off
    /// and closed its connections.
    @discardableResult
    func running<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        let run = Task { await link.run() }
        do {
            let result = try await body()
            run.cancel()
            await run.value
            return result
        } catch {
            run.cancel()
            await run.value
            throw error
        }
    }

    /// Waits until `count` connections are signed on.
    func waitUntilUp(_ count: Int = 2, sourceLocation: SourceLocation = #_sourceLocation) async {
        let link = link
        await statuses.wait(for: "\(count) connections up", sourceLocation: sourceLocation) { _ in
            link.status.upConnections == count
        }
    }

    /// Log lines with `message`.
    func lines(_ message: String) -> [LinkLogLine] {
        logs.all.filter { $0.message == message }
    }
}

/// A loopback port nothing listens on: bound, read and closed again, so that a test can
/// start a host there later.
func unusedLoopbackPort() async throws -> Int {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        .bind(host: "127.0.0.1", port: 0).get()
    let port = channel.localAddress?.port ?? 0
    try await channel.close()
    return port
}

/// Test requests and what a host sees of them.
enum LinkTestMessages {
    /// An 0100 for `amount` with STAN `stan` from terminal `terminal`.
    static func authorization(stan: Int, amount: Int = 1000, terminal: String = "TERM0001") -> ISO8583Message {
        ISO8583Message(mti: .authorizationRequest, fields: [
            3: "000000", 4: .text(String(amount)), 11: .text(String(stan)), 41: .text(terminal), 49: "978",
        ])
    }

    /// The requests among `events`, with the connection each came on.
    static func received(_ events: [TestAcquirerHost.Event]) -> [(message: ISO8583Message, connection: Int)] {
        events.compactMap { event in
            if case .received(let message, let connection) = event { return (message, connection) }
            return nil
        }
    }

    /// Network messages with 70 = `code` among `events`.
    static func network(_ code: String, in events: [TestAcquirerHost.Event]) -> [(message: ISO8583Message, connection: Int)] {
        received(events).filter { $0.message.mti == .networkManagementRequest && $0.message[field: 70]?.text == code }
    }

    static func financial(in events: [TestAcquirerHost.Event]) -> [(message: ISO8583Message, connection: Int)] {
        received(events).filter { $0.message.mti != .networkManagementRequest }
    }

    static func connectionCount(_ events: [TestAcquirerHost.Event]) -> Int {
        events.filter { if case .connected = $0 { return true } else { return false } }.count
    }

    static func closedCount(_ events: [TestAcquirerHost.Event]) -> Int {
        events.filter { if case .closed = $0 { return true } else { return false } }.count
    }
}
