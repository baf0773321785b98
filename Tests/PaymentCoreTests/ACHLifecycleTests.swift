import Foundation
import PaymentCore
import Testing

/// The ACH debit's status machine, move by move, and every move it refuses.
@Suite("Payment lifecycle: ACH debits")
struct ACHLifecycleRuleTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func debit(_ outcome: OperationOutcome = .approved(amount: 2_500), held: Bool = false) -> Transaction {
        var payment = Transaction(id: "d", merchantId: "m", type: .achDebit, status: .pending, currency: .usd, amount: 2_500, createdAt: now)
        payment.bankAccount = BankAccountDetails(
            routingNumber: "011000015", maskedAccountNumber: "*****6789", accountNumberHash: "h", accountType: .checking,
            holderType: .personal, holderName: "J")
        PaymentLifecycle.completeACHDebit(&payment, outcome: outcome, heldByProcessor: held, now: now)
        return payment
    }

    static func reserve(_ request: FollowUpRequest, _ payment: inout Transaction) throws(PaymentError) -> Int64 {
        try PaymentLifecycle.reserve(request, on: &payment, operationId: "op", now: now, authorizationWindow: 86_400)
    }

    @Test func theProcessorsAnswerSetsTheFirstStatus() {
        #expect(Self.debit().status == .scheduled && Self.debit().capturedAmount == 2_500)
        #expect(Self.debit(held: true).status == .heldByProcessor)
        #expect(Self.debit(.declined).status == .declined)
        #expect(Self.debit(.failed).status == .failed)
        #expect(Self.debit(.pinRequired).status == .failed, "an ACH debit never asks for a PIN")
        #expect(Self.debit().paymentMethod == .electronicCheck)
    }

    @Test func aScheduledDebitCanOnlyBeCancelled() throws {
        for request: FollowUpRequest in [.capture(amount: nil), .incrementalAuthorization(amount: 1), .tipAdjustment(tip: 1), .reversal(amount: nil), .refund(amount: nil)] {
            var payment = Self.debit()
            #expect(throws: PaymentError.self, "\(request)") { _ = try Self.reserve(request, &payment) }
        }
        var payment = Self.debit()
        #expect(try Self.reserve(.void, &payment) == 2_500)
        let cancel = Transaction(id: "op", merchantId: "m", type: .void, status: .approved, parentId: "d", currency: .usd, amount: 2_500, createdAt: Self.now)
        PaymentLifecycle.complete(cancel, outcome: .approved(amount: 2_500), on: &payment, now: Self.now)
        #expect(payment.status == .cancelled && payment.status.isFinal)
        #expect(!PaymentLifecycle.submitACHDebit(&payment, now: Self.now), "a cancelled debit is never submitted")
    }

    @Test func submittedThenClearedThenRefunded() throws {
        var payment = Self.debit()
        #expect(PaymentLifecycle.submitACHDebit(&payment, now: Self.now) && payment.status == .inProgress)
        #expect(!PaymentLifecycle.submitACHDebit(&payment, now: Self.now))
        #expect(throws: PaymentError.self) { _ = try Self.reserve(.void, &payment) }
        #expect(throws: PaymentError.self) { _ = try Self.reserve(.refund(amount: 1), &payment) }
        #expect(PaymentLifecycle.finishACHDebit(&payment, returned: false, now: Self.now) && payment.status == .cleared)
        #expect(payment.refundableAmount == 2_500)
        #expect(try Self.reserve(.refund(amount: 2_500), &payment) == 2_500)
        let refund = Transaction(id: "r", merchantId: "m", type: .refund, status: .approved, parentId: "d", currency: .usd, amount: 2_500, createdAt: Self.now)
        PaymentLifecycle.complete(refund, outcome: .approved(amount: 2_500), on: &payment, now: Self.now)
        #expect(payment.status == .refunded && payment.refundableAmount == 0)
    }

    @Test func aReturnedDebitIsChargedBackAndFinal() {
        var payment = Self.debit()
        #expect(!PaymentLifecycle.finishACHDebit(&payment, returned: true, now: Self.now), "not before it is submitted")
        _ = PaymentLifecycle.submitACHDebit(&payment, now: Self.now)
        #expect(PaymentLifecycle.finishACHDebit(&payment, returned: true, now: Self.now) && payment.status == .chargedBack)
        #expect(payment.status.isFinal && payment.refundableAmount == 0)
        #expect(PaymentLifecycle.availableOperations(for: payment, now: Self.now, authorizationWindow: 86_400).isEmpty)
    }
}
