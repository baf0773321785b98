import Logging
import NIOCore
import NIOPosix
import NIOSSL

extension ISO8583Link {
    /// One connection slot, for as long as the link runs: connect, sign on, serve until the
    /// connection closes, wait the backoff, again. The backoff doubles after each attempt up
    /// to its maximum and starts over once a connection has signed on.
    func keepConnected(slot: Int) async {
        var backoff = configuration.reconnectBackoffInitial
        while !Task.isCancelled {
            if let connection = await connect(slot: slot) {
                if await signOn(connection) {
                    backoff = configuration.reconnectBackoffInitial
                    if await serve(connection) { return }
                } else {
                    connection.channel.close(promise: nil)
                }
            }
            do {
                try await Task.sleep(for: backoff)
            } catch {
                return
            }
            backoff = min(backoff * 2, configuration.reconnectBackoffMaximum)
        }
    }

    /// A new TCP connection for `slot`, its TLS handshake done when the link has TLS, or nil
    /// (logged) when the host cannot be reached or TLS with it failed.
    private func connect(slot: Int) async -> ISO8583LinkConnection? {
        let (id, reachedBefore) = state.withLock { state in
            state.lastConnectionID += 1
            return (state.lastConnectionID, state.reachedCount)
        }
        var logger = self.logger
        logger[metadataKey: "acquirer_connection"] = "\(id)"
        let (events, eventSink) = AsyncStream.makeStream(
            of: ISO8583LinkConnection.Event.self, bufferingPolicy: .bufferingNewest(1))
        let tlsContext: NIOSSLContext?
        do {
            // Made for each connection, so that certificate files replaced since the last one
            // are used now, while the connections already signed on keep theirs.
            tlsContext = try tls?.makeContext()
        } catch {
            eventSink.finish()
            reportUnreachable(error, message: "acquirer TLS settings unusable", reachedBefore: reachedBefore, logger: logger)
            return nil
        }
        let eventLoop = group.next()
        let handshake = tlsContext.map { _ in eventLoop.makePromise(of: Void.self) }
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(TimeAmount(configuration.connectTimeout))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { [self, logger] channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls, let tlsContext, let handshake {
                        try channel.pipeline.syncOperations.addHandlers(
                            tls.handlers(context: tlsContext, timeout: configuration.connectTimeout, done: handshake))
                    }
                    try channel.pipeline.syncOperations.addHandlers([
                        IdleStateHandler(readTimeout: TimeAmount(configuration.echoInterval)),
                        ISO8583LinkHandler(
                            frameLimit: configuration.frameLimit, codec: codec, logger: logger, events: eventSink,
                            received: { message in self.received(message, logger: logger, channel: channel) }),
                    ])
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: configuration.host, port: configuration.port).get()
        } catch {
            eventSink.finish()
            handshake?.fail(error)
            reportUnreachable(error, message: "acquirer host unreachable", reachedBefore: reachedBefore, logger: logger)
            return nil
        }
        if let handshake {
            do {
                try await handshake.futureResult.get()
            } catch {
                // The handshake's handler closed the channel; nothing was written on it.
                eventSink.finish()
                reportUnreachable(error, message: "acquirer TLS handshake failed", reachedBefore: reachedBefore, logger: logger)
                return nil
            }
        }
        state.withLock { state in
            state.reachedCount += 1
            state.reportedFailure = nil
        }
        // Registered on the connection itself, so that whatever closes it (the host, bad
        // input, a failed echo, shutdown) fails its requests at once.
        channel.closeFuture.whenComplete { [pending] _ in
            eventSink.finish()
            pending.failAll(onConnection: id, with: .connectionLost)
        }
        logger.debug("acquirer connection opened", metadata: ["slot": "\(slot)"])
        return ISO8583LinkConnection(id: id, slot: slot, channel: channel, logger: logger, events: events)
    }

    /// Logs a failed attempt as `message`: at warning when it is the first of an outage or
    /// fails otherwise than the one logged, else at debug. An attempt that began before
    /// another slot reached the host belongs to the outage that ended then, which was
    /// logged already.
    private func reportUnreachable(_ error: any Error, message: Logger.Message, reachedBefore: Int, logger: Logger) {
        // TLS errors in plain words; other errors as they are.
        let reason = ISO8583LinkTLSFailure.describe(error)
        let first = state.withLock { state in
            let failure = "\(message): \(reason)"
            guard reachedBefore == state.reachedCount, state.reportedFailure != failure else { return false }
            state.reportedFailure = failure
            return true
        }
        let metadata: Logger.Metadata = [
            "host": "\(configuration.host)", "port": "\(configuration.port)", "error": "\(reason)",
        ]
        if first {
            logger.warning(message, metadata: metadata)
        } else {
            logger.debug("acquirer connection attempt failed", metadata: metadata)
        }
    }

    /// Whether the host accepted the connection's sign-on (0810 with 39 = 00).
    private func signOn(_ connection: ISO8583LinkConnection) async -> Bool {
        guard let response = await network(.signOn, on: connection) else { return false }
        guard ISO8583LinkNetworkMessage.accepted(response) else {
            connection.logger.warning("acquirer refused the sign-on", metadata: [
                "response_code": "\(response[field: 39].map { ISO8583Redaction.render(39, $0) } ?? "none")",
            ])
            return false
        }
        return true
    }

    /// Carries requests on `connection` until it closes (false) or the task is cancelled
    /// (true: then signed off and closed). An idle period prompts an echo test; one that gets
    /// no answer, or an answer other than 39 = 00, closes the connection.
    private func serve(_ connection: ISO8583LinkConnection) async -> Bool {
        setUp(connection, true)
        connection.logger.info("acquirer connection signed on", metadata: ["slot": "\(connection.slot)"])
        // Ends when the channel closes, or at once when the task is cancelled.
        for await event in connection.events {
            switch event {
            case .idle:
                guard let response = await network(.echoTest, on: connection) else {
                    connection.logger.warning("echo test unanswered: closing the acquirer connection")
                    connection.channel.close(promise: nil)
                    continue
                }
                // A host that answers but refuses the echo is not ready for requests either.
                if !ISO8583LinkNetworkMessage.accepted(response) {
                    connection.logger.warning("echo test refused: closing the acquirer connection", metadata: [
                        "response_code": "\(response[field: 39].map { ISO8583Redaction.render(39, $0) } ?? "none")",
                    ])
                    connection.channel.close(promise: nil)
                }
            }
        }
        setUp(connection, false)
        guard Task.isCancelled else {
            connection.logger.warning("acquirer connection lost", metadata: ["slot": "\(connection.slot)"])
            return false
        }
        if connection.channel.isActive {
            // Unstructured, so that neither the STAN source nor the wait is cut short by the
            // cancellation that asked for the sign-off.
            _ = await Task { await self.network(.signOff, on: connection) }.value
        }
        try? await connection.channel.close()
        connection.logger.info("acquirer connection closed", metadata: ["slot": "\(connection.slot)"])
        return true
    }

    /// Sends the network message `kind` on `connection` and returns the answer, or nil
    /// (logged) when there was none within the connect timeout. Only a `cancellable` one ends
    /// early when its task is cancelled (the sign-off is sent because it was).
    func network(
        _ kind: ISO8583LinkNetworkMessage, on connection: ISO8583LinkConnection, cancellable: Bool = false
    ) async -> ISO8583Message? {
        let prepared: Prepared
        do {
            prepared = try prepare(kind.request(stan: try await networkSTAN(), at: now()))
        } catch {
            // No STAN from the source, or one the field cannot hold.
            connection.logger.warning("\(kind) not sent", metadata: ["error": "\(error)"])
            return nil
        }
        let outcome = await exchange(prepared, on: connection, timeout: configuration.connectTimeout, cancellable: cancellable)
        switch outcome {
        case .success(let response):
            return response
        case .failure(let error):
            connection.logger.warning("\(kind) failed", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Marks `connection` up or down and tells the observer.
    private func setUp(_ connection: ISO8583LinkConnection, _ up: Bool) {
        // One change and its report at a time, so that the observer sees them in order; the
        // state lock is not held while it runs, so it may read ``status``.
        statusReports.withLock { _ in
            let status = state.withLock { state in
                state.up[connection.slot] = up ? connection : nil
                return ISO8583LinkStatus(upConnections: state.up.count, configuredConnections: slotCount)
            }
            onStatusChange(status)
        }
    }
}
