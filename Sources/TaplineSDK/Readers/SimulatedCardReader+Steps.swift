import CardData
import Foundation
import GatewayAPI

extension SimulatedCardReader {
    /// What the reader seals to under `token`: the key bound to the token's merchant and
    /// device, and when the token expires. A Tapline token carries them; any other token (the
    /// provider's, `--reader-tokens signed`) is opaque, and they come from the gateway's answer.
    func sealing(_ token: CardReaderToken) throws(CardReaderError) -> (key: SealingKey, expiresAt: Date, deviceId: String) {
        let found: (key: SealingKey, expiresAt: Date, deviceId: String)
        do {
            let claims = try ReaderTokenClaims.decodeUnverified(token.rawValue)
            found = (try claims.sealingKey(), claims.expiresAt, claims.deviceId)
        } catch {
            guard let issued = token.issued, let merchantId = issued.merchantId, let deviceId = issued.deviceId,
                  let key = try? issued.publicKey.sealingKey() else { throw .invalidToken("\(error)") }
            let binding = ReaderBinding(merchantId: merchantId, deviceId: deviceId)
            found = (SealingKey(keyId: issued.keyId, publicKey: key.publicKey, binding: binding), issued.expiresAt, deviceId)
        }
        guard found.expiresAt > now() else { throw .invalidToken("the reader token expired at \(found.expiresAt)") }
        return found
    }

    /// Starts a read (or a PIN capture, which cannot be cancelled as a waiting read can):
    /// the reader must be prepared and idle.
    func beginRead(_ phase: SimulatedReaderState.Phase = .awaitingCard) throws(CardReaderError) -> (SealingKey, String, SimulatedCustomer) {
        let now = now()
        return try state.withLock { state -> Result<(SealingKey, String, SimulatedCustomer), CardReaderError> in
            guard let key = state.sealingKey, let expiry = state.tokenExpiry, expiry > now else { return .failure(.notPrepared) }
            guard state.phase == .idle else {
                return .failure(.platform("a read is already in progress; only one read runs at a time"))
            }
            state.phase = phase
            state.takeCancellationIgnoringResult()
            return .success((key, state.readerId, state.customer))
        }.get()
    }

    func emit(_ event: CardReaderEvent) {
        state.withLock { $0.eventHandler }?(event)
    }

    /// True when the customer tapped, false when the read was cancelled first.
    func waitForCard() async -> Bool {
        switch pace {
        case .immediate:
            return !state.withLock { $0.takeCancellation() }
        case .delayed(let delay):
            try? await Task.sleep(for: delay)
            return !state.withLock { $0.takeCancellation() }
        case .manual:
            return await withCheckedContinuation { continuation in
                state.withLock { $0.waitForCard(continuation) }
            }
        }
    }

    func waitForFinish() async {
        guard pace == .manual else { return }
        await withCheckedContinuation { continuation in
            state.withLock { $0.waitForFinish(continuation) }
        }
    }

    func seal(customer: SimulatedCustomer, request: CardReadRequest, key: SealingKey, readerId: String, pinToken: String?,
              pin: String?) throws(CardReaderError) -> CardReadResult {
        do {
            let tap = try SimulatedTap(
                pan: customer.card, amount: UInt64(max(0, request.amount.minorUnits)), currencyCode: request.amount.currency.numericCode,
                kind: request.kind == .refund ? .refund : .purchase, readAt: now(), readerId: readerId, pinToken: pinToken,
                funding: customer.funding, cvmResults: Data(pin == nil ? customer.cvmResults : [0x02, 0x03, 0x00]))
            let sealed = try tap.sealed(to: key, pin: try pin.map { try PIN($0) })
            state.withLock { $0.reads[tap.read.readId] = request }
            return CardReadResult(id: tap.read.readId, generalCardData: sealed.generalCardData, paymentCardData: sealed.paymentCardData,
                                  cardholderVerification: pin == nil ? customer.verification : .onlinePIN)
        } catch {
            throw .readFailed("the simulated card \(PAN.masked(customer.card)) could not be read: \(error)")
        }
    }
}

extension TTPCompatibilityResult {
    /// What the simulated reader reports: every check passes.
    public static let simulated = TTPCompatibilityResult(
        deviceModelCheck: DeviceModelCheck(isCompatible: true, modelIdentifier: "TaplineSimulator"),
        iosVersionCheck: IOSVersionCheck(isCompatible: true, version: "18.0", minimumRequiredVersion: "18.0"),
        locationPermission: .granted, tapToPayEntitlement: .available)
}
