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

        init(_ all: GatewayServices) {
            store = all.store
            taps = all.taps
            followUps = all.followUps
        }
    }

    let services: Services

    var routes: [GatewayRoute] {
        let id = PathParameter.id.template
        let followUps: [(String, KoardFollowUp)] = [
            (APIPath.Koard.capture(id), .capture), (APIPath.Koard.auth(id), .auth), (APIPath.Koard.adjust(id), .adjust),
            (APIPath.Koard.reverse(id), .reverse), (APIPath.Koard.refund(id), .refund),
        ]
        return [pay(.sale, at: APIPath.Koard.payment, permission: .ecommerceSale),
                pay(.authorization, at: APIPath.Koard.preauth, permission: .ecommerceAuth)]
            + followUps.map { path, operation in followUp(operation, at: path) }
    }

    /// A sale or preauth from a tap: the device and the sealed card data exactly as on
    /// `/v1`, the amount being Koard's total (tip included). Without an `Idempotency-Key`
    /// the body's `transaction_id` or `event_id` is the key.
    private func pay(_ type: TransactionType, at path: String, permission: APIPermission) -> GatewayRoute {
        let rule = IdempotencyRule(format: .koard, derivedKey: { input, _ in
            try await KoardErrors.translating {
                let body = try JSONCoding.decode(KoardPaymentRequest.self, from: input.body)
                return try KoardIdempotency.key(transactionId: body.transactionId, eventId: body.eventId)
            }
        })
        return .idempotent(.post, path, .permission(permission), device: .required, style: .koard, rule: rule) { input in
            try await KoardErrors.translating {
                let (caller, device) = (try input.caller, try input.activeDevice)
                let body = try JSONCoding.decode(KoardPaymentRequest.self, from: input.body)
                let terms = try Self.terms(body)
                // Koard's amount is the total, tip included: what a card-data decryption service sees.
                let tap = try await services.taps.open(
                    TakeTapPayment.Reading(
                        generalCardData: body.generalCardData, paymentCardData: body.paymentCardData, amount: body.amount,
                        currency: terms.currency?.code), on: device,
                    pinRefusal: "this payload carries a PIN; send it to /v1/transactions/{id}/pin")
                let payment: Transaction
                do {
                    payment = try await services.taps.pay(
                        try Self.kind(route: type, requested: body.type, caller: caller), tap: tap, terms: terms, device: device,
                        merchantId: caller.merchantId, idempotency: input.claim, logger: input.context.logger)
                } catch {
                    guard let failed = KoardFailedRow.row(error) else { throw error }
                    payment = failed
                }
                return (HTTPResponse.Status.created, try JSONCoding.encoder.encode(KoardRenderer.render(payment)))
            }
        }
    }

    private func followUp(_ operation: KoardFollowUp, at path: String) -> GatewayRoute {
        let rule = IdempotencyRule(format: .koard, derivedKey: { input, _ in
            try await KoardErrors.translating(payment: lookup(input)) {
                try KoardIdempotency.key(transactionId: nil, eventId: try operation.parse(input.body).eventId)
            }
        })
        return .idempotent(.post, path, .permission(operation.permission), style: .koard, rule: rule) { input in
            try await KoardErrors.translating(payment: lookup(input)) {
                let caller = try input.caller
                let parsed = try operation.parse(input.body)
                let payment = try await KoardPaymentLookup(store: services.store, merchantId: caller.merchantId).require(try input.parameter(.id))
                do {
                    let (done, updated) = try await services.followUps.perform(
                        try parsed.request(payment), paymentId: payment.id, merchantId: caller.merchantId, createdById: caller.clientId,
                        idempotency: input.claim, breakdown: parsed.breakdown, logger: input.context.logger)
                    return (HTTPResponse.Status.created, try JSONCoding.encoder.encode(KoardRenderer.render(updated, operation: done)))
                } catch {
                    guard let failed = KoardFailedRow.row(error) else { throw error }
                    let now = try await KoardPaymentLookup(store: services.store, merchantId: caller.merchantId).require(payment.id)
                    return (HTTPResponse.Status.created, try JSONCoding.encoder.encode(KoardRenderer.render(now, operation: failed)))
                }
            }
        }
    }

    /// Reads the payment a Koard error is about, to name its state in Koard's terms.
    private func lookup(_ input: RouteInput) -> @Sendable () async throws -> Transaction? {
        let store = services.store
        return {
            let caller = try input.caller
            return try await KoardPaymentLookup(store: store, merchantId: caller.merchantId).find(try input.parameter(.id))
        }
    }

    /// What the payment is: the route's kind, or a preauth asked for on `/v4/payment` with
    /// `"type":"preauth"` (which needs the preauth permission). `/v4/preauth` refuses a sale
    /// rather than capturing what the route says it holds.
    static func kind(route: TransactionType, requested: KoardPaymentType?, caller: Caller) throws -> TransactionType {
        switch (route, requested) {
        case (_, nil), (.sale, .sale?), (.authorization, .preauth?):
            return route
        case (.sale, .preauth?):
            guard caller.permissions.contains(APIPermission.ecommerceAuth.rawValue) else {
                throw GatewayError.forbidden("a preauth needs the ecommerceAuth permission")
            }
            return .authorization
        default:
            throw GatewayError.invalid("type", "/v4/preauth holds the amount: type must be preauth or left out; send a sale to /v4/payment")
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
