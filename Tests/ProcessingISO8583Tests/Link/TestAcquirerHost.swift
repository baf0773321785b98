import NIOCore
import NIOPosix
import PaymentCore
import ProcessingISO8583

/// A scriptable acquirer host on loopback for the link's tests: it reads framed messages,
/// records them with every connection opened and closed, and hands each message to the
/// test's behaviour, which answers (in any order, twice, never), sends garbage or closes.
final class TestAcquirerHost: Sendable {
    /// What a test scripts: called on the connection's event loop for each message read.
    typealias Behaviour = @Sendable (ISO8583Message, TestHostConnection) -> Void

    enum Event: Sendable {
        case connected(Int)
        case received(ISO8583Message, connection: Int)
        case closed(Int)
    }

    let port: Int
    let events: EventLog<Event>
    private let server: any Channel
    private let shared: Shared

    /// What the server's child channels share with the host.
    final class Shared: Sendable {
        let events = EventLog<Event>()
        let behaviour: LockedBox<Behaviour>
        let connections = LockedBox<[Int: TestHostConnection]>([:])
        let lastID = LockedBox(0)

        init(behaviour: @escaping Behaviour) {
            self.behaviour = LockedBox(behaviour)
        }
    }

    private init(port: Int, server: any Channel, shared: Shared) {
        self.port = port
        self.server = server
        self.shared = shared
        events = shared.events
    }

    /// A host listening on 127.0.0.1, on `port` or (0) any free one.
    static func start(port: Int = 0, behaviour: @escaping Behaviour = answerAll) async throws -> TestAcquirerHost {
        let shared = Shared(behaviour: behaviour)
        let server = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                let id = shared.lastID.withLock { last in
                    last += 1
                    return last
                }
                let connection = TestHostConnection(id: id, channel: channel)
                shared.connections.withLock { $0[id] = connection }
                shared.events.append(.connected(id))
                channel.closeFuture.whenComplete { _ in
                    shared.connections.withLock { $0[id] = nil }
                    shared.events.append(.closed(id))
                }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(TestHostHandler(connection: connection, shared: shared))
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        return TestAcquirerHost(port: server.localAddress?.port ?? port, server: server, shared: shared)
    }

    /// Replaces the script for every message read from now on.
    func behave(_ behaviour: @escaping Behaviour) {
        shared.behaviour.withLock { $0 = behaviour }
    }

    /// Closes every open connection, as a host that drops its links.
    func closeAllConnections() async {
        for connection in shared.connections.withLock({ Array($0.values) }) {
            try? await connection.channel.close()
        }
    }

    /// Stops listening and closes every connection.
    func stop() async {
        try? await server.close()
        await closeAllConnections()
    }

    /// The default script: every request answered at once with 39 = 00.
    static let answerAll: Behaviour = { request, connection in
        connection.send(answer(to: request))
    }

    /// The usual answer to `request`: its response type, with 7, 11, 41, 49 and 70 echoed,
    /// 39 = `code`, and for a request with an amount (4) a 37 derived from it, so that a test
    /// can tell which request an answer was made for.
    static func answer(to request: ISO8583Message, code: String = "00") -> ISO8583Message {
        var response = ISO8583Message(mti: request.mti.responseType ?? request.mti)
        for field in [4, 7, 11, 41, 49, 70] { response[field: field] = request[field: field] }
        response[field: 39] = .text(code)
        if let amount = request[field: 4]?.text.flatMap({ Int($0) }) {
            response[field: 37] = .text(reference(forAmount: amount))
        }
        return response
    }

    /// The 37 the usual answer carries for an amount: `R` and the amount in 11 digits.
    static func reference(forAmount amount: Int) -> String {
        let digits = String(amount)
        return "R" + String(repeating: "0", count: max(0, 11 - digits.count)) + digits
    }
}

/// One connection the host accepted.
final class TestHostConnection: Sendable {
    let id: Int
    let channel: any Channel

    init(id: Int, channel: any Channel) {
        self.id = id
        self.channel = channel
    }

    /// Encodes, frames and writes `message`.
    func send(_ message: ISO8583Message) {
        do {
            try sendRaw(ISO8583Framing.frame(ISO8583Codec().encode(message)))
        } catch {
            // A test scripted an impossible answer: closing makes the link's side fail loudly.
            channel.close(promise: nil)
        }
    }

    /// Writes `bytes` as they are: garbage, truncated frames.
    func sendRaw(_ bytes: [UInt8]) {
        channel.writeAndFlush(ByteBuffer(bytes: bytes), promise: nil)
    }

    func close() {
        channel.close(promise: nil)
    }
}

/// Reads the host's side of a connection: frames, decoded, recorded, handed to the script.
private final class TestHostHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private var reader = ISO8583FrameReader()
    private let connection: TestHostConnection
    private let shared: TestAcquirerHost.Shared

    init(connection: TestHostConnection, shared: TestAcquirerHost.Shared) {
        self.connection = connection
        self.shared = shared
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        do {
            for frame in try reader.append(unwrapInboundIn(data).readableBytesView) {
                let message = try ISO8583Codec().decode(frame)
                // Recorded after the script ran, so that a test that waits for a message
                // finds whatever the script kept of it.
                shared.behaviour.withLock { $0 }(message, connection)
                shared.events.append(.received(message, connection: connection.id))
            }
        } catch {
            // The link never writes anything else; closing makes a test see it.
            context.close(promise: nil)
        }
    }
}
