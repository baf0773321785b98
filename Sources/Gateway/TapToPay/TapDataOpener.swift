import CardData
import Foundation
import GatewayAPI
import PaymentCore
import Processing
import Storage

/// Opens what a reader sent and checks it before anything is written: the card data opened
/// by the configured ``CardDataDecryptor`` (the JWE and its key, or the provider's
/// decryption service), the TLV inside, the binding, the read's age, and that the general
/// data agrees with the sealed data. Every refusal is a 4xx with its own code that never
/// carries card data; a decryption service that cannot answer is a 503.
struct TapDataOpener: Sendable {
    let handling: CardDataHandling
    let maxAge: TimeInterval
    let now: @Sendable () -> Date

    init(handling: CardDataHandling, maxAge: TimeInterval, now: @escaping @Sendable () -> Date) {
        self.handling = handling
        self.maxAge = maxAge
        self.now = now
    }

    /// Opens the card data with `decryptor`.
    init(decryptor: any CardDataDecryptor, maxAge: TimeInterval, now: @escaping @Sendable () -> Date) {
        self.init(handling: .open(decryptor), maxAge: maxAge, now: now)
    }

    /// Opens Tapline's own JWE with `keys` (`--card-data tapline`).
    init(keys: CardKeyRing, maxAge: TimeInterval, now: @escaping @Sendable () -> Date) {
        self.init(decryptor: TaplineCardDataDecryptor(keys: keys), maxAge: maxAge, now: now)
    }

    /// The opened tap and the PIN, when the payload carries one. The payload must have been
    /// read under a reader token of `device` (its merchant and installation id). `amount` and
    /// `currency` are what the request asks, for a decryption service to see; the checks
    /// against them are the payment's.
    func open(
        generalCardData: String?, paymentCardData: String?, on device: Device, amount: Int64? = nil, currency: String? = nil
    ) async throws -> (tap: OpenedTap, pin: PIN?) {
        guard let paymentCardData, !paymentCardData.isEmpty else {
            throw GatewayFailure.invalid("paymentCardData", "paymentCardData is required: the reader's sealed card data, base64")
        }
        guard let generalCardData, !generalCardData.isEmpty else {
            throw GatewayFailure.invalid("generalCardData", "generalCardData is required: the reader's general card data, base64")
        }
        let decryptor: any CardDataDecryptor
        switch handling {
        case .passThrough:
            return (try Self.sealedTap(paymentCardData, general: generalCardData, on: device), nil)
        case .open(let opening):
            decryptor = opening
        }
        let context = CardDataContext(
            merchantId: device.merchantId, deviceId: device.deviceId, generalCardData: generalCardData, amount: amount, currency: currency)
        let opened = try await decryptor.decrypt(paymentCardData, context: context)
        try Self.checkBinding(opened.binding, device: device)
        let general = try Self.general(generalCardData)
        let read = opened.read
        try checkAge(read.readAt)
        if let masked = general.maskedPAN, masked != read.maskedPAN {
            throw GatewayFailure.invalid("generalCardData", "generalCardData describes another card than paymentCardData", .cardReadMismatch)
        }
        let card: KeyedCard
        do {
            card = try KeyedCard(pan: read.pan, expiryMonth: read.expiry.month, expiryYear: read.expiry.year)
        } catch {
            throw GatewayFailure.invalid("paymentCardData", "the card data holds an invalid card: \(error)", .cardData)
        }
        guard read.expiry.isValid(at: now()) else {
            throw GatewayFailure.invalid("paymentCardData", "the card expired at the end of \(read.expiry)", .cardExpired)
        }
        var tap = OpenedTap(card: .clear(card), readId: read.readId, readerId: read.readerId, kind: read.kind)
        if let amount = read.amount, let code = read.currencyCode {
            guard let currency = Currency(numericCode: code) else {
                throw GatewayFailure.invalid("paymentCardData", "the card was read for currency \(code), which Tapline does not know", .unknownCurrency)
            }
            guard amount > 0, amount <= UInt64(Money.largestMinorUnits) else {
                throw GatewayFailure.invalid("paymentCardData", "the card was read for an amount of \(amount)", .amount)
            }
            tap.amount = Money(minorUnits: Int64(amount), currency: currency)
        }
        tap.pinToken = read.pinToken
        tap.chip = ChipData(
            track2: read.track2Text, emv: read.chipData().encoded,
            sequenceNumber: read.panSequenceNumber.map { $0 < 10 ? "00\($0)" : $0 < 100 ? "0\($0)" : "\($0)" })
        tap.applicationId = general.applicationId
        tap.applicationLabel = general.applicationLabel
        tap.funding = general.funding
        tap.cryptogram = read.cryptogram.map(Hex.string)
        tap.terminalVerificationResults = read.terminalVerificationResults.map(Hex.string)
        tap.applicationTransactionCounter = read.applicationTransactionCounter.map(Hex.string)
        tap.cvmResults = read.cvmResults.map(Hex.string)
        return (tap, opened.pin)
    }

