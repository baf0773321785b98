import Foundation
import GatewayAPI
import PaymentCore
@testable import TaplineSDK
import Testing

/// Koard's iOS SDK entry points (its "Swift SDK Reference"), each proved against a live
/// gateway: Tapline's counterpart is called and the payment's state and breakdown checked.
/// The rows are the Koard SDK checklist of issue 15.
@Suite("Koard conformance: every SDK entry point")
struct KoardSDKConformanceTests {
    enum EntryPoint: String, CaseIterable, Sendable {
        case sale = "sale(amount:breakdown:currency:transactionId:type: .sale)"
        case saleAsPreauth = "sale(… type: .preauth)"
        case preauth = "preauth(amount:currency:transactionId:breakdown:)"
        case capture = "capture(transactionId:amount:breakdown:)"
        case auth = "auth(transactionId:amount:breakdown:)"
        case adjust = "adjust(transactionId:type:amount:) with a breakdown"
        case adjustByPercentage = "adjust(transactionId:type:amount:percentage:)"
        case reverse = "reverse(transactionId:amount:)"
        case refund = "refund(transactionId:amount:)"
    }

    /// 25.00 + 8.75 % tax (2.19) + 5.00 tip + 3 % surcharge (0.75) = 32.94, Koard's example.
    static let breakdown = PaymentBreakdown(
        subtotal: 2500, taxRate: .fraction(Decimal(string: "0.0875")!), taxAmount: 219, tipAmount: 500, tipType: .fixed, surchargeAmount: 75,
        surchargeRate: .fraction(Decimal(string: "0.03")!))

