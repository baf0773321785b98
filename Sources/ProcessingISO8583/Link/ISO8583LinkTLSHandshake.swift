import Crypto
import NIOCore
import NIOSSL
import NIOTLS

/// Sits after the TLS handler of a new link connection until its handshake ends: then it
/// checks the pin (when there is one) and completes `done`, or fails it with an
/// ``ISO8583LinkTLSFailure`` and closes the connection. The link waits on `done` before it
/// signs on, so nothing is written to a host that was not verified.
///
/// Errors before the end of the handshake are its own to report (through `done`); later
/// ones go on to the link's handler, which logs them. One that ends the session before the
/// host sent anything is named as what it most likely is: under TLS 1.3 a host checks the
/// client certificate after the client's handshake ended, and one that refuses it may close
/// without even an alert.
final class ISO8583LinkTLSHandshake: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    private let pinnedSHA256: [UInt8]?
    private let timeout: Duration
    private let done: EventLoopPromise<Void>
    private var finished = false
    /// The handshake ended and the host has sent nothing since.
    private var awaitingFirstAnswer = false
    private var timer: Scheduled<Void>?

    init(pinnedSHA256: [UInt8]?, timeout: Duration, done: EventLoopPromise<Void>) {
        self.pinnedSHA256 = pinnedSHA256
        self.timeout = timeout
        self.done = done
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // A host that accepts the TCP connection but never completes the handshake.
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
            let (handler, context) = loopBound.value
            handler.finish(context, .failure(ISO8583LinkTLSFailure(reason: "the TLS handshake did not finish in time")))
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        finish(context, .failure(ISO8583LinkTLSFailure(reason: "the connection closed during the TLS handshake")), close: false)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let tls = event as? TLSUserEvent, case .handshakeCompleted = tls, !finished {
            finish(context, checkPin(context))
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        awaitingFirstAnswer = false
        context.fireChannelRead(data)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard finished else {
            finish(context, .failure(ISO8583LinkTLSFailure(error)))
            return
        }
        guard awaitingFirstAnswer else {
            context.fireErrorCaught(error)
            return
        }
        awaitingFirstAnswer = false
        context.fireErrorCaught(ISO8583LinkTLSFailure(afterHandshake: error))
    }

    func channelInactive(context: ChannelHandlerContext) {
        finish(context, .failure(ISO8583LinkTLSFailure(reason: "the host closed the connection during the TLS handshake")), close: false)
        context.fireChannelInactive()
    }

    /// The handshake's outcome once the chain was validated: a mismatch with the pin fails it.
    private func checkPin(_ context: ChannelHandlerContext) -> Result<Void, ISO8583LinkTLSFailure> {
        guard let pinnedSHA256 else { return .success(()) }
        guard let leaf = try? context.pipeline.syncOperations.nioSSL_peerCertificate(),
              let der = try? leaf.toDERBytes() else {
            return .failure(ISO8583LinkTLSFailure(reason: "the host presented no certificate to check against the pin"))
        }
        guard Array(SHA256.hash(data: der)) == pinnedSHA256 else {
            return .failure(ISO8583LinkTLSFailure(
                reason: "the host's certificate is not the pinned one (its SHA-256 is \(ISO8583LinkTLSFailure.hex(SHA256.hash(data: der))))"))
        }
        return .success(())
    }

    private func finish(_ context: ChannelHandlerContext, _ outcome: Result<Void, ISO8583LinkTLSFailure>, close: Bool = true) {
        guard !finished else { return }
        finished = true
        timer?.cancel()
        switch outcome {
        case .success:
            awaitingFirstAnswer = true
            done.succeed(())
        case .failure(let failure):
            done.fail(failure)
            if close { context.close(promise: nil) }
        }
    }
}
