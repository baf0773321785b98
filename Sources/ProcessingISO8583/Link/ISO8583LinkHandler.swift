import Logging
import NIOCore

/// The inbound end of a link connection: reassembles frames, decodes each message and hands
/// it to the link, and turns read-idle periods (from the `IdleStateHandler` before it) into
/// echo-test prompts.
///
/// A frame it cannot read (zero or over the limit, or bytes that are not a message) closes
/// the connection: the stream can no longer be trusted to be in step, and the requests on it
/// fail as lost rather than wait for answers that may never be found.
final class ISO8583LinkHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private var reader: ISO8583FrameReader
    private let codec: ISO8583Codec
    private let logger: Logger
    private let events: AsyncStream<ISO8583LinkConnection.Event>.Continuation
    private let received: (ISO8583Message) -> Void
    /// Set once the connection is being closed for bad input: nothing more is read from it.
    private var refused = false

    init(
        frameLimit: Int,
        codec: ISO8583Codec,
        logger: Logger,
        events: AsyncStream<ISO8583LinkConnection.Event>.Continuation,
        received: @escaping (ISO8583Message) -> Void
    ) {
        reader = ISO8583FrameReader(limit: frameLimit)
        self.codec = codec
        self.logger = logger
        self.events = events
        self.received = received
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        let chunk = unwrapInboundIn(data)
        let frames: [[UInt8]]
        do {
            frames = try reader.append(chunk.readableBytesView)
        } catch {
            refuse(context, reason: "unreadable frame: \(error)")
            return
        }
        for frame in frames {
            let message: ISO8583Message
            do {
                message = try codec.decode(frame)
            } catch {
                // Frames after this one in the same chunk are dropped with the connection.
                refuse(context, reason: "undecodable message: \(error)")
                return
            }
            received(message)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            events.yield(.idle)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // A TLS alert after the handshake (a host that refuses the client certificate under
        // TLS 1.3) lands here: it is named in plain words.
        logger.warning("acquirer connection failed", metadata: ["error": "\(ISO8583LinkTLSFailure.describe(error))"])
        context.close(promise: nil)
    }

    private func refuse(_ context: ChannelHandlerContext, reason: String) {
        refused = true
        // The reason names lengths and positions, never a field's value.
        logger.warning("closing acquirer connection", metadata: ["reason": "\(reason)"])
        context.close(promise: nil)
    }
}
