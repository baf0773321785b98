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
        let deviceGuard: DeviceGuard
        let idempotency: IdempotencyGuard
        let renderer: TransactionRenderer

        init(_ all: GatewayServices) {
            store = all.store
            payments = all.payments
            followUps = all.followUps
            taps = all.taps
            deviceGuard = all.deviceGuard
            idempotency = all.idempotency
            renderer = all.renderer
        }
    }

    let services: Services
    let validator: CardPaymentValidator

    func addRoutes(to v1: RouterGroup<GatewayContext>) {
        v1.post("transactions/sale") { request, context in
            try await create(.sale, permission: .ecommerceSale, request: request, context: context)
        }
        v1.post("transactions/authorization") { request, context in
            try await create(.authorization, permission: .ecommerceAuth, request: request, context: context)
        }
        v1.get("transactions") { request, context in
            try await list(request, context: context)
        }
        v1.get("transactions/:id") { request, context in
            try await details(request, context: context)
        }
        for operation in APIPath.FollowUp.allCases {
            v1.post("transactions/:id/\(operation.rawValue)") { request, context in
                try await followUp(operation, request: request, context: context)
            }
        }
    }

    private func create(_ type: TransactionType, permission: APIPermission, request: Request, context: GatewayContext) async throws -> Response {
        let caller = try context.require(permission)
        var request = request
        let body = try await request.collectBody(upTo: JSONCoding.maxBodySize)
        return try await services.idempotency.run(merchantId: caller.merchantId, request: request, body: body) { claim in
            let created: Transaction
            // A body with the reader's sealed card data is a tap; anything else is keyed.
            let tapped = try JSONCoding.decode(TapTransactionRequest.self, from: body)
            if tapped.paymentCardData != nil || tapped.generalCardData != nil {
                let device = try await services.deviceGuard.requireActiveDevice(request, merchantId: caller.merchantId)
                let tap = try await services.taps.open(
                    TakeTapPayment.Reading(generalCardData: tapped.generalCardData, paymentCardData: tapped.paymentCardData), on: device,
                    pinRefusal: "this payload carries a PIN; send it to /v1/transactions/{id}/pin")
                created = try await services.taps.pay(
                    type, tap: tap, terms: try TapPaymentService.Terms(tapped), device: device, merchantId: caller.merchantId,
                    idempotency: claim, logger: context.logger)
            } else {
                let payment = try validator.validate(JSONCoding.decode(CardTransactionRequest.self, from: body), type: type, createdBy: caller)
                created = try await services.payments.create(payment, merchantId: caller.merchantId, idempotency: claim, logger: context.logger)
            }
            let merchant = try await services.store.read { try await $0.merchant(id: caller.merchantId) }
            return (.created, try JSONCoding.encoder.encode(services.renderer.render(created, merchant: merchant)))
        }
    }

    private func followUp(_ operation: APIPath.FollowUp, request: Request, context: GatewayContext) async throws -> Response {
        let caller = try context.require(Self.permission(for: operation))
        let paymentId = try context.parameters.require("id")
        var request = request
        let body = try await request.collectBody(upTo: JSONCoding.maxBodySize)
        return try await services.idempotency.run(merchantId: caller.merchantId, request: request, body: body) { claim in
            let (followUp, breakdown) = try Self.followUpRequest(operation, body: body)
            let (done, payment) = try await services.followUps.perform(
                followUp, paymentId: paymentId, merchantId: caller.merchantId, createdById: caller.clientId, idempotency: claim,
                breakdown: breakdown)
            let merchant = try await services.store.read { try await $0.merchant(id: caller.merchantId) }
            let response = FollowUpResponse(
                operation: services.renderer.render(done, merchant: merchant), payment: services.renderer.render(payment, merchant: merchant))
            return (.created, try JSONCoding.encoder.encode(response))
        }
    }

    private func details(_ request: Request, context: GatewayContext) async throws -> Response {
        let caller = try context.require(.getTransactionDetails)
        let id = try context.parameters.require("id")
        let found = try await services.store.read { reader -> (Transaction, [Transaction], Merchant?)? in
            guard let transaction = try await reader.transaction(id: id, merchantId: caller.merchantId) else { return nil }
            let operations = transaction.type.isOriginal ? try await reader.followUps(of: id, merchantId: caller.merchantId) : []
            return (transaction, operations, try await reader.merchant(id: caller.merchantId))
        }
        guard let (transaction, operations, merchant) = found else { throw GatewayError.notFound("transaction \(id)") }
        let resource = services.renderer.render(transaction, merchant: merchant, operations: transaction.type.isOriginal ? operations : nil)
        return try JSONCoding.response(.ok, resource)
    }

    private func list(_ request: Request, context: GatewayContext) async throws -> Response {
        let caller = try context.require(.listTransactions)
        let query = try TransactionListQuery.parse(request.uri.queryParameters, merchantId: caller.merchantId)
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

    /// The follow-up a body asks for, with the breakdown a capture may carry (without an
    /// amount, the breakdown's total is captured). Capture, reverse, refund and void accept
    /// an empty body.
    private static func followUpRequest(_ operation: APIPath.FollowUp, body: ByteBuffer) throws -> (FollowUpRequest, PaymentBreakdown?) {
        let empty = body.readableBytes == 0
        if operation == .capture {
            guard !empty else { return (.capture(amount: nil), nil) }
            let capture = try JSONCoding.decode(CaptureBody.self, from: body)
            let breakdown = try BreakdownRules.canonical.parse(capture.breakdown)
            return (.capture(amount: try AmountField.positive(capture.amount ?? breakdown?.total, field: "amount")), breakdown)
        }
        return (try followUpWithoutBreakdown(operation, body: body), nil)
    }

    private static func followUpWithoutBreakdown(_ operation: APIPath.FollowUp, body: ByteBuffer) throws -> FollowUpRequest {
        let empty = body.readableBytes == 0
        switch operation {
        case .capture:
            return .capture(amount: empty ? nil : try AmountField.positive(JSONCoding.decode(CaptureBody.self, from: body).amount, field: "amount"))
        case .increment:
            return .incrementalAuthorization(amount: try AmountField.positive(JSONCoding.decode(IncrementBody.self, from: body).amount, field: "amount"))
        case .adjustTip:
            let tip = try JSONCoding.decode(AdjustTipBody.self, from: body).tipAmount
            return .tipAdjustment(tip: try AmountField.nonNegative(tip, field: "tipAmount"))
        case .void:
            return .void
        case .reverse:
            return .reversal(amount: empty ? nil : try AmountField.positive(JSONCoding.decode(ReverseBody.self, from: body).amount, field: "amount"))
        case .refund:
            return .refund(amount: empty ? nil : try AmountField.positive(JSONCoding.decode(RefundBody.self, from: body).amount, field: "amount"))
        }
    }
}
