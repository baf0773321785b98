import Foundation
import GatewayAPI
import Hummingbird
import PaymentCore
import Storage

/// The Koard-compatible routes, with the Koard document's paths and snake_case shapes:
/// `POST /v4/payment` and `/v4/preauth` after a tap, and the follow-ups on
/// `/v3/payments/{id}/capture|auth` and `/v1/payments/{id}/adjust|reverse|refund`. Thin
/// adapters over the services behind `/v1`; every answer is a ``KoardTransactionResponse``.
struct KoardController {
    /// What these routes use.
    struct Services: Sendable {
        let store: any Store
        let taps: TakeTapPayment
        let followUps: FollowUpService
        let deviceGuard: DeviceGuard
        let idempotency: IdempotencyGuard

        init(_ all: GatewayServices) {
            store = all.store
            taps = all.taps
            followUps = all.followUps
            deviceGuard = all.deviceGuard
            idempotency = all.idempotency
        }
    }

    let services: Services

    func addRoutes(v1: RouterGroup<GatewayContext>, v3: RouterGroup<GatewayContext>, v4: RouterGroup<GatewayContext>) {
        v4.post("payment") { request, context in
            try await pay(.sale, permission: .ecommerceSale, request: request, context: context)
        }
        v4.post("preauth") { request, context in
            try await pay(.authorization, permission: .ecommerceAuth, request: request, context: context)
        }
        for (group, operation) in [(v3, KoardFollowUp.capture), (v3, .auth), (v1, .adjust), (v1, .reverse), (v1, .refund)] {
            group.post("payments/:id/\(operation)") { request, context in
                try await followUp(operation, request: request, context: context)
            }
        }
    }

    /// A sale or preauth from a tap: the device and the sealed card data exactly as on
    /// `/v1`, the amount being Koard's total (tip included).
    private func pay(_ type: TransactionType, permission: APIPermission, request: Request, context: GatewayContext) async throws -> Response {
        let caller = try context.require(permission)
        var request = request
        let bytes = try await request.collectBody(upTo: JSONCoding.maxBodySize)
        return try await KoardErrors.translating {
            let body = try JSONCoding.decode(KoardPaymentRequest.self, from: bytes)
            let key = try KoardIdempotency.key(transactionId: body.transactionId, eventId: body.eventId)
            return try await services.idempotency.run(
                merchantId: caller.merchantId, request: request, body: bytes, derivedKey: key, format: .koard
            ) { claim in
                try await KoardErrors.translating {
                    let device = try await services.deviceGuard.requireActiveDevice(request, merchantId: caller.merchantId)
                    let tap = try await services.taps.open(
                        TakeTapPayment.Reading(generalCardData: body.generalCardData, paymentCardData: body.paymentCardData), on: device,
                        pinRefusal: "this payload carries a PIN; send it to /v1/transactions/{id}/pin")
                    let payment = try await services.taps.pay(
                        type, tap: tap, terms: try Self.terms(body), device: device, merchantId: caller.merchantId,
                        idempotency: claim, logger: context.logger)
                    return (HTTPResponse.Status.created, try JSONCoding.encoder.encode(KoardRenderer.render(payment)))
                }
            }
        }
    }

    private func followUp(_ operation: KoardFollowUp, request: Request, context: GatewayContext) async throws -> Response {
        let caller = try context.require(operation.permission)
        let pathId = try context.parameters.require("id")
        var request = request
        let bytes = try await request.collectBody(upTo: JSONCoding.maxBodySize)
        let lookup = KoardPaymentLookup(store: services.store, merchantId: caller.merchantId)
        let current: @Sendable () async throws -> Transaction? = { try await lookup.find(pathId) }
        return try await KoardErrors.translating(payment: current) {
            let parsed = try operation.parse(bytes)
            let key = try KoardIdempotency.key(transactionId: nil, eventId: parsed.eventId)
            return try await services.idempotency.run(
                merchantId: caller.merchantId, request: request, body: bytes, derivedKey: key, format: .koard
            ) { claim in
                try await KoardErrors.translating(payment: current) {
                    let payment = try await lookup.require(pathId)
                    let (done, updated) = try await services.followUps.perform(
                        try parsed.request(payment), paymentId: payment.id, merchantId: caller.merchantId, createdById: caller.clientId,
                        idempotency: claim, breakdown: parsed.breakdown)
                    return (HTTPResponse.Status.created, try JSONCoding.encoder.encode(KoardRenderer.render(updated, operation: done)))
                }
            }
        }
    }

    /// The canonical terms of a Koard payment: its amount is the total, so the amount before
    /// tip is what is left once the breakdown's tip is taken out; its `transaction_id` is
    /// the payment's reference.
    private static func terms(_ body: KoardPaymentRequest) throws -> TapPaymentService.Terms {
        var terms = TapPaymentService.Terms()
        guard let currency = Currency(code: body.currency) else {
            throw GatewayError.invalid("currency", "unknown currency '\(body.currency)'; use an ISO 4217 code such as USD", code: .unknownCurrency)
        }
        _ = try AmountField.positive(body.amount, field: "amount", hint: "minor units, tip included")
        terms.currency = currency
        terms.breakdown = try BreakdownRules.koard.parse(body.breakdown?.canonical)
        try BreakdownRules.check(terms.breakdown, total: body.amount)
        terms.tipAmount = terms.breakdown?.tipAmount ?? 0
        terms.amount = body.amount - terms.tipAmount
        terms.referenceId = body.transactionId
        return terms
    }
}