    @Test(arguments: EntryPoint.allCases)
    func entryPoint(_ entry: EntryPoint) async throws {
        try await TapFixture.run { fixture in
            let client = fixture.client
            func details(_ id: String?) async throws -> TransactionDetails {
                let known = try #require(id)
                return try #require(try await client.getTransactionDetails(id: known))
            }
            switch entry {
            case .sale:
                let paid = try await client.ttp.sale(amount: 3294, breakdown: Self.breakdown, currency: "USD", transactionId: "order-1001")
                let payment = try await details(paid.transactionId)
                #expect(payment.status == .captured && payment.referenceId == "order-1001")
                #expect(payment.breakdown == Self.breakdown && payment.amounts?.tipAmount == 5)
            case .saleAsPreauth:
                let held = try await client.ttp.sale(amount: 1000, currency: "USD", type: .preauth)
                #expect(try await details(held.transactionId).status == .authorized)
            case .preauth:
                let held = try await client.ttp.preauth(amount: 3294, currency: "USD", breakdown: Self.breakdown)
                let payment = try await details(held.transactionId)
                #expect(payment.status == .authorized && payment.breakdown == Self.breakdown)
            case .capture:
                let held = try await client.ttp.preauth(amount: 3000, currency: "USD")
                var final = Self.breakdown
                final.tipAmount = 300
                _ = try await client.captureTransaction(transactionId: try #require(held.transactionId), breakdown: final)
                let payment = try await details(held.transactionId)
                #expect(payment.status == .captured && payment.amounts?.capturedAmount == Decimal(final.total) / 100)
                #expect(payment.breakdown == final)
            case .auth:
                let held = try await client.ttp.preauth(amount: 2794, currency: "USD")
                _ = try await client.incrementAuthorization(
                    transactionId: try #require(held.transactionId), amount: Money(minorUnits: 500, currency: .usd), breakdown: Self.breakdown)
                let payment = try await details(held.transactionId)
                #expect(payment.amounts?.authorizedAmount == Decimal(string: "32.94") && payment.breakdown == Self.breakdown)
            case .adjust:
                let paid = try await client.ttp.sale(amount: 3294, breakdown: Self.breakdown, currency: "USD")
                var adjusted = Self.breakdown
                adjusted.tipAmount = 700
                _ = try await client.adjustTip(transactionId: try #require(paid.transactionId), tipAmount: Money(minorUnits: 700, currency: .usd), breakdown: adjusted)
                let payment = try await details(paid.transactionId)
                #expect(payment.amounts?.tipAmount == 7 && payment.amounts?.capturedAmount == Decimal(string: "34.94"))
                #expect(payment.breakdown == adjusted)
                // A breakdown whose tip is not the tip asked for is refused, naming the field.
                await expectGatewayRefusal("tipAmount") { () async throws(TaplineAPIError) in
                    _ = try await client.adjustTip(transactionId: paid.transactionId!, tipAmount: Money(minorUnits: 100, currency: .usd), breakdown: adjusted)
                }
            case .adjustByPercentage:
                let paid = try await client.ttp.sale(amount: 3294, breakdown: Self.breakdown, currency: "USD")
                let id = try #require(paid.transactionId)
                // 18 % of the 25.00 subtotal is 4.50, replacing the 5.00 tip: 32.94 − 5.00 + 4.50.
                let byRate = try await client.adjust(transactionId: id, type: .tip, percentage: .fraction(Decimal(string: "0.18")!))
                #expect(byRate.amounts?.tipAmount == Decimal(string: "4.5") && byRate.amounts?.capturedAmount == Decimal(string: "32.44"))
                let byAmount = try await client.adjust(transactionId: id, amount: 600)
                #expect(byAmount.amounts?.tipAmount == 6 && byAmount.amounts?.capturedAmount == Decimal(string: "33.94"))
                await expectRefusedInput("percentage") { () async throws(TaplineAPIError) in
                    _ = try await client.adjust(transactionId: id, percentage: .fraction(2))
                }
                await expectRefusedInput("amount") { () async throws(TaplineAPIError) in
                    _ = try await client.adjust(transactionId: id)
                }
            case .reverse:
                let held = try await client.ttp.preauth(amount: 1000, currency: "USD")
                _ = try await client.reverse(transactionId: try #require(held.transactionId))
                #expect(try await details(held.transactionId).status == .voided)
            case .refund:
                let paid = try await client.ttp.sale(amount: 1000, currency: "USD")
                _ = try await client.refundTransaction(transactionId: try #require(paid.transactionId), amount: 4.00, currency: .usd)
                #expect(try await details(paid.transactionId).amounts?.refundedAmount == 4)
            }
        }
    }

    @Test func aBreakdownThatCannotBeIsRefusedBeforeAnyTap() async throws {
        try await TapFixture.run { fixture in
            var wrongSum = Self.breakdown
            wrongSum.tipAmount = 501
            var huge = Self.breakdown
            huge.subtotal = .max
            for (breakdown, amount) in [(wrongSum, Int64(3294)), (huge, Int64(3294))] {
                await #expect {
                    _ = try await fixture.client.ttp.preauth(amount: amount, currency: "USD", breakdown: breakdown)
                } throws: { error in
                    (error as? TaplineAPIError)?.problem?.field == "breakdown"
                }
            }
            for amount in [Int64(0), -1, .max] {
                await #expect { _ = try await fixture.client.ttp.sale(amount: amount, currency: "USD") } throws: { error in
                    (error as? TaplineAPIError)?.problem?.field == "amount"
                }
            }
            let listed = try await fixture.client.getTransactions().total
            #expect(listed == 0, "nothing reached the gateway")
        }
    }
}

/// Expects the gateway to refuse with a 400 naming `field`.
func expectGatewayRefusal(_ field: String, sourceLocation: SourceLocation = #_sourceLocation,
                          _ body: () async throws(TaplineAPIError) -> Void) async {
    do {
        try await body()
        Issue.record("expected the gateway to refuse \(field)", sourceLocation: sourceLocation)
    } catch {
        guard case .badRequest(let problem) = error else {
            Issue.record("expected badRequest for \(field), got \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(problem.field == field, sourceLocation: sourceLocation)
    }
}
