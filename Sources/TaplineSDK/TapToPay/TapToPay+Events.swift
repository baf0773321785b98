import Foundation
import GatewayAPI

extension TapToPay {
    /// Sends an event to every stream and to the current payment's observer.
    func publish(_ event: TTPEvent) {
        let observer = state.withLock { $0.paymentObserver }
        events.send(event)
        observer?(event)
    }

    /// A reader event, with the SDK's own event it implies and the payment phase it moves to.
    func readerReported(_ event: CardReaderEvent) {
        publish(.readerEvent(event))
        switch event {
        case .updateProgress(let progress): publish(.customEvent(.updateReaderProgress(progress)))
        case .notReady: publish(.customEvent(.readerNotReady("the card reader is not ready")))
        case .cardDetected:
            state.withLock { if $0.phase == .awaitingCard { $0.phase = .cardReading } }
            publish(.customEvent(.cardDetected))
        case .readCompleted: publish(.customEvent(.cardReadSuccess))
        case .readRetry, .readNotCompleted: publish(.customEvent(.cardReadFailure))
        case .readyForTap, .removeCard, .readCancelled, .pinEntryRequested, .pinEntryCompleted, .userInterfaceDismissed: break
        }
    }

    /// A reader token good for a while yet: the cached one, or a new one from the gateway.
    func readerToken(renew: Bool) async throws(TaplineAPIError) -> CardReaderToken {
        let now = connection.now()
        if !renew, let cached = state.withLock({ $0.readerToken }),
           cached.expiresAt.timeIntervalSince(now) > Self.readerTokenLeeway {
            return CardReaderToken(cached)
        }
        let issued: ReaderTokenResponse = try await connection.post(APIPath.readerToken(connection.deviceId), body: EmptyBody())
        state.withLock {
            $0.readerToken = issued
            $0.prepared = false
        }
        return CardReaderToken(issued)
    }

    /// Prepares the reader unless it is prepared with a token that is still good.
    func ensurePrepared() async throws {
        let now = connection.now()
        let ready = state.withLock { state in
            state.prepared && (state.readerToken?.expiresAt.timeIntervalSince(now) ?? 0) > Self.readerTokenLeeway && state.settings != nil
        }
        if !ready { try await prepare() }
    }

    /// The merchant's settings as of the last `prepare()`.
    func settings() async throws -> PaymentSettingsResponse {
        try await ensurePrepared()
        guard let settings = state.withLock({ $0.settings }) else { throw TTPError.sdkNotInitialized("call prepare() first") }
        return settings
    }
}
