import Foundation
import GatewayAPI
import PaymentCore
import TaplineSDK
import Testing

@Suite("SDK follow-ups against a live gateway")
struct FollowUpTests {
    @Test func incrementThenCaptureAll() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let auth = try await client.submitAuthTransaction(input: TestInput.card(20))
            let increment = try await client.incrementAuthorization(transactionId: auth.transactionId, amount: Money(minorUnits: 550, currency: .usd))
            #expect(increment.operationType == .incrementalAuthorization)
            #expect(increment.status == .approved)
            #expect(increment.amount == Decimal(string: "5.50"))
            #expect(increment.responseCode == "00")
            #expect(increment.paymentStatus == .authorized)
            #expect(increment.amounts?.authorizedAmount == Decimal(string: "25.50"))
            let capture = try await client.captureTransaction(transactionId: auth.transactionId)
            #expect(capture.amount == Decimal(string: "25.50"))
            #expect(capture.paymentStatus == .captured)
        }
    }

    @Test func adjustTipReplacesTheTip() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let sale = try await client.submitSaleTransaction(input: TestInput.card(10, tip: 1))
            let allowed = sale.transaction.availableOperations?.first { $0.operationType == .tipAdjustment }
            #expect(allowed?.suggestedTips?.map(\.tipPercent) == [.percent(15), .percent(18), .percent(20)])
            #expect(allowed?.suggestedTips?.map(\.tipAmount) == ["1.5", "1.8", "2"].map { Decimal(string: $0)! })
            let adjusted = try await client.adjustTip(transactionId: sale.transactionId, tipAmount: Money(minorUnits: 250, currency: .usd))
            #expect(adjusted.operationType == .tipAdjustment)
            #expect(adjusted.status == .approved)
            #expect(adjusted.amount == Decimal(string: "2.50"))
            #expect(adjusted.amounts?.tipAmount == Decimal(string: "2.50"))
            #expect(adjusted.amounts?.baseAmount == 10)
            #expect(adjusted.amounts?.capturedAmount == Decimal(string: "12.50"))
            let removed = try await client.adjustTip(transactionId: sale.transactionId, tipAmount: .zero(.usd))
            #expect(removed.amounts?.capturedAmount == 10)
        }
    }

    @Test func voidCancelsAnAuthorization() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let auth = try await client.submitAuthTransaction(input: TestInput.card(15))
            let void = try await client.voidTransaction(transactionId: auth.transactionId)
            #expect(void.operationType == .void)
            #expect(void.status == .approved)
            #expect(void.paymentStatus == .voided)
            #expect(void.payment.availableOperations?.isEmpty ?? true)
            // A second void is a refused move: 409 with the payment's status.
            let again = await thrownError { () async throws(TaplineAPIError) in _ = try await client.voidTransaction(transactionId: auth.transactionId) }
            #expect(again?.code == APIErrorCode.invalidStateTransition.rawValue)
            #expect(again?.problem?.status == "voided")
        }
    }

    @Test func reversePartlyThenWholly() async throws {
        let gateway = try await LiveGateway.make()
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let auth = try await client.submitAuthTransaction(input: TestInput.card(40))
            let part = try await client.reverse(transactionId: auth.transactionId, amount: Money(minorUnits: 1_000, currency: .usd))
            #expect(part.operationType == .reversal)
            #expect(part.status == .approved)
            #expect(part.paymentStatus == .authorized)
            #expect(part.amounts?.authorizedAmount == 30)
            let rest = try await client.reverse(transactionId: auth.transactionId)
            #expect(rest.amount == 30)
            #expect(rest.paymentStatus == .voided)
        }
    }

    /// Yen have no minor unit: the SDK learns the currency from the payment and refuses a
    /// fraction before anything is posted.
    @Test func aFractionOfAYenIsRefusedAfterTheFetchAndNothingIsPosted() async throws {
        let gateway = try await LiveGateway.make()
        let yen = UpdatePaymentSettingsRequest(availableCurrencies: ["USD", "JPY"])
        _ = try await gateway.services.admin.updatePaymentSettings(merchantId: gateway.merchantId, yen)
        try await gateway.run { environment in
            let client = try await gateway.client(environment)
            let auth = try await client.submitAuthTransaction(input: TestInput.card(1500, currency: .jpy))
            #expect(auth.processedAmount == 1500)
            #expect(auth.transaction.amounts?.minorUnits.authorized == 1500)
            await expectRefusedInput("amount") { () async throws(TaplineAPIError) in
                _ = try await client.captureTransaction(transactionId: auth.transactionId, amount: MajorUnits(string: "0.5")!)
            }
            #expect(try await client.getTransactionDetails(id: auth.transactionId)?.operations?.isEmpty == true)
            let capture = try await client.captureTransaction(transactionId: auth.transactionId, amount: 1000.00)
            #expect(capture.amounts?.minorUnits.captured == 1000)
        }
    }
}
