import Foundation
import GatewayAPI
import Hummingbird
import PaymentCore
import Storage

/// Tapped cards on the canonical API: card-present refund by tapping again, and the PIN for
/// a payment waiting for one (sale and authorization with the reader's result are on
/// ``TransactionController``). Both are ``TakeTapPayment``'s, in `/v1`'s shapes.
struct TapController {
    /// What these routes use.
    struct Services: Sendable {
        let store: any Store
        let taps: TakeTapPayment
        let renderer: TransactionRenderer

        init(_ all: GatewayServices) {
            store = all.store
            taps = all.taps
            renderer = all.renderer
        }
    }

    let services: Services

    var routes: [GatewayRoute] {
        [
            .idempotent(.post, APIPath.tapRefund, .permission(.ecommerceRefund), device: .required, rule: IdempotencyRule(claimsInPhaseOne: true)) { input in
                try await refund(input)
            },
            .idempotent(.post, APIPath.pin(PathParameter.id.template), .permission(.featureTapToPayOnMobile), device: .required) { input in
                try await submitPIN(input)
            },
        ]
    }

    private func refund(_ input: RouteInput) async throws -> (HTTPResponse.Status, Data) {
        let caller = try input.caller
        let device = try input.activeDevice
        let refund = try JSONCoding.decode(TapTransactionRequest.self, from: input.body)
        guard refund.tipAmount == nil else { throw GatewayError.invalid("tipAmount", "tipAmount does not apply to a refund") }
        guard refund.breakdown == nil else { throw GatewayError.invalid("breakdown", "breakdown does not apply to a refund") }
        guard refund.amountDetails == nil else { throw GatewayError.invalid("amountDetails", "amountDetails does not apply to a refund") }
        let tap = try await services.taps.open(
            TakeTapPayment.Reading(generalCardData: refund.generalCardData, paymentCardData: refund.paymentCardData), on: device,
            pinRefusal: "a refund takes no PIN")
        let answer = IdempotentAnswer.v1(services.renderer)
        let claim = input.claim?.answering(with: answer)
        let result = try await services.taps.refund(
            tap: tap, terms: try TapPaymentService.Terms(refund), originalTransactionId: refund.originalTransactionId,
            device: device, caller: caller, idempotency: claim, logger: input.context.logger)
        let merchant = try await services.store.merchantAsLastWritten(id: caller.merchantId)
        switch result {
        case .linked(let operation, let payment): return try answer.answer(operation, payment: payment, merchant: merchant, claim: claim)
        case .unreferenced(let row): return try answer.answer(row, payment: row, merchant: merchant, claim: claim)
        }
    }

    private func submitPIN(_ input: RouteInput) async throws -> (HTTPResponse.Status, Data) {
        let caller = try input.caller
        let device = try input.activeDevice
        let paymentId = try input.parameter(.id)
        let submission = try JSONCoding.decode(PINSubmissionRequest.self, from: input.body)
        let payment = try await services.taps.submitPIN(
            paymentId: paymentId, TakeTapPayment.Reading(generalCardData: submission.generalCardData, paymentCardData: submission.paymentCardData),
            device: device, merchantId: caller.merchantId, idempotency: input.claim, logger: input.context.logger)
        let merchant = try await services.store.merchantAsLastWritten(id: caller.merchantId)
        return (.ok, try services.renderer.json(payment, merchant: merchant))
    }
}

extension TapTransactionRequest {
    /// Whether a sale or authorization body is a tap: it carries the reader's sealed card
    /// data. Read loosely, before the strict decoding, so the device is checked before the
    /// idempotency key; a body that is not JSON is no tap here and refused by the decoding.
    /// Read by the gateway's own JSON reader (with its depth limit), not Foundation's: this
    /// runs on every keyed sale.
    @Sendable static func isTap(_ body: ByteBuffer) -> Bool {
        var reader = JSONBodyCheck()
        reader.nullEverywhere = true
        guard case .object(let members)? = try? reader.check(Data(buffer: body)) else { return false }
        return members.contains { ["paymentCardData", "generalCardData"].contains($0.key) && $0.value != .null }
    }
}
