import Foundation
import GatewayAPI
import Logging
import PaymentCore
import Storage
import StorageSQLite
import Testing
import TestSupport

/// One breakdown rule on both APIs: well-formed parts adding up to the amount, the tip
/// taken from it, kept on the payment (also in SQLite).
@Suite("Payment breakdown on the Koard and canonical routes")
struct KoardBreakdownTests {
    @Test func badBreakdownsAreRefusedNamingTheField() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let cases: [(String, String, String)] = [
                (#"{"subtotal":1000,"tax_rate":1.5}"#, "breakdown.tax_rate", "invalid_request"),
                (#"{"subtotal":1000,"tax_rate":8.75}"#, "breakdown.tax_rate", "invalid_request"),  // a percentage on Koard's wire
                (#"{"subtotal":1000,"surcharge_rate":-0.01}"#, "breakdown.surcharge_rate", "invalid_request"),
                (#"{"subtotal":1000,"tax_rate":0.0000001}"#, "breakdown.tax_rate", "invalid_request"),
                (#"{"subtotal":1100,"tip_amount":-100}"#, "breakdown.tip_amount", "invalid_amount"),
                (#"{"subtotal":1000,"tip_type":"generous"}"#, "breakdown.tip_type", "invalid_request"),
                (#"{"subtotal":900,"tax_amount":50}"#, "breakdown", "breakdown_mismatch"),
                (#"{"tax_amount":50}"#, "breakdown.subtotal", "invalid_request"),
            ]
            for (breakdown, field, code) in cases {
                let reply = try await session.koardTap(amount: 1_000, extra: #","breakdown":\#(breakdown)"#)
                #expect(reply.status == 400, "\(breakdown): \(reply.text)")
                #expect(reply.error?.field == field, "\(breakdown): \(reply.text)")
                #expect(reply.error?.code == code, "\(breakdown): \(reply.text)")
            }
            // Koard's clients are told Koard's unit.
            let tooLarge = try await session.koardTap(amount: 1_000, extra: #","breakdown":{"subtotal":1000,"tax_rate":1.5}"#)
            #expect(tooLarge.error?.message == "breakdown.tax_rate must be a fraction from 0 to 1 (0.0875 is 8.75 %)")
            let tooFine = try await session.koardTap(amount: 1_000, extra: #","breakdown":{"subtotal":1000,"tax_rate":0.0000001}"#)
            #expect(tooFine.error?.message.hasPrefix("breakdown.tax_rate may have at most 6 decimal places") == true, "\(tooFine.text)")
            let mismatch = try await session.koardTap(amount: 1_000, extra: #","breakdown":{"subtotal":900,"tax_amount":50}"#)
            #expect(mismatch.error?.message.contains("950") == true)
            #expect(mismatch.error?.message.contains("1000") == true)
            let list = try await session.send(.get, APIPath.transactions).decode(TransactionList.self)
            #expect(list.total == 0)
        }
    }

    @Test func followUpBreakdownsMustAddUpToTheNewTotal() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let hold = try await session.koardPayment(KoardPath.preauth, amount: 1_000)
            // The increment's breakdown describes the new total, 1500.
            let wrongAuth = try await session.koard(KoardPath.auth(hold.transactionId), #"{"amount":500,"breakdown":{"subtotal":500}}"#)
            #expect(wrongAuth.status == 400)
            #expect(wrongAuth.error?.code == "breakdown_mismatch")
            let auth = try await session.koard(KoardPath.auth(hold.transactionId), #"{"amount":500,"breakdown":{"subtotal":1300,"tip_amount":200}}"#)
            #expect(try auth.koard.breakdown?.subtotal == 1_300)
            let wrongCapture = try await session.koard(KoardPath.capture(hold.transactionId), #"{"amount":1500,"breakdown":{"subtotal":1000}}"#)
            #expect(wrongCapture.error?.code == "breakdown_mismatch")
            // Without an amount the breakdown's total is captured, its tip the payment's.
            let captured = try await session.koard(KoardPath.capture(hold.transactionId),
                                                   #"{"breakdown":{"subtotal":1200,"tip_amount":180,"tip_type":"percentage"}}"#).koard
            #expect(captured.capturedAmount == 1_380)
            #expect(captured.tipAmount == 180)
            #expect(captured.breakdown?.tipType == "percentage")
        }
    }

    @Test func theCanonicalRoutesTakeTheSameBreakdownInCamelCaseAndPercentages() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            try await session.activateDevice()
            let card = #""cardDataSource":"manual","accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030"#
            let breakdown = #""breakdown":{"subtotal":2500,"taxRate":8.75,"taxAmount":219,"tipAmount":500,"surchargeAmount":75,"surchargeRate":3}"#
            // amount is before tip on /v1: 2794 + the breakdown's tip 500 = 3294.
            let sale = try await session.send(.post, APIPath.sale, json: #"{"amount":2794,"currency":"USD",\#(card),\#(breakdown)}"#)
            #expect(sale.status == 201, "\(sale.text)")
            let resource = try sale.decode(TransactionResource.self)
            #expect(resource.amount == 3_294)
            #expect(resource.amounts?.tip == 500)
            #expect(resource.breakdown?.taxRate == Decimal(string: "8.75"))
            #expect(resource.breakdown?.surchargeRate == 3)
            #expect(sale.text.contains(#""taxRate":8.75"#), "\(sale.text)")
            let details = try await session.send(.get, APIPath.transaction(resource.id)).decode(TransactionResource.self)
            #expect(details.breakdown?.taxRate == Decimal(string: "8.75"))
            // Kept as the rate it is: Koard's routes show the same payment's rates as fractions.
            let stored = try await harness.store.transaction(id: resource.id, merchantId: harness.merchantId)
            #expect(stored?.breakdown?.taxRate == .percent(Decimal(string: "8.75")!))
            let koardView = try await session.koard(KoardPath.refund(resource.id), #"{"amount":100}"#)
            #expect(koardView.status == 201, "\(koardView.text)")
            #expect(try koardView.koard.breakdown?.taxRate == Decimal(string: "0.0875"))
            #expect(try koardView.koard.breakdown?.surchargeRate == Decimal(string: "0.03"))
            #expect(koardView.text.contains(#""tax_rate":0.0875"#), "\(koardView.text)")

            let conflictingTip = try await session.send(.post, APIPath.sale, json: #"{"amount":2794,"tipAmount":400,"currency":"USD",\#(card),\#(breakdown)}"#)
            #expect(conflictingTip.status == 400)
            #expect(conflictingTip.error?.code == "breakdown_mismatch")
            #expect(conflictingTip.error?.field == "tipAmount")
            // /v1 refusals name the /v1 field and the percentage limits.
            let badRate = try await session.send(.post, APIPath.authorization,
                                                 json: #"{"amount":1000,"currency":"USD",\#(card),"breakdown":{"subtotal":1000,"taxRate":108.75}}"#)
            #expect(badRate.status == 400)
            #expect(badRate.error?.field == "breakdown.taxRate")
            #expect(badRate.error?.message == "breakdown.taxRate must be a percentage from 0 to 100 (8.75 is 8.75 %)")
            let tooFine = try await session.send(.post, APIPath.authorization,
                                                 json: #"{"amount":1000,"currency":"USD",\#(card),"breakdown":{"subtotal":1000,"surchargeRate":3.33333}}"#)
            #expect(tooFine.status == 400)
            #expect(tooFine.error?.field == "breakdown.surchargeRate")
            #expect(tooFine.error?.message.hasPrefix("breakdown.surchargeRate may have at most 4 decimal places") == true, "\(tooFine.text)")
            // The finest step, 0.0001 %, is taken and kept exactly.
            let finest = try await session.send(.post, APIPath.authorization,
                                                json: #"{"amount":1000,"currency":"USD",\#(card),"breakdown":{"subtotal":1000,"surchargeRate":3.3333}}"#)
            #expect(finest.status == 201, "\(finest.text)")
            #expect(try finest.decode(TransactionResource.self).breakdown?.surchargeRate == Decimal(string: "3.3333"))

            let hold = try await session.pay("authorization", amount: 2_000)
            let capture = try await session.followUp(hold.id, .capture, json: #"{"breakdown":{"subtotal":1800,"tipAmount":200}}"#)
            #expect(capture.status == 201, "\(capture.text)")
            let done = try capture.decode(FollowUpResponse.self)
            #expect(done.payment.amounts?.captured == 2_000)
            #expect(done.payment.amounts?.tip == 200)
            #expect(done.payment.breakdown?.subtotal == 1_800)
            #expect(done.operation.breakdown?.tipAmount == 200)
        }
    }

    /// The same 8.75 % tax is 8.75 in a /v1 answer, whether the payment was priced by the
    /// gateway (`amountDetails`) or sent with its parts (`breakdown`).
    @Test func aV1AnswerGivesEveryRateAsAPercentage() async throws {
        let harness = try await GatewayHarness.make()
        try await harness.test { (session: TestSession) async throws in
            #expect(try await session.send(.patch, APIPath.paymentSettings, json: #"{"taxRate":8.75}"#).status == 200)
            let card = #""accountNumber":"4242424242424242","expirationMonth":12,"expirationYear":2030"#
            let priced = try await session.send(.post, APIPath.sale, json: #"{"amount":10000,"currency":"USD",\#(card),"tipRate":15}"#)
            #expect(priced.status == 201, "\(priced.text)")
            let pricedPayment = try priced.decode(TransactionResource.self)
            #expect(pricedPayment.amountDetails?.taxRate == Decimal(string: "8.75"))
            #expect(pricedPayment.amountDetails?.tipRate == 15)
            let parts = #""breakdown":{"subtotal":10000,"taxRate":8.75,"taxAmount":875,"surchargeRate":3,"surchargeAmount":300}"#
            let sent = try await session.send(.post, APIPath.sale, json: #"{"amount":11175,"currency":"USD",\#(card),\#(parts)}"#)
            #expect(sent.status == 201, "\(sent.text)")
            let sentPayment = try sent.decode(TransactionResource.self)
            #expect(sentPayment.breakdown?.taxRate == pricedPayment.amountDetails?.taxRate)
            #expect(sentPayment.breakdown?.surchargeRate == 3)
            for answer in [priced.text, sent.text] { #expect(answer.contains(#""taxRate":8.75"#), "\(answer)") }
        }
    }

    @Test func theBreakdownSurvivesASQLiteRoundTrip() async throws {
        let file = TemporaryDatabasePath()
        defer { file.remove() }
        let store = try await SQLiteStore.open(path: file.path, logger: .init(label: "koard-tests"))
        let harness = try await GatewayHarness.make(store: store)
        let id = try await harness.test { (session: TestSession) async throws -> String in
            try await session.activateDevice()
            let sale = try await session.koardPayment(amount: 3_294, extra: KoardPaymentFlowTests.breakdown)
            return sale.transactionId
        }
        let stored = try await store.transaction(id: id, merchantId: harness.merchantId)
        #expect(stored?.breakdown == PaymentBreakdown(
            subtotal: 2_500, taxRate: .fraction(Decimal(string: "0.0875")!), taxAmount: 219, tipAmount: 500, surchargeAmount: 75,
            surchargeRate: .percent(3)))
        #expect(stored?.tipAmount == 500)
        try await store.close()
    }
}
