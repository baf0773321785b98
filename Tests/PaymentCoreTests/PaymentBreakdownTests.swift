import Foundation
import PaymentCore
import Testing

@Suite("PaymentBreakdown")
struct PaymentBreakdownTests {
    static let example = PaymentBreakdown(
        subtotal: 2_500, taxRate: .fraction(Decimal(string: "0.0875")!), taxAmount: 219, tipAmount: 500, surchargeAmount: 75,
        surchargeRate: .percent(3))

    @Test func theTotalIsTheSumOfItsParts() throws {
        try Self.example.validate()
        #expect(Self.example.total == 3_294)
        try Self.example.check(total: 3_294)
        let mismatch: BreakdownError?
        do throws(BreakdownError) { try Self.example.check(total: 3_300); mismatch = nil } catch { mismatch = error }
        #expect(mismatch == .sumMismatch(sum: 3_294, amount: 3_300))
    }

    @Test(arguments: ["0", "1", "0.0875", "0.123456", "0.000001"])
    func ratesFrom0To100PercentInSteps0f0_0001Percent(_ fraction: String) {
        #expect(Rate.fraction(Decimal(string: fraction)!).problem == nil)
    }

    @Test(arguments: [("-0.01", Rate.Problem.outOfRange), ("1.000001", .outOfRange), ("8.75", .outOfRange), ("0.1234567", .tooPrecise)])
    func ratesThatAreNot(_ fraction: String, _ expected: Rate.Problem) {
        #expect(Rate.fraction(Decimal(string: fraction)!).problem == expected)
    }

    @Test func partsMustNotBeNegativeOrHuge() {
        func problem(_ breakdown: PaymentBreakdown) -> BreakdownError? {
            do throws(BreakdownError) { try breakdown.validate(); return nil } catch { return error }
        }
        #expect(problem(PaymentBreakdown(subtotal: -1)) == .negativeAmount(field: "subtotal"))
        #expect(problem(PaymentBreakdown(subtotal: 1, surchargeAmount: -5)) == .negativeAmount(field: "surchargeAmount"))
        #expect(problem(PaymentBreakdown(subtotal: 1, tipAmount: Int64.max)) == .amountTooLarge(field: "tipAmount"))
        #expect(problem(PaymentBreakdown(subtotal: 1, taxRate: .fraction(2))) == .invalidRate(field: "taxRate", problem: .outOfRange))
        #expect(problem(PaymentBreakdown(subtotal: 1, surchargeRate: .percent(Decimal(string: "3.33333")!)))
                == .invalidRate(field: "surchargeRate", problem: .tooPrecise))
    }

    @Test func anApprovedCaptureReplacesThePaymentsBreakdownAndTip() throws {
        var hold = Transaction(id: "p", merchantId: "m", type: .authorization, status: .authorized, currency: .usd, amount: 3_000,
                               createdAt: Date(timeIntervalSince1970: 0))
        hold.authorizedAmount = 3_000
        hold.breakdown = PaymentBreakdown(subtotal: 3_000)
        let amount = try PaymentLifecycle.reserve(.capture(amount: 3_000), on: &hold, operationId: "c", now: hold.createdAt,
                                                  authorizationWindow: 3_600)
        var capture = Transaction(id: "c", merchantId: "m", type: .capture, status: .pending, parentId: "p", currency: .usd,
                                  amount: amount, createdAt: hold.createdAt)
        capture.breakdown = PaymentBreakdown(subtotal: 2_600, tipAmount: 400)
        PaymentLifecycle.complete(capture, outcome: .approved(amount: 3_000), on: &hold, now: hold.createdAt)
        #expect(hold.breakdown == capture.breakdown)
        #expect(hold.tipAmount == 400)
        #expect(hold.capturedAmount == 3_000)
    }
}
