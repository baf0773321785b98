import Logging
import NIOCore

extension ISO8583Link {
    /// A request checked, encoded and framed, with what its answer will be matched by.
    struct Prepared: Sendable {
        let message: ISO8583Message
        let key: ISO8583PendingTable.Key
        let responseType: ISO8583MTI
        let frame: [UInt8]
    }

    /// Everything that can be refused before a connection is chosen.
    func prepare(_ request: ISO8583Message) throws(ISO8583LinkError) -> Prepared {
        guard let responseType = request.mti.responseType else { throw .unmatchable }
        let (sent, bytes) = try encodeAuthenticated(request)
        // After the encoder accepted it, a present 11 is digits.
        guard let key = ISO8583PendingTable.Key(sent) else { throw .unmatchable }
        do {
            let frame = try ISO8583Framing.frame(bytes, limit: configuration.frameLimit)
            return Prepared(message: sent, key: key, responseType: responseType, frame: frame)
        } catch {
            throw .framing(error)
        }
    }

    /// Writes `prepared` on `connection` and waits for its answer, a timeout, the connection
    /// closing or (when `cancellable`) the task's cancellation. The link's own sign-off is
    /// not cancellable: it is sent because the task was cancelled.
    func exchange(
        _ prepared: Prepared, on connection: ISO8583LinkConnection, timeout: Duration, cancellable: Bool
    ) async -> ISO8583PendingTable.Outcome {
        let token = pending.makeToken()
        guard cancellable else {
            return await withCheckedContinuation { waiter in
                start(prepared, token: token, on: connection, timeout: timeout, waiter: waiter)
            }
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { waiter in
                start(prepared, token: token, on: connection, timeout: timeout, waiter: waiter)
                // A cancellation before the entry existed found nothing to fail.
                if Task.isCancelled { pending.fail(prepared.key, token: token, with: .cancelled) }
            }
        } onCancel: {
            pending.fail(prepared.key, token: token, with: .cancelled)
        }
    }

    private func start(
        _ prepared: Prepared, token: UInt64, on connection: ISO8583LinkConnection, timeout: Duration,
        waiter: ISO8583PendingTable.Waiter
    ) {
        let key = prepared.key
        guard pending.register(
            key, token: token, responseType: prepared.responseType, connection: connection.id, waiter: waiter
        ) else {
            waiter.resume(returning: .failure(.duplicateInFlight))
            return
        }
        let pending = self.pending
        let timer = connection.channel.eventLoop.scheduleTask(in: TimeAmount(timeout)) {
            pending.fail(key, token: token, with: .timedOut)
        }
        pending.attach(timer, to: key, token: token)
        connection.logger.debug("sent \(prepared.message)")
        // A write fails on a channel that closed, also one that closed before the entry was
        // registered, which its closing could not fail.
        connection.channel.writeAndFlush(ByteBuffer(bytes: prepared.frame)).whenFailure { _ in
            pending.fail(key, token: token, with: .connectionLost)
        }
    }

    /// A message the host sent on a connection: the answer to a waiting request; a response
    /// of the wrong type for one, which fails it at once; or logged and dropped.
    func received(_ message: ISO8583Message, logger: Logger, channel: (any Channel)? = nil) {
        logger.debug("received \(message)")
        // 41 and 11 are never card data; they are quoted like any text field.
        var metadata: Logger.Metadata = [
            "mti": "\(message.mti)",
            "terminal": "\(message[field: 41].map { ISO8583Redaction.render(41, $0) } ?? "none")",
            "stan": "\(message[field: 11].map { ISO8583Redaction.render(11, $0) } ?? "none")",
        ]
        guard isAuthentic(message) else {
            // Never the MAC itself: only that it is missing or wrong.
            metadata["failed_request"] = "\(pending.reject(message, with: .badMAC))"
            logger.warning("message with a missing or wrong MAC: treated as no answer", metadata: metadata)
            return
        }
        if Self.isKeyExchange(message), let channel {
            keyExchange(message, channel: channel, logger: logger)
            return
        }
        // Taken here, on the connection's event loop, before the request has its answer: the
        // host may MAC what it sends next under the new key.
        if Self.isKeyRequestAnswer(message), pending.awaits(message) {
            takeRequestedKey(message, logger: logger)
        }
        switch pending.resolve(message) {
        case .answered:
            return
        case .refused(let expected):
            metadata["expected_mti"] = "\(expected)"
            logger.warning("response of the wrong type: the request fails as unanswered", metadata: metadata)
        case .unmatched:
            logger.notice("late or unknown response", metadata: metadata)
        }
    }
}
