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
        let deviceGuard: DeviceGuard
        let idempotency: IdempotencyGuard
        let renderer: TransactionRenderer

        init(_ all: GatewayServices) {
            store = all.store
            taps = all.taps
            deviceGuard = all.deviceGuard
            idempotency = all.idempotency
            renderer = all.renderer
        }
    }

    let services: Services

    func addRoutes(to v1: RouterGroup<GatewayContext>) {
        v1.post("transactions/refund") { request, context in
            try await refund(request, context: context)
        }
        v1.post("transactions/:id/pin") { request, context in
            try await submitPIN(request, context: context)
        }
    }

    private func refund(_ request: Request, context: GatewayContext) async throws -> Response {
        let caller = try context.require(.ecommerceRefund)
        let device = try await services.deviceGuard.requireActiveDevice(request, merchantId: caller.merchantId)
        var request = request
        let body = try await request.collectBody(upTo: JSONCoding.maxBodySize)
        return try await services.idempotency.run(merchantId: caller.merchantId, request: request, body: body) { claim in
            let refund = try JSONCoding.decode(TapTransactionRequest.self, from: body)
            guard refund.tipAmount == nil else { throw GatewayError.invalid("tipAmount", "tipAmount does not apply to a refund") }
            guard refund.breakdown == nil else { throw GatewayError.invalid("breakdown", "breakdown does not apply to a refund") }
            let tap = try await services.taps.open(
                TakeTapPayment.Reading(generalCardData: refund.generalCardData, paymentCardData: refund.paymentCardData), on: device,
                pinRefusal: "a refund takes no PIN")
            let result = try await services.taps.refund(
                tap: tap, terms: try TapPaymentService.Terms(refund), originalTransactionId: refund.originalTransactionId,
                device: device, caller: caller, idempotency: claim, logger: context.logger)
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
    }

    private func submitPIN(_ request: Request, context: GatewayContext) async throws -> Response {
        let caller = try context.require(.featureTapToPayOnMobile)
        let device = try await services.deviceGuard.requireActiveDevice(request, merchantId: caller.merchantId)
        let paymentId = try context.parameters.require("id")
        var request = request
        let body = try await request.collectBody(upTo: JSONCoding.maxBodySize)
        return try await services.idempotency.run(merchantId: caller.merchantId, request: request, body: body) { claim in
            let submission = try JSONCoding.decode(PINSubmissionRequest.self, from: body)
            let payment = try await services.taps.submitPIN(
                paymentId: paymentId, TakeTapPayment.Reading(generalCardData: submission.generalCardData, paymentCardData: submission.paymentCardData),
                device: device, merchantId: caller.merchantId, idempotency: claim, logger: context.logger)
            let merchant = try await services.store.read { try await $0.merchant(id: caller.merchantId) }
            return (.ok, try JSONCoding.encoder.encode(services.renderer.render(payment, merchant: merchant)))
        }
    }
}
