import Foundation
import GatewayAPI
import Hummingbird
import PaymentCore
import Storage

/// The canonical transaction API: sale, authorization, the follow-ups, list and details.
struct TransactionController {
    /// What these routes use: keyed payments, taps, follow-ups and the rendering.
    struct Services: Sendable {
        let store: any Store
        let payments: PaymentService
        let followUps: FollowUpService
        let taps: TakeTapPayment
        let renderer: TransactionRenderer

        init(_ all: GatewayServices) {
            store = all.store
            payments = all.payments
            followUps = all.followUps
            taps = all.taps
            renderer = all.renderer
        }
    }

    let services: Services
    let validator: CardPaymentValidator

    var routes: [GatewayRoute] {
        var routes: [GatewayRoute] = [
            create(.sale, at: APIPath.sale, permission: .ecommerceSale),
            create(.authorization, at: APIPath.authorization, permission: .ecommerceAuth),
            .get(APIPath.transactions, .permission(.listTransactions), query: TransactionListQuery.names) { input in try await list(input) },
            .get(APIPath.transaction(PathParameter.id.template), .permission(.getTransactionDetails)) { input in try await details(input) },
        ]
        for operation in APIPath.FollowUp.allCases {
            routes.append(.idempotent(
                .post, APIPath.followUp(PathParameter.id.template, operation), .permission(Self.permission(for: operation)),
                rule: IdempotencyRule(claimsInPhaseOne: true)
            ) { input in
                try await followUp(operation, input)
            })
        }
        return routes
    }

    /// A sale or authorization; a body with the reader's sealed card data is a tap, from an active device.
    private func create(_ type: TransactionType, at path: String, permission: APIPermission) -> GatewayRoute {
        .idempotent(.post, path, .permission(permission), device: .when(TapTransactionRequest.isTap), rule: IdempotencyRule(claimsInPhaseOne: true)) { input in
            let caller = try input.caller
            let answer = IdempotentAnswer.v1(services.renderer)
            let claim = input.claim?.answering(with: answer)
            let created: Transaction
            // Which kind of request the body is decides which fields it may have.
            if TapTransactionRequest.isTap(input.body) {
                let tapped = try JSONCoding.decode(TapTransactionRequest.self, from: input.body)
                let device = try input.activeDevice
                // What the request asks, with tip, for a card-data decryption service to see.
                let (asked, overflow) = (tapped.amount ?? 0).addingReportingOverflow(tapped.tipAmount ?? 0)
                let tap = try await services.taps.open(
                    TakeTapPayment.Reading(
                        generalCardData: tapped.generalCardData, paymentCardData: tapped.paymentCardData,
                        amount: tapped.amount == nil || overflow ? nil : asked, currency: tapped.currency), on: device,
                    pinRefusal: "this payload carries a PIN; send it to /v1/transactions/{id}/pin")
                created = try await services.taps.pay(
                    type, tap: tap, terms: try TapPaymentService.Terms(tapped), device: device, merchantId: caller.merchantId,
                    idempotency: claim, logger: input.context.logger)
            } else {
                let payment = try validator.validate(JSONCoding.decode(CardTransactionRequest.self, from: input.body), type: type, createdBy: caller)
                created = try await services.payments.create(payment, merchantId: caller.merchantId, idempotency: claim, logger: input.context.logger)
            }
            let merchant = try await services.store.merchantAsLastWritten(id: caller.merchantId)
            return try answer.answer(created, payment: created, merchant: merchant, claim: claim)
        }
    }

    private func followUp(_ operation: APIPath.FollowUp, _ input: RouteInput) async throws -> (HTTPResponse.Status, Data) {
        let caller = try input.caller
        let paymentId = try input.parameter(.id)
        let (followUp, breakdown, currency) = try Self.followUpRequest(operation, body: input.body)
        if followUp.type == .void, !caller.permissions.contains(APIPermission.achVoid.rawValue),
           try await services.store.read({ try await $0.transaction(id: paymentId, merchantId: caller.merchantId) })?.bankAccount != nil {
            // Cancelling an ACH debit is ARISE's own permission, beside the card void's.
            throw GatewayError.forbidden("this client lacks the permission achVoid, which cancelling an ACH debit needs")
        }
        let answer = IdempotentAnswer.v1(services.renderer)
        let claim = input.claim?.answering(with: answer)
        let (done, payment) = try await services.followUps.perform(
            followUp, paymentId: paymentId, merchantId: caller.merchantId, createdById: caller.clientId, idempotency: claim,
            breakdown: breakdown, currency: currency, logger: input.context.logger)
        let merchant = try await services.store.merchantAsLastWritten(id: caller.merchantId)
        return try answer.answer(done, payment: payment, merchant: merchant, claim: claim)
    }

