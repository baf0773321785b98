import CardData
import Foundation
import GatewayAPI
import HTTPTypes
import PaymentCore
import Testing
import TestSupport

/// Tapped cards on the canonical `/v1` routes.
@Suite("Tap to Pay on /v1")
struct TapRouteTests {
    static func body(_ sealed: SealedCardData, extra: String = "") -> String {
        #"{"generalCardData":"\#(sealed.generalCardData)","paymentCardData":"\#(sealed.paymentCardData)"\#(extra)}"#
    }

    func post(_ session: TestSession, _ path: String, _ json: String) async throws -> TestReply {
        try await session.send(.post, path, json: json, headers: [TestSession.deviceHeader: TestSession.deviceId])
    }

    @Test func aTapSaleTakesTheAmountFromTheSealedData() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: #"{"availableCurrencies":["USD","EUR"]}"#).status == 200)
            let reply = try await post(session, APIPath.sale, Self.body(try session.tap(amount: 4_200, currencyCode: 978)))
            #expect(reply.status == 201, "\(reply.text)")
            let sale = try reply.decode(TransactionResource.self)
            #expect(sale.status == .captured)
            #expect(sale.amount == 4_200)
            #expect(sale.currency == "EUR")
            #expect(sale.createMethodId == CreateMethod.tapToPay.rawValue)
            #expect(sale.card?.entryMode == "contactless")
            #expect(sale.cardPresent?.applicationId == "A0000000031010")
            #expect(sale.cardPresent?.cryptogram == "9A1B2C3D4E5F6071")
            #expect(sale.cardPresent?.cardReaderId == "test-reader-1")
        }
    }

    @Test func anAuthorizationWithAmountAndTipMustMatchTheTappedAmount() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let matching = try await post(session, APIPath.authorization,
                                          Self.body(try session.tap(amount: 11_000), extra: #","amount":10000,"tipAmount":1000,"currency":"USD""#))
            #expect(matching.status == 201, "\(matching.text)")
            let hold = try matching.decode(TransactionResource.self)
            #expect(hold.status == .authorized)
            #expect(hold.amounts?.tip == 1_000)
            let mismatch = try await post(session, APIPath.sale, Self.body(try session.tap(amount: 10_000), extra: #","amount":5000"#))
            #expect(mismatch.status == 400)
            #expect(mismatch.error?.code == "card_read_mismatch")
            #expect(mismatch.error?.field == "amount")
            let currency = try await post(session, APIPath.sale, Self.body(try session.tap(currencyCode: 978), extra: #","currency":"USD""#))
            #expect(currency.error?.code == "card_read_mismatch")
            let refundRead = try await post(session, APIPath.sale, Self.body(try session.tap(kind: .refund)))
            #expect(refundRead.error?.code == "card_read_mismatch")
            let noAmount = try await post(session, APIPath.sale, Self.body(try session.tap(amount: nil)))
            #expect(noAmount.error?.field == "amount")
        }
    }

    @Test func aRefundByTappingTheSameCardIsLinkedToThePayment() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let sale = try await post(session, APIPath.sale, Self.body(try session.tap(amount: 3_000), extra: #","referenceId":"ORDER-9""#))
                .decode(TransactionResource.self)
            let refund = try await post(session, APIPath.tapRefund, Self.body(try session.tap(amount: 1_000, kind: .refund), extra: #","referenceId":"ORDER-9""#))
            #expect(refund.status == 201, "\(refund.text)")
            let linked = try refund.decode(FollowUpResponse.self)
            #expect(linked.operation.type == .refund)
            #expect(linked.operation.parentId == sale.id)
            #expect(linked.payment.amounts?.refunded == 1_000)
            // Another card cannot take the money back.
            let other = try await post(session, APIPath.tapRefund,
                                       Self.body(try session.tap(pan: TestCards.mastercardApproved.pan, amount: 500, kind: .refund), extra: #","referenceId":"ORDER-9""#))
            #expect(other.status == 400)
            #expect(other.error?.code == "card_mismatch")
            // Nor more than is left.
            let tooMuch = try await post(session, APIPath.tapRefund, Self.body(try session.tap(amount: 2_001, kind: .refund), extra: #","originalTransactionId":"\#(sale.id)""#))
            #expect(tooMuch.status == 409)
            #expect(tooMuch.error?.code == "amount_exceeds_available")
        }
    }

    @Test func anUnreferencedRefundNeedsItsOwnPermission() async throws {
        let plain = try await GatewayHarness.make()
        try await plain.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let refused = try await post(session, APIPath.tapRefund, Self.body(try session.tap(amount: 700, kind: .refund)))
            #expect(refused.status == 403)
        }
        let allowed = try await GatewayHarness.make(permissions: APIPermission.defaultGrant + [.ecommerceRefundWithoutReference])
        try await allowed.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let reply = try await post(session, APIPath.tapRefund, Self.body(try session.tap(amount: 700, kind: .refund)))
            #expect(reply.status == 201, "\(reply.text)")
            let refund = try reply.decode(TransactionResource.self)
            #expect(refund.type == .refund)
            #expect(refund.status == .approved)
            #expect(refund.parentId == nil)
            #expect(refund.batchId != nil)
            // Halo does the same with a refund read and an unknown reference.
            let halo = try await session.apple(try session.tap(amount: 300, kind: .refund), reference: "NO-SUCH-ORDER")
            #expect(halo.status == 200)
            #expect(halo.halo?.type == "Approved")
        }
    }

    @Test func aRefundedPaymentIsNotRefundedAgainAsUnreferenced() async throws {
        let harness = try await GatewayHarness.make(permissions: APIPermission.defaultGrant + [.ecommerceRefundWithoutReference])
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let reference = #","referenceId":"ORDER-5""#
            _ = try await post(session, APIPath.sale, Self.body(try session.tap(amount: 1_000), extra: reference))
            let full = try await post(session, APIPath.tapRefund, Self.body(try session.tap(amount: 1_000, kind: .refund), extra: reference))
            #expect(try full.decode(FollowUpResponse.self).payment.status == .refunded)
            let again = try await post(session, APIPath.tapRefund, Self.body(try session.tap(amount: 1_000, kind: .refund), extra: reference))
            #expect(again.status == 409, "\(again.text)")
            let tipped = try await post(session, APIPath.tapRefund, Self.body(try session.tap(amount: 1_000, kind: .refund), extra: #","tipAmount":100"#))
            #expect(tipped.error?.field == "tipAmount")
        }
    }

    @Test func aHaloRefundNeedsTheRefundPermission() async throws {
        let harness = try await GatewayHarness.make(permissions: APIPermission.defaultGrant.filter { $0 != .ecommerceRefund })
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            _ = try await session.apple(try session.tap(amount: 1_000))
            let refund = try await session.apple(try session.tap(amount: 500, kind: .refund))
            #expect(refund.status == 403)
        }
    }

    /// A PIN read for another amount (99.99 on a 40.00 payment) is refused as a tap would
    /// be, and leaves the payment waiting with its tries untouched.
    @Test func aPINReadForAnotherAmountOrCurrencyIsRefused() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: #"{"availableCurrencies":["USD","EUR"]}"#).status == 200)
            let pan = TestCards.pinRequired.pan
            let soft = try await post(session, APIPath.sale, Self.body(try session.tap(pan: pan, amount: 4_000))).decode(TransactionResource.self)
            let token = try #require(soft.pin?.pinToken)
            for (amount, currency) in [(UInt64(9_999), 840), (4_000, 978)] {
                let wrong = try session.tap(pan: pan, amount: amount, currencyCode: currency, pin: "1234", pinToken: token)
                let reply = try await post(session, APIPath.pin(soft.id), Self.body(wrong))
                #expect(reply.status == 400, "\(reply.text)")
                #expect(reply.error?.code == "card_read_mismatch")
            }
            let refundRead = try session.tap(pan: pan, amount: 4_000, kind: .refund, pin: "1234", pinToken: token)
            #expect(try await post(session, APIPath.pin(soft.id), Self.body(refundRead)).error?.code == "card_read_mismatch")
            let waiting = try await session.send(.get, APIPath.transaction(soft.id)).decode(TransactionResource.self)
            #expect(waiting.status == .pinRequired)
            #expect(waiting.pin?.attemptsRemaining == soft.pin?.attemptsRemaining)
            let right = try await post(session, APIPath.pin(soft.id), Self.body(try session.tap(pan: pan, amount: 4_000, pin: "1234", pinToken: token)))
            #expect(right.status == 200, "\(right.text)")
            #expect(try right.decode(TransactionResource.self).amount == 4_000)
        }
    }

    @Test func thePINOnV1CompletesASoftDecline() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let pan = TestCards.pinRequired.pan
            let soft = try await post(session, APIPath.sale, Self.body(try session.tap(pan: pan))).decode(TransactionResource.self)
            #expect(soft.status == .pinRequired)
            let token = try #require(soft.pin?.pinToken)
            let reply = try await post(session, APIPath.pin(soft.id), Self.body(try session.tap(pan: pan, pin: "1234", pinToken: token)))
            #expect(reply.status == 200, "\(reply.text)")
            let paid = try reply.decode(TransactionResource.self)
            #expect(paid.status == .captured)
            #expect(paid.pin?.pinToken == "")
        }
    }
}
