import Foundation
import GatewayAPI
import Hummingbird
import PaymentCore
import Storage

/// Tapped cards on the canonical API: sale and authorization with the reader's result
/// (through ``TransactionController``), card-present refund by tapping again, and the PIN
/// for a payment waiting for one.
struct TapController {
    let services: GatewayServices

    var routes: [GatewayRoute] {
        [
            .idempotent(.post, APIPath.tapRefund, .permission(.ecommerceRefund), device: .required) { input in try await refund(input) },
            .idempotent(.post, APIPath.pin(PathParameter.id.template), .permission(.featureTapToPayOnMobile), device: .required) { input in
                try await submitPIN(input)
            },
        ]
    }

    /// A sale or authorization whose body carries `paymentCardData`, from the route's active
    /// device; runs inside the route's idempotency claim.
    func pay(_ type: TransactionType, body: TapTransactionRequest, device: Device, caller: Caller, claim: IdempotencyClaim?,
             context: GatewayContext) async throws -> Transaction {
        let (tap, pin) = try await services.tapOpener.open(generalCardData: body.generalCardData, paymentCardData: body.paymentCardData, on: device)
        guard pin == nil else {
            throw GatewayError.invalid("paymentCardData", "this payload carries a PIN; send it to /v1/transactions/{id}/pin")
        }
        return try await services.tapPayments.pay(
            type, tap: tap, terms: try Self.terms(body), deviceId: device.deviceId, merchantId: caller.merchantId,
            idempotency: claim, logger: context.logger)
    }

    private func refund(_ input: RouteInput) async throws -> (HTTPResponse.Status, Data) {
        let caller = try input.caller
        let device = try input.activeDevice
        let refund = try JSONCoding.decode(TapTransactionRequest.self, from: input.body)
        guard refund.tipAmount == nil else { throw GatewayError.invalid("tipAmount", "tipAmount does not apply to a refund") }
        guard refund.breakdown == nil else { throw GatewayError.invalid("breakdown", "breakdown does not apply to a refund") }
        let (tap, pin) = try await services.tapOpener.open(generalCardData: refund.generalCardData, paymentCardData: refund.paymentCardData, on: device)
        guard pin == nil else { throw GatewayError.invalid("paymentCardData", "a refund takes no PIN") }
        let result = try await services.tapPayments.refund(
            tap: tap, terms: try Self.terms(refund), originalTransactionId: refund.originalTransactionId,
            deviceId: device.deviceId, caller: caller, idempotency: input.claim, logger: input.context.logger)
        let merchant = try await services.store.read { try await $0.merchant(id: caller.merchantId) }
        switch result {
        case .linked(let operation, let payment):
            let response = FollowUpResponse(
                operation: services.renderer.render(operation, merchant: merchant), payment: services.renderer.render(payment, merchant: merchant))
            return (.created, try JSONCoding.encoder.encode(response))
        case .unreferenced(let row):
            return (.created, try JSONCoding.encoder.encode(services.renderer.render(row, merchant: merchant)))
        }
    }

    private func submitPIN(_ input: RouteInput) async throws -> (HTTPResponse.Status, Data) {
        let caller = try input.caller
        let device = try input.activeDevice
        let paymentId = try input.parameter(.id)
        let submission = try JSONCoding.decode(PINSubmissionRequest.self, from: input.body)
        let (tap, pin) = try await services.tapOpener.open(
            generalCardData: submission.generalCardData, paymentCardData: submission.paymentCardData, on: device)
        guard let pin else {
            throw GatewayError.invalid("paymentCardData", "the sealed card data carries no PIN block", code: .pinBlockMissing)
        }
        let payment = try await services.pins.submit(
            paymentId: paymentId, merchantId: caller.merchantId, deviceId: device.deviceId, tap: tap, pin: pin,
            idempotency: input.claim, logger: input.context.logger)
        let merchant = try await services.store.read { try await $0.merchant(id: caller.merchantId) }
        return (.ok, try JSONCoding.encoder.encode(services.renderer.render(payment, merchant: merchant)))
    }

    private static func terms(_ body: TapTransactionRequest) throws -> TapPaymentService.Terms {
        var terms = TapPaymentService.Terms()
        terms.amount = body.amount
        if let code = body.currency {
            guard let currency = Currency(code: code) else {
                throw GatewayError.invalid("currency", "unknown currency '\(code)'; use an ISO 4217 code such as USD", code: .unknownCurrency)
            }
            terms.currency = currency
        }
        terms.breakdown = try BreakdownRules.canonical.parse(body.breakdown)
        terms.tipAmount = try BreakdownRules.canonical.tip(requestTip: body.tipAmount, breakdown: terms.breakdown, tipField: "tipAmount")
        try CardPaymentValidator.checkLength(body.referenceId, field: "referenceId")
        try CardPaymentValidator.checkLength(body.customerId, field: "customerId")
        try CardPaymentValidator.checkLength(body.createdById, field: "createdById")
        terms.referenceId = body.referenceId
        terms.customerId = body.customerId
        terms.customerName = CardPaymentValidator.customerName(body.contactInfo)
        terms.customerEmail = body.contactInfo?.email
        terms.createdById = body.createdById
        return terms
    }
}

extension TapTransactionRequest {
    /// Whether a sale or authorization body is a tap: it carries the reader's sealed card
    /// data. Read loosely, before the strict decoding, so the device is checked before the
    /// idempotency key; a body that is not JSON is no tap here and refused by the decoding.
    @Sendable static func isTap(_ body: ByteBuffer) -> Bool {
        guard let object = try? JSONSerialization.jsonObject(with: Data(buffer: body)) as? [String: Any] else { return false }
        return ["paymentCardData", "generalCardData"].contains { key in object[key].map { !($0 is NSNull) } ?? false }
    }
}