    /// A read made under another device's or merchant's reader token is refused: without
    /// this, card data read on one merchant's phone could be charged by another merchant.
    static func checkBinding(_ binding: ReaderBinding?, device: Device) throws {
        guard let binding else {
            throw GatewayFailure.invalid(
                "paymentCardData", "paymentCardData names no reader token; seal the card data with the key of this device's reader token", .cardReadWrongReader)
        }
        guard binding.merchantId == device.merchantId, binding.deviceId == device.deviceId else {
            throw GatewayFailure.invalid(
                "paymentCardData", "the card was read under the reader token of another device or merchant; read the card again on this device", .cardReadWrongReader)
        }
    }

    private func checkAge(_ readAt: Date) throws {
        let age = now().timeIntervalSince(readAt)
        // A little leeway for a phone clock slightly ahead of the gateway's.
        guard age >= -5 else {
            throw GatewayFailure.invalid("paymentCardData", "the card read is dated in the future; check the device clock", .cardReadStale)
        }
        guard age <= maxAge else {
            throw GatewayFailure.invalid("paymentCardData", "the card was read \(Int(age)) s ago; reads older than \(Int(maxAge)) s are refused, tap again", .cardReadStale)
        }
    }

    /// The reader's `generalCardData`, or its refusal (400 naming `generalCardData`).
    static func general(_ generalCardData: String) throws -> GeneralCardData {
        do {
            return try SealedCardData.general(generalCardData)
        } catch {
            throw apiError(error, field: "generalCardData")
        }
    }

    /// The refusal of a payload; each kind is a problem of its own.
    static func apiError(_ error: CardReadError, field: String) -> GatewayFailure {
        switch error {
        case .notBase64(let field):
            return .invalid(field, "\(field) must be base64", .cardData)
        case .sealed(let sealed):
            return .invalid("paymentCardData", "paymentCardData: \(sealed)", problem(for: sealed))
        case .tlv(let field, _):
            return .invalid(field, "\(error)", .cardData)
        case .missingTag, .invalidTag:
            return .invalid(field, "\(field): \(error)", .cardData)
        case .pinBlock:
            return .invalid("paymentCardData", "\(error)", .pinBlock)
        }
    }

    private static func problem(for error: SealedDataError) -> InputProblem {
        switch error {
        case .notCompactJWE, .tooLarge, .malformedHeader, .emptyPlaintext, .reservedHeader, .unexpectedEncryptedKey, .invalidKey:
            return .cardDataNotJWE
        case .unsupportedAlgorithm, .unsupportedEncryption, .unsupportedCompression, .unsupportedCritical:
            return .cardDataUnsupportedAlgorithm
        case .unknownKey:
            return .cardDataUnknownKey
        case .invalidEphemeralKey, .truncated, .authenticationFailed:
            return .cardDataTampered
        }
    }
}
