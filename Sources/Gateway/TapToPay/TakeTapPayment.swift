import Logging
import PaymentCore
import Storage

/// Take a tap: the one use case behind a tapped payment on every API style (`/v1`, Halo,
/// Koard). It opens what the reader sealed, on the device that sent it, and runs the sale,
/// authorization, refund or PIN try; the adapters only translate their wire into its terms
/// and its result back into their shapes.
struct TakeTapPayment: Sendable {
    let opener: TapDataOpener
    let payments: TapPaymentService
    let pins: PINService

    /// What a reader sent: the sealed card data and the general card data, both base64.
    struct Reading: Sendable {
        var generalCardData: String?
        var paymentCardData: String?
        /// What the request asks (minor units with tip) and its currency, when the route names
        /// them: passed to a card-data decryption service, which may check them.
        var amount: Int64? = nil
        var currency: String? = nil
    }

    /// The tap in `reading`, which must carry no PIN: `pinRefusal` says where a PIN goes
    /// instead, in the words of the caller's API.
    func open(_ reading: Reading, on device: Device, pinRefusal: String) async throws -> OpenedTap {
        let (tap, pin) = try await opener.open(
            generalCardData: reading.generalCardData, paymentCardData: reading.paymentCardData, on: device,
            amount: reading.amount, currency: reading.currency)
        guard pin == nil else { throw GatewayFailure.invalid("paymentCardData", pinRefusal) }
        return tap
    }

    /// A sale or authorization from a tap `open` returned.
    func pay(
        _ type: TransactionType, tap: OpenedTap, terms: TapPaymentService.Terms, device: Device, merchantId: String,
        idempotency: IdempotencyClaim?, logger: Logger
    ) async throws -> Transaction {
        try await payments.pay(type, tap: tap, terms: terms, deviceId: device.deviceId, merchantId: merchantId, idempotency: idempotency, logger: logger)
    }

    /// A refund to the tapped card, linked to the payment it refunds when one matches.
    func refund(
        tap: OpenedTap, terms: TapPaymentService.Terms, originalTransactionId: String?, device: Device, caller: Caller,
        idempotency: IdempotencyClaim?, logger: Logger
    ) async throws -> TapPaymentService.Refund {
        try await payments.refund(
            tap: tap, terms: terms, originalTransactionId: originalTransactionId, deviceId: device.deviceId, caller: caller,
            idempotency: idempotency, logger: logger)
    }

    /// A PIN try for payment `paymentId`: `reading` must carry the PIN block. A
    /// `merchantReference` (Halo) must be the payment's own.
    func submitPIN(
        paymentId: String, _ reading: Reading, device: Device, merchantId: String, merchantReference: String? = nil,
        idempotency: IdempotencyClaim?, logger: Logger
    ) async throws -> Transaction {
        let (tap, pin) = try await opener.open(generalCardData: reading.generalCardData, paymentCardData: reading.paymentCardData, on: device)
        // Data passed on sealed may well hold the PIN: only the acquirer can tell.
        guard pin != nil || tap.card.clear == nil else {
            throw GatewayFailure.invalid("paymentCardData", "the sealed card data carries no PIN block", .pinBlockMissing)
        }
        return try await pins.submit(
            paymentId: paymentId, merchantId: merchantId, deviceId: device.deviceId, tap: tap, pin: pin, merchantReference: merchantReference,
            idempotency: idempotency, logger: logger)
    }
}