    private func details(_ input: RouteInput) async throws -> Response {
        let caller = try input.caller
        let id = try input.parameter(.id)
        let found = try await services.store.read { reader -> (Transaction, [Transaction], Merchant?)? in
            guard let transaction = try await reader.transaction(id: id, merchantId: caller.merchantId) else { return nil }
            let operations = transaction.type.isOriginal ? try await reader.followUps(of: id, merchantId: caller.merchantId) : []
            return (transaction, operations, try await reader.merchant(id: caller.merchantId))
        }
        guard let (transaction, operations, merchant) = found else { throw GatewayError.notFound("transaction \(id)") }
        var resource = services.renderer.render(transaction, merchant: merchant, operations: transaction.type.isOriginal ? operations : nil)
        resource.merchant = merchant.map(MerchantResource.init(receiptOf:))
        return try JSONCoding.response(.ok, resource)
    }

    private func list(_ input: RouteInput) async throws -> Response {
        let caller = try input.caller
        let query = try TransactionListQuery.parse(input.request.uri.queryParameters, merchantId: caller.merchantId)
        let (page, merchant) = try await services.store.read { reader in
            (try await reader.transactions(query), try await reader.merchant(id: caller.merchantId))
        }
        let items = page.items.map { services.renderer.render($0, merchant: merchant) }
        return try JSONCoding.response(.ok, TransactionList(items: items, total: page.total, page: query.page, pageSize: query.pageSize))
    }

    private static func permission(for operation: APIPath.FollowUp) -> APIPermission {
        switch operation {
        case .capture: return .ecommerceCapture
        case .increment: return .ecommerceAuth
        case .adjustTip: return .submitTipAdjustment
        case .void, .reverse: return .ecommerceVoid
        case .refund: return .ecommerceRefund
        }
    }

    /// The follow-up a body asks for, with the breakdown a capture, an increment or a tip
    /// adjustment may carry (a capture without an amount captures the breakdown's total; a
    /// tip adjustment's breakdown must have its tip), and the currency the body names for its
    /// amounts. Capture, reverse, refund and void accept an empty body.
    private static func followUpRequest(
        _ operation: APIPath.FollowUp, body: ByteBuffer
    ) throws -> (FollowUpRequest, PaymentBreakdown?, Currency?) {
        let empty = body.readableBytes == 0
        switch operation {
        case .capture:
            guard !empty else { return (.capture(amount: nil), nil, nil) }
            let capture = try JSONCoding.decode(CaptureBody.self, from: body)
            let breakdown = try BreakdownRules.canonical.parse(capture.breakdown)
            return (.capture(amount: try AmountField.positive(capture.amount ?? breakdown?.total, field: "amount")), breakdown,
                    try currency(capture.currency))
        case .increment:
            let increment = try JSONCoding.decode(IncrementBody.self, from: body)
            return (.incrementalAuthorization(amount: try AmountField.positive(increment.amount, field: "amount")),
                    try BreakdownRules.canonical.parse(increment.breakdown), try currency(increment.currency))
        case .adjustTip:
            let adjust = try JSONCoding.decode(AdjustTipBody.self, from: body)
            let breakdown = try BreakdownRules.canonical.parse(adjust.breakdown)
            let tip = try AmountField.nonNegative(
                BreakdownRules.canonical.tip(requestTip: adjust.tipAmount, breakdown: breakdown, tipField: "tipAmount"), field: "tipAmount")
            return (.tipAdjustment(tip: tip), breakdown, try currency(adjust.currency))
        case .void:
            try JSONCoding.requireNoFields(body)
            return (.void, nil, nil)
        case .reverse:
            guard !empty else { return (.reversal(amount: nil), nil, nil) }
            let reverse = try JSONCoding.decode(ReverseBody.self, from: body)
            return (.reversal(amount: try AmountField.positive(reverse.amount, field: "amount")), nil, try currency(reverse.currency))
        case .refund:
            guard !empty else { return (.refund(amount: nil), nil, nil) }
            let refund = try JSONCoding.decode(RefundBody.self, from: body)
            return (.refund(amount: try AmountField.positive(refund.amount, field: "amount")), nil, try currency(refund.currency))
        }
    }

    private static func currency(_ code: String?) throws -> Currency? {
        try code.map { try CurrencyField.parse($0) }
    }
}
