import CardData
import Foundation
import GatewayAPI
import Testing
import TestSupport

/// A valid request for one mutating route, once what it acts on exists.
struct RouteExample: Sendable {
    var path: String
    var body: String?
    /// Another client's token, for a route the session's client may not call (an operator's).
    var token: String?
}

/// One valid example per mutating route of the route table, keyed as ``RouteTable/key(_:)``
/// writes a route. Each makes what it needs on the session first (a payment to follow up,
/// the session's device registered and active). A mutating route without an example fails
/// ``MutatingRouteTests``, so a new route brings its example along.
enum RouteExamples {
    typealias Make = @Sendable (TestSession) async throws -> RouteExample

    static let all: [String: Make] = canonical.merging(tapToPay) { first, _ in first }.merging(compatible) { first, _ in first }

    static let canonical: [String: Make] = [
        "POST /v1/devices": { _ in RouteExample(path: APIPath.devices, body: #"{"deviceId":"till-2","deviceName":"Till 2"}"#) },
        "POST /v1/devices/:deviceId/tap-to-pay/activate": { session in
            try await session.activateDevice("till-2")
            return RouteExample(path: APIPath.activateTapToPay("till-2"))
        },
        "POST /v1/devices/:deviceId/tap-to-pay/deactivate": { session in
            try await session.activateDevice("till-2")
            return RouteExample(path: APIPath.deactivateTapToPay("till-2"))
        },
        "POST /v1/transactions/:id/capture": { session in
            RouteExample(path: APIPath.followUp(try await session.pay("authorization").id, .capture))
        },
        "POST /v1/transactions/:id/increment": { session in
            RouteExample(path: APIPath.followUp(try await session.pay("authorization").id, .increment), body: #"{"amount":500}"#)
        },
        "POST /v1/transactions/:id/adjust-tip": { session in
            RouteExample(path: APIPath.followUp(try await session.pay(tip: 500).id, .adjustTip), body: #"{"tipAmount":1800}"#)
        },
        "POST /v1/transactions/:id/void": { session in
            RouteExample(path: APIPath.followUp(try await session.pay("authorization").id, .void))
        },
        "POST /v1/transactions/:id/reverse": { session in
            RouteExample(path: APIPath.followUp(try await session.pay("authorization").id, .reverse))
        },
        "POST /v1/transactions/:id/refund": { session in
            RouteExample(path: APIPath.followUp(try await session.pay().id, .refund), body: #"{"amount":400}"#)
        },
        "POST /v1/transactions/ach": { _ in RouteExample(path: APIPath.achDebit, body: ACHExamples.body()) },
        "POST /v1/batches/close": { session in
            _ = try await session.pay()
            return RouteExample(path: APIPath.closeBatch)
        },
        "PATCH /v1/settings/payment": { _ in RouteExample(path: APIPath.paymentSettings, body: #"{"availableCurrencies":["USD","EUR"]}"#) },
        "POST /v1/webhooks/endpoints": { _ in RouteExample(path: APIPath.webhookEndpoints, body: #"{"url":"https://shop.example/hooks"}"#) },
        "DELETE /v1/webhooks/endpoints/:id": { session in
            let created = try await session.send(.post, APIPath.webhookEndpoints, json: #"{"url":"https://shop.example/hooks"}"#)
            return RouteExample(path: APIPath.webhookEndpoint(try created.decode(WebhookEndpointResource.self).id))
        },
        "POST /v1/webhooks/endpoints/:id/rotate-secret": { session in
            let created = try await session.send(.post, APIPath.webhookEndpoints, json: #"{"url":"https://shop.example/hooks"}"#)
            return RouteExample(path: APIPath.webhookEndpointSecretRotation(try created.decode(WebhookEndpointResource.self).id))
        },
        "POST /v1/disputes/:id/accept": { session in
            RouteExample(path: APIPath.disputeAcceptance(try await session.disputedSale().dispute.id))
        },
        "POST /v1/disputes/:id/evidence": { session in
            RouteExample(path: APIPath.disputeEvidence(try await session.disputedSale().dispute.id), body: #"{"text":"Signed for on delivery."}"#)
        },
        "POST /v1/disputes/import": { session in
            let sale = try await session.pay()
            return RouteExample(path: APIPath.disputeImport, body: TestSession.disputeFile(payment: sale.id), token: try await session.operatorToken())
        },
        "POST /v1/events/:id/resend": { session in
            _ = try await session.send(.post, APIPath.webhookEndpoints, json: #"{"url":"https://shop.example/hooks"}"#)
            _ = try await session.pay()
            let events = try await session.send(.get, APIPath.events + "?type=transaction.captured").decode(WebhookEventList.self)
            return RouteExample(path: APIPath.eventResend(try #require(events.items.first).id))
        },
    ]

    /// Taps come from the session's device (``TestSession/deviceId``), registered and active.
    static let tapToPay: [String: Make] = [
        "PUT /v1/transactions/:id/signature": { session in
            try await session.activateDevice()
            let sale = try await session.send(.post, APIPath.sale, json: TapRouteTests.body(try session.tap()),
                                              headers: [TestSession.deviceHeader: TestSession.deviceId])
            return RouteExample(path: APIPath.signature(try sale.decode(TransactionResource.self).id), body: #"{"signature":"iVBORw0KGgo="}"#)
        },
        "POST /v1/transactions/sale": { session in
            try await session.activateDevice()
            return RouteExample(path: APIPath.sale, body: TapRouteTests.body(try session.tap()))
        },
        "POST /v1/transactions/authorization": { session in
            try await session.activateDevice()
            return RouteExample(path: APIPath.authorization, body: TapRouteTests.body(try session.tap()))
        },
        "POST /v1/transactions/refund": { session in
            try await session.activateDevice()
            let sale = try await session.send(.post, APIPath.sale, json: TapRouteTests.body(try session.tap()),
                                              headers: [TestSession.deviceHeader: TestSession.deviceId])
            let original = try sale.decode(TransactionResource.self).id
            let refund = TapRouteTests.body(try session.tap(amount: 1_000, kind: .refund), extra: #","originalTransactionId":"\#(original)""#)
            return RouteExample(path: APIPath.tapRefund, body: refund)
        },
        "POST /v1/transactions/:id/pin": { session in
            try await session.activateDevice()
            let pan = TestCards.pinRequired.pan
            let soft = try await session.send(.post, APIPath.sale, json: TapRouteTests.body(try session.tap(pan: pan)),
                                              headers: [TestSession.deviceHeader: TestSession.deviceId])
            let payment = try soft.decode(TransactionResource.self)
            let token = try #require(payment.pin?.pinToken, "\(soft.text)")
            return RouteExample(path: APIPath.pin(payment.id), body: TapRouteTests.body(try session.tap(pan: pan, pin: "1234", pinToken: token)))
        },
        "POST /transactions/apple": { session in
            try await session.activateDevice()
            return RouteExample(path: APIPath.appleTransaction, body: TestTapReader.appleBody(try session.tap()))
        },
        "POST /transactions/:transactionId/submitPinApple": { session in
            try await session.activateDevice()
            let pan = TestCards.pinRequired.pan
            let soft = try #require(try await session.apple(try session.tap(pan: pan)).halo)
            let sealed = try session.tap(pan: pan, pin: "1234", pinToken: soft.pinToken)
            return RouteExample(path: APIPath.submitPinApple(soft.haloReference), body: TestTapReader.appleBody(sealed))
        },
        "POST /v4/payment": { session in
            try await session.activateDevice()
            return RouteExample(path: KoardPath.payment, body: TestSession.koardBody(try session.tap(amount: 1_000), amount: 1_000))
        },
        "POST /v4/preauth": { session in
            try await session.activateDevice()
            return RouteExample(path: KoardPath.preauth, body: TestSession.koardBody(try session.tap(amount: 1_000), amount: 1_000))
        },
    ]

    /// Koard's follow-ups act on a Koard payment; they take no device.
    static let compatible: [String: Make] = [
        "POST /v3/payments/:id/capture": { session in RouteExample(path: KoardPath.capture(try await koard(session, KoardPath.preauth))) },
        "POST /v3/payments/:id/auth": { session in
            RouteExample(path: KoardPath.auth(try await koard(session, KoardPath.preauth)), body: #"{"amount":500}"#)
        },
        "POST /v1/payments/:id/adjust": { session in
            RouteExample(path: KoardPath.adjust(try await koard(session, KoardPath.payment)), body: #"{"type":"tip","amount":150}"#)
        },
        "POST /v1/payments/:id/reverse": { session in RouteExample(path: KoardPath.reverse(try await koard(session, KoardPath.preauth))) },
        "POST /v1/payments/:id/refund": { session in RouteExample(path: KoardPath.refund(try await koard(session, KoardPath.payment))) },
    ]

    /// A Koard sale or preauth from the session's device; its id.
    private static func koard(_ session: TestSession, _ path: String) async throws -> String {
        try await session.activateDevice()
        return try await session.koardPayment(path, amount: 1_000).transactionId
    }
}
